package dev.workshop.store.jdbc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.ResumeStarted;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.conversation.Usage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Events to and from their stored forms: a JSON body per event type (the {@code payload} column, and what
 * exports show), and a journal record (a small binary envelope around that body). Written by hand rather
 * than by reflection so that the stored format is explicit and a renamed Java field never changes it.
 */
final class EventCodec {
    private static final int JOURNAL_FORMAT = 1;
    private final ObjectMapper json = new ObjectMapper();

    static String typeOf(ConversationEvent event) {
        return switch (event) {
            case ConversationStarted ignored -> "conversation_started";
            case TurnStarted ignored -> "turn_started";
            case MessageRecorded ignored -> "message_recorded";
            case ResumeStarted ignored -> "resume_started";
            case StatusChanged ignored -> "status_changed";
        };
    }

    /** The turn index that must be unique per conversation, or null for events that are not messages. */
    static Integer uniqueTurnIndex(ConversationEvent event) {
        return event instanceof MessageRecorded message ? message.turnIndex() : null;
    }

    String body(ConversationEvent event) {
        ObjectNode node = json.createObjectNode();
        switch (event) {
            case ConversationStarted started -> {
                node.put("kind", started.kind().wireName());
                node.set("participants", participants(started.participants()));
                node.put("task_prompt", started.taskPrompt());
                node.put("max_turns", started.maxTurns());
            }
            case TurnStarted turn -> {
                node.put("turn_index", turn.turnIndex());
                node.put("speaker_id", turn.speakerId().value());
                node.put("resumed", turn.resumed());
            }
            case MessageRecorded message -> {
                node.put("turn_index", message.turnIndex());
                node.put("speaker_id", message.speakerId().value());
                node.put("speaker_name", message.speakerName());
                node.put("content", message.content());
                if (message.usage().isKnown()) {
                    node.putObject("usage").put("prompt_tokens", message.usage().promptTokens())
                            .put("completion_tokens", message.usage().completionTokens())
                            .put("latency_ms", message.usage().latencyMillis()).put("model", message.usage().model());
                }
            }
            case ResumeStarted resume -> node.put("attempt", resume.attempt());
            case StatusChanged change -> {
                node.put("status", change.status().wireName());
                node.put("reason", change.reason());
            }
        }
        return node.toString();
    }

    ArrayNode participants(List<Participant> participants) {
        ArrayNode array = json.createArrayNode();
        participants.forEach(p -> array.addObject().put("id", p.agentId().value()).put("name", p.name()));
        return array;
    }

    List<Participant> participants(String jsonArray) {
        try {
            return participants(json.readTree(jsonArray));
        } catch (IOException e) {
            throw new UncheckedIOException("Stored participants are not valid JSON: " + e.getMessage(), e);
        }
    }

    private static List<Participant> participants(JsonNode array) {
        List<Participant> result = new ArrayList<>();
        array.forEach(p -> result.add(new Participant(new AgentId(p.path("id").asText()), p.path("name").asText())));
        return result;
    }

    ConversationEvent event(String type, String body) {
        JsonNode node;
        try {
            node = json.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException("A stored " + type + " event is not valid JSON: " + e.getMessage(), e);
        }
        return switch (type) {
            case "conversation_started" -> new ConversationStarted(
                    ConversationKind.fromWireName(node.path("kind").asText()), participants(node.path("participants")),
                    node.hasNonNull("task_prompt") ? node.get("task_prompt").asText() : null,
                    node.path("max_turns").asInt());
            case "turn_started" -> new TurnStarted(node.path("turn_index").asInt(),
                    new AgentId(node.path("speaker_id").asText()), node.path("resumed").asBoolean());
            case "message_recorded" -> new MessageRecorded(node.path("turn_index").asInt(),
                    new AgentId(node.path("speaker_id").asText()), node.path("speaker_name").asText(),
                    node.path("content").asText(), usage(node.path("usage")));
            case "resume_started" -> new ResumeStarted(node.path("attempt").asInt());
            case "status_changed" -> new StatusChanged(ConversationStatus.fromWireName(node.path("status").asText()),
                    node.path("reason").asText());
            default -> throw new IllegalArgumentException("Unknown event type '" + type
                    + "': it was written by a newer Workshop");
        };
    }

    private static Usage usage(JsonNode node) {
        if (node.isMissingNode() || node.isNull()) {
            return Usage.NONE;
        }
        return new Usage(node.path("prompt_tokens").asInt(-1), node.path("completion_tokens").asInt(-1),
                node.path("latency_ms").asLong(0), node.path("model").asText(""));
    }

    byte[] journalRecord(RecordedEvent recorded) {
        return journalRecord(recorded, body(recorded.event()));
    }

    /** The journal record of an event whose JSON body is already encoded. */
    byte[] journalRecord(RecordedEvent recorded, String body) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeByte(JOURNAL_FORMAT);
            out.writeUTF(recorded.tenantId().value());
            out.writeUTF(recorded.conversationId().value());
            out.writeLong(recorded.seq());
            out.writeLong(recorded.recordedAt().toEpochMilli());
            out.writeUTF(typeOf(recorded.event()));
            out.write(body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    RecordedEvent fromJournalRecord(byte[] record) {
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(record));
            int format = in.readUnsignedByte();
            if (format != JOURNAL_FORMAT) {
                throw new IllegalArgumentException("Journal record format " + format + " is unknown to this Workshop");
            }
            TenantId tenant = new TenantId(in.readUTF());
            ConversationId conversation = new ConversationId(in.readUTF());
            long seq = in.readLong();
            Instant at = Instant.ofEpochMilli(in.readLong());
            String type = in.readUTF();
            String body = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            return new RecordedEvent(tenant, conversation, seq, at, event(type, body));
        } catch (IOException e) {
            throw new UncheckedIOException("A journal record cannot be read: " + e.getMessage(), e);
        }
    }
}
