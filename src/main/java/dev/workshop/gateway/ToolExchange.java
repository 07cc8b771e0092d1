package dev.workshop.gateway;

import java.util.Objects;

/** A call the model made in this turn and what it got back: told to the model when it is asked to go on. */
public record ToolExchange(ToolCall call, String result) {
    public ToolExchange {
        Objects.requireNonNull(call, "call");
        Objects.requireNonNull(result, "result");
    }
}
