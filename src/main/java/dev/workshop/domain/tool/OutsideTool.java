package dev.workshop.domain.tool;

import java.util.Objects;

/**
 * A tool an outside server offers (a Model Context Protocol server's tool): which server, its name there, what it
 * does, the JSON Schema of its arguments (as text), and its hints.
 */
public record OutsideTool(String server, String name, String description, String inputSchema, ToolHints hints) {
    /** OpenAI's function names: letters, digits, "_" and "-", at most 64. */
    private static final int MAX_FUNCTION_NAME = 64;

    public OutsideTool {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(name, "name");
        description = description == null ? "" : description;
        inputSchema = inputSchema == null || inputSchema.isBlank() ? "{\"type\":\"object\"}" : inputSchema;
        hints = hints == null ? ToolHints.NONE : hints;
    }

    /**
     * The function a model calls for it: the server's name and the tool's, joined by "__", in the characters a
     * function's name may hold. Different from every action's name, which has no "__".
     */
    public String functionName() {
        String joined = (server + "__" + name).replaceAll("[^A-Za-z0-9_-]", "_");
        return joined.length() <= MAX_FUNCTION_NAME ? joined : joined.substring(0, MAX_FUNCTION_NAME);
    }

    /** How the user reads it: {@code server/tool}. */
    public String qualifiedName() {
        return server + "/" + name;
    }
}
