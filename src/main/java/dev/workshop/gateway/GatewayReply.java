package dev.workshop.gateway;

import java.time.Duration;

/**
 * A finished reply and what it cost (tokens are -1 where the provider does not report them); {@code cutAtTokenLimit}
 * when the model stopped because the reply reached its token limit, not because it was done.
 */
public record GatewayReply(String text, String model, int promptTokens, int completionTokens, Duration latency,
                           boolean cutAtTokenLimit) {
    public GatewayReply(String text, String model, int promptTokens, int completionTokens, Duration latency) {
        this(text, model, promptTokens, completionTokens, latency, false);
    }
}
