package dev.workshop.session;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationStatistics;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.conversation.Usage;
import dev.workshop.session.SessionSnapshot.Message;
import dev.workshop.store.file.JsonProblems;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSON of a {@link SessionSnapshot}. It writes the current schema, which keeps every field of the
 * {@code show --json} contract ({@code id}, {@code status}, {@code participants}, {@code task_prompt},
 * {@code max_turns}, {@code turn_count}, {@code updated_at}, messages with {@code turn_index},
 * {@code speaker_id}, {@code speaker_name}, {@code content}, {@code created_at}) and adds
 * {@code schema_version}, {@code team} and each message's {@code speaker} object. It reads that, the exports
 * and snapshots of older versions (legacy speaker fields, {@code sessionId}/{@code teamId}, a
 * {@code context} holding the messages), and refuses a schema newer than it knows.
 */
public final class SnapshotJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private SnapshotJson() {
    }

    public static ObjectNode write(SessionSnapshot snapshot) {
        ObjectNode root = JSON.createObjectNode();
        root.put("schema_version", snapshot.schemaVersion());
        root.put("id", snapshot.sessionId());
        root.put("team", snapshot.team().value());
        root.put("status", snapshot.status().wireName());
        root.put("status_reason", snapshot.statusReason());
        root.put("kind", snapshot.kind().wireName());
        ArrayNode participants = root.putArray("participants");
        snapshot.members().forEach(member -> participants.addObject().put("id", member.agentId().value())
                .put("name", member.name()).put("human", member.isHuman()));
        root.put("task_prompt", snapshot.taskPrompt());
        if (snapshot.title() != null) {
            root.put("title", snapshot.title());
        }
        root.put("max_turns", snapshot.maxTurns());
        root.put("turn_count", snapshot.messages().size());
        root.put("created_at", String.valueOf(snapshot.createdAt()));
        root.put("updated_at", String.valueOf(snapshot.updatedAt()));
        ArrayNode messages = root.putArray("messages");
        for (Message message : snapshot.messages()) {
            ObjectNode row = messages.addObject().put("turn_index", message.turnIndex())
                    .put("speaker_id", message.speaker().id()).put("speaker_name", message.speaker().name());
            row.putObject("speaker").put("id", message.speaker().id()).put("name", message.speaker().name())
                    .put("displayName", message.speaker().displayName());
            row.put("content", message.content()).put("created_at", String.valueOf(message.createdAt()));
            Usage usage = message.usage();
            if (usage.isKnown()) {
                row.putObject("usage").put("prompt_tokens", usage.promptTokens())
                        .put("completion_tokens", usage.completionTokens())
                        .put("latency_ms", usage.latencyMillis()).put("model", usage.model());
                if (usage.cutAtTokenLimit()) {
                    ((ObjectNode) row.get("usage")).put("finish_reason", "length");
                }
            }
        }
        writeStatistics(root.putObject("statistics"), snapshot.messages());
        return root;
    }

    private static void writeStatistics(ObjectNode totals, List<Message> messages) {
        ConversationStatistics statistics = ConversationStatistics.ofUsages(messages.stream().map(Message::usage).toList());
        totals.put("messages", statistics.messages()).put("prompt_tokens", statistics.promptTokens())
                .put("completion_tokens", statistics.completionTokens()).put("answering_ms", statistics.answeringMillis());
        statistics.models().stream().sorted().forEach(totals.putArray("models")::add);
    }

    public static String toText(SessionSnapshot snapshot) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(write(snapshot));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A snapshot always converts to JSON", e);
        }
    }

    /**
     * Reads a snapshot or export of any schema this version knows, migrated to the current one.
     *
     * @param assumedTeam the team of a document that names none (exports of older versions)
     * @throws InvalidSnapshotException naming what is wrong: not JSON, a newer schema, a missing field…
     */
    public static SessionSnapshot read(String text, TenantId assumedTeam) {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new InvalidSnapshotException(JsonProblems.describe(e), e);
        }
        if (root == null || !root.isObject()) {
            throw new InvalidSnapshotException("it is not a JSON object");
        }
        int schema = root.path("schema_version").asInt(1);
        if (schema > SessionSnapshot.SCHEMA_VERSION) {
            throw new InvalidSnapshotException("it was written by a newer Workshop (schema " + schema
                    + "; this version reads up to " + SessionSnapshot.SCHEMA_VERSION + "); update Workshop to open it");
        }
        JsonNode context = root.path("context");
        String id = text(root, "id", "sessionId", "workflow_id");
        if (id == null) {
            throw new InvalidSnapshotException("it has no id (id or sessionId)");
        }
        String team = text(root, "team", "teamId");
        JsonNode messagesNode = root.has("messages") ? root.get("messages") : context.path("messages");
        if (!messagesNode.isArray()) {
            throw new InvalidSnapshotException("it has no list of messages");
        }
        List<Message> messages = new ArrayList<>();
        for (JsonNode message : messagesNode) {
            messages.add(message(message, messages.size()));
        }
        String task = text(root, "task_prompt", "teamTask", "task");
        if (task == null) {
            task = text(context, "teamTask", "task_prompt");
        }
        try {
            List<Participant> members = members(root.path("participants").isArray() ? root.get("participants")
                    : root.path("members"));
            ConversationKind kind = root.has("kind") ? ConversationKind.fromWireName(root.get("kind").asText())
                    : members.size() == 1 ? ConversationKind.TASK : ConversationKind.CONVERSATION;
            ConversationStatus status = root.has("status") ? statusOf(root.get("status").asText())
                    : ConversationStatus.INTERRUPTED;
            return new SessionSnapshot(SessionSnapshot.SCHEMA_VERSION, id, team == null ? assumedTeam : teamOf(team),
                    kind, status, text(root, "status_reason"), members, task, Math.max(0, root.path("max_turns").asInt(0)),
                    messages, instant(root, "created_at", "createdAt"), instant(root, "updated_at", "updatedAt"),
                    text(root, "title"));
        } catch (InvalidSnapshotException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new InvalidSnapshotException(e.getMessage(), e);
        }
    }

    private static Message message(JsonNode message, int position) {
        String where = "message " + (position + 1);
        if (!message.isObject()) {
            throw new InvalidSnapshotException(where + " is not a JSON object");
        }
        JsonNode content = message.get("content");
        if (content == null || !content.isTextual()) {
            throw new InvalidSnapshotException(where + " has no text content");
        }
        int turnIndex = message.path("turn_index").asInt(position);
        JsonNode usage = message.path("usage");
        Usage cost = usage.isObject() ? new Usage(usage.path("prompt_tokens").asInt(-1),
                usage.path("completion_tokens").asInt(-1), usage.path("latency_ms").asLong(0),
                usage.path("model").asText(""), usage.path("finish_reason").asText("").equals("length"))
                : Usage.NONE;
        return new Message(turnIndex, SpeakerFields.of(message, where), content.asText(),
                instant(message, "created_at", "timestamp"), cost);
    }

    private static List<Participant> members(JsonNode array) {
        List<Participant> members = new ArrayList<>();
        for (JsonNode member : array) {
            String id = text(member, "id", "roleId");
            if (id == null) {
                throw new InvalidSnapshotException("a participant has no id");
            }
            String name = text(member, "name", "roleName");
            members.add(new Participant(new AgentId(id), name == null ? id : name));
        }
        return members;
    }

    private static ConversationStatus statusOf(String wireName) {
        // Older snapshots said "paused" for a conversation that waited for the human.
        return wireName.equals("paused") ? ConversationStatus.WAITING : ConversationStatus.fromWireName(wireName);
    }

    private static TenantId teamOf(String name) {
        try {
            return new TenantId(name);
        } catch (IllegalArgumentException e) {
            throw new InvalidSnapshotException("its team: " + e.getMessage(), e);
        }
    }

    private static Instant instant(JsonNode node, String... names) {
        String value = text(node, names);
        if (value == null) {
            return Instant.EPOCH;
        }
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new InvalidSnapshotException("\"" + value + "\" is not a time (ISO-8601, as 2026-11-22T10:15:30Z)", e);
        }
    }

    /** The first of {@code names} that holds non-blank text, or null. */
    static String text(JsonNode node, String... names) {
        for (String name : names) {
            JsonNode value = node.get(name);
            if (value != null && value.isTextual() && !value.asText().isBlank()) {
                return value.asText();
            }
        }
        return null;
    }
}
