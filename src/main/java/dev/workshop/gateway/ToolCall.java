package dev.workshop.gateway;

import java.util.Objects;

/** A function a model called in its reply: the call's id, the function's name and its arguments as JSON text. */
public record ToolCall(String id, String name, String arguments) {
    public ToolCall {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        arguments = arguments == null || arguments.isBlank() ? "{}" : arguments;
    }
}
