package dev.workshop.gateway;

import java.time.Duration;
import java.util.List;

/**
 * A finished reply and what it cost (tokens are -1 where the provider does not report them); {@code cutAtTokenLimit}
 * when the model stopped because the reply reached its token limit, not because it was done; {@code toolCalls}, the
 * functions it called instead of (or before) answering, in order.
 */
public record GatewayReply(String text, String model, int promptTokens, int completionTokens, Duration latency,
                           boolean cutAtTokenLimit, List<ToolCall> toolCalls) {
    public GatewayReply {
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
    }

    public GatewayReply(String text, String model, int promptTokens, int completionTokens, Duration latency,
                        boolean cutAtTokenLimit) {
        this(text, model, promptTokens, completionTokens, latency, cutAtTokenLimit, List.of());
    }

    public GatewayReply(String text, String model, int promptTokens, int completionTokens, Duration latency) {
        this(text, model, promptTokens, completionTokens, latency, false);
    }
}
