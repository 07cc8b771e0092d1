package dev.workshop.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** What Workshop's MCP tools answer: a JSON text, or one sentence marked as an error (never a stack trace). */
final class ToolResults {
    private ToolResults() {
    }

    static McpSchema.CallToolResult json(JsonNode node) {
        return McpSchema.CallToolResult.builder().addTextContent(node.toString()).isError(false).build();
    }

    static McpSchema.CallToolResult error(String sentence) {
        return McpSchema.CallToolResult.builder().addTextContent(sentence).isError(true).build();
    }

    /** Runs {@code work} on the request's arguments; bad input and refusals become an error result. */
    static McpSchema.CallToolResult answering(McpSchema.CallToolRequest request,
                                              Function<Map<String, Object>, McpSchema.CallToolResult> work) {
        try {
            return work.apply(request.arguments() == null ? Map.of() : request.arguments());
        } catch (IllegalArgumentException | IllegalStateException refused) {
            return error(refused.getMessage());
        } catch (RuntimeException failed) {
            return error("Workshop could not do it: " + (failed.getMessage() == null
                    ? failed.getClass().getSimpleName() : failed.getMessage()));
        }
    }

    static String text(Map<String, Object> arguments, String name) {
        Object value = arguments.get(name);
        if (value == null || value.toString().isBlank()) {
            throw new IllegalArgumentException("'" + name + "' is missing");
        }
        return value.toString().strip();
    }

    static Optional<String> optionalText(Map<String, Object> arguments, String name) {
        Object value = arguments.get(name);
        return value == null || value.toString().isBlank() ? Optional.empty() : Optional.of(value.toString().strip());
    }

    static int number(Map<String, Object> arguments, String name, int fallback, int max) {
        Object value = arguments.get(name);
        if (value == null) {
            return fallback;
        }
        int number;
        try {
            number = value instanceof Number n ? n.intValue() : Integer.parseInt(value.toString().strip());
        } catch (NumberFormatException notANumber) {
            throw new IllegalArgumentException("'" + name + "' is a whole number, not " + value);
        }
        if (number < 0 || number > max) {
            throw new IllegalArgumentException("'" + name + "' is from 0 to " + max + ", was " + number);
        }
        return number;
    }

    /** The host's idempotency key for this call, if it sent one (in {@code _meta}). */
    static Optional<String> idempotencyKey(McpSchema.CallToolRequest request) {
        Object key = request.meta() == null ? null : request.meta().get("idempotencyKey");
        return key == null || key.toString().isBlank() ? Optional.empty() : Optional.of(key.toString());
    }

    static McpSchema.ToolAnnotations hints(boolean readOnly, boolean idempotent, boolean destructive) {
        return new McpSchema.ToolAnnotations(null, readOnly, destructive, idempotent, false, null);
    }
}
