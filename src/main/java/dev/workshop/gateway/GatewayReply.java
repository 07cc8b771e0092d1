package dev.workshop.gateway;

import java.time.Duration;

/** A finished reply and what it cost (tokens are -1 where the provider does not report them). */
public record GatewayReply(String text, String model, int promptTokens, int completionTokens, Duration latency) {
}
