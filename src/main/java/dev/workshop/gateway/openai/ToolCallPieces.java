package dev.workshop.gateway.openai;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workshop.gateway.ToolCall;
import java.util.List;
import java.util.TreeMap;

/**
 * The tool calls of a streamed reply, assembled from their pieces: each delta names the call by its index and
 * brings its id and name once and its arguments in fragments, in order; several calls may interleave.
 */
final class ToolCallPieces {
    private final TreeMap<Integer, Piece> calls = new TreeMap<>();

    private static final class Piece {
        private String id = "";
        private final StringBuilder name = new StringBuilder();
        private final StringBuilder arguments = new StringBuilder();
    }

    /** Takes in a delta's {@code tool_calls} array. */
    void add(JsonNode deltas) {
        int position = 0;
        for (JsonNode delta : deltas) {
            Piece piece = calls.computeIfAbsent(delta.path("index").asInt(position), index -> new Piece());
            position++;
            if (delta.hasNonNull("id")) {
                piece.id = delta.get("id").asText();
            }
            JsonNode function = delta.path("function");
            if (function.hasNonNull("name")) {
                piece.name.append(function.get("name").asText());
            }
            if (function.hasNonNull("arguments")) {
                piece.arguments.append(function.get("arguments").asText());
            }
        }
    }

    boolean isEmpty() {
        return calls.isEmpty();
    }

    List<ToolCall> calls() {
        return calls.entrySet().stream().map(entry -> new ToolCall(
                entry.getValue().id.isEmpty() ? "call_" + entry.getKey() : entry.getValue().id,
                entry.getValue().name.toString(), entry.getValue().arguments.toString())).toList();
    }
}
