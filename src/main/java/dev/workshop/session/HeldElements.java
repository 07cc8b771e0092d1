package dev.workshop.session;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.EventCodec;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shared elements a held session needs to be re-inflated elsewhere (the placed ones and its agents' inboxes and
 * memories), in {@code .workshop/elements.jsonl}: one line an event, each naming its element, in each element's
 * order. Elements are the team's: where they are already, re-inflating brings in only what is missing.
 */
public final class HeldElements {
    public static final String FILE = ".workshop/elements.jsonl";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final EventCodec CODEC = new EventCodec();

    private HeldElements() {
    }

    public static byte[] write(Map<ConversationId, List<RecordedEvent>> elements) {
        StringBuilder out = new StringBuilder();
        try {
            for (Map.Entry<ConversationId, List<RecordedEvent>> element : elements.entrySet()) {
                for (RecordedEvent recorded : element.getValue()) {
                    ObjectNode line = JSON.createObjectNode().put("element", element.getKey().value())
                            .put("seq", recorded.seq()).put("at", recorded.recordedAt().toString())
                            .put("type", EventCodec.typeOf(recorded.event()));
                    line.set("event", JSON.readTree(CODEC.body(recorded.event())));
                    out.append(JSON.writeValueAsString(line)).append('\n');
                }
            }
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("An element's event could not be written as JSON: " + e.getMessage(), e);
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The elements in {@code jsonl} (none when a session held before elements has no such file).
     *
     * @throws InvalidSnapshotException naming {@code where} and the line that is wrong
     */
    public static Map<ConversationId, List<RecordedEvent>> read(byte[] jsonl, TenantId team, String where) {
        Map<ConversationId, List<RecordedEvent>> elements = new LinkedHashMap<>();
        if (jsonl == null) {
            return elements;
        }
        List<String> lines = new String(jsonl, StandardCharsets.UTF_8).lines().filter(line -> !line.isBlank()).toList();
        for (int i = 0; i < lines.size(); i++) {
            try {
                JsonNode line = JSON.readTree(lines.get(i));
                ConversationId id = new ConversationId(line.path("element").asText());
                elements.computeIfAbsent(id, key -> new ArrayList<>()).add(new RecordedEvent(team, id,
                        line.path("seq").asLong(), Instant.parse(line.path("at").asText()),
                        CODEC.event(line.path("type").asText(), line.path("event").toString())));
            } catch (java.io.IOException | RuntimeException e) {
                throw new InvalidSnapshotException("Line " + (i + 1) + " of " + FILE + " in " + where
                        + " is not an element's event: " + e.getMessage());
            }
        }
        return elements;
    }
}
