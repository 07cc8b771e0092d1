package dev.workshop.session;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.AvatarPalette;
import dev.workshop.domain.canvas.AgentInstance;
import dev.workshop.domain.canvas.Behaviour;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.canvas.Rope;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatistics;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.session.HeldSession.Member;
import dev.workshop.domain.conversation.ConversationStatistics.ModelTokens;
import dev.workshop.session.HeldSession.NextStep;
import dev.workshop.session.HeldSession.Parent;
import dev.workshop.store.EventCodec;
import dev.workshop.store.file.AgentJson;
import dev.workshop.store.file.JsonProblems;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The two files of a held session: {@code .workshop/session.json} (pretty, schema-versioned, the summary a person
 * reads) and {@code .workshop/events.jsonl} (the history, one event per line, in order: a hold that adds turns adds
 * lines at the end, which diffs and delta-compresses well), whose SHA-256 the first one records. Reading checks the
 * checksum, the format version (older ones are migrated, newer ones refused) and that the summary agrees with the
 * history; every problem is an {@link InvalidSnapshotException} saying what is wrong in one sentence.
 */
public final class HeldSessionJson {
    public static final String SESSION_FILE = ".workshop/session.json";
    public static final String EVENTS_FILE = ".workshop/events.jsonl";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final ObjectMapper LINES = new ObjectMapper();
    private static final EventCodec CODEC = new EventCodec();

    /** The two files' bytes. */
    /** The files of a held session; {@code elementsJsonl} is null in one held before elements ({@link HeldElements}). */
    public record Files(byte[] sessionJson, byte[] eventsJsonl, byte[] elementsJsonl) {
        public Files(byte[] sessionJson, byte[] eventsJsonl) {
            this(sessionJson, eventsJsonl, null);
        }

        public Files withElements(byte[] elements) {
            return new Files(sessionJson, eventsJsonl, elements);
        }
    }

    private HeldSessionJson() {
    }

    public static Files write(HeldSession session) {
        byte[] events = eventLines(session.history());
        ObjectNode root = JSON.createObjectNode();
        root.put("format", "workshop-session");
        root.put("format_version", session.formatVersion());
        root.put("producer", "workshop " + session.producerVersion());
        root.put("id", session.id().value());
        root.put("team", session.team().value());
        ConversationState state = session.state();
        root.put("title", state.title());
        root.put("kind", state.kind().wireName());
        root.put("status", state.status().wireName());
        root.put("status_reason", state.statusReason());
        root.put("held_at", session.heldAt().toString());
        root.put("task", state.taskPrompt());
        root.putObject("limits").put("max_turns", state.maxTurns());
        NextStep next = session.next();
        ObjectNode nextNode = root.putObject("next").put("speaker_id", next.speakerId())
                .put("speaker_name", next.speakerName()).put("turn_index", next.turnIndex())
                .put("turn_number", next.turnNumber()).put("asked_again", next.askedAgain());
        nextNode.put("pending_follow_up", next.pendingFollowUp().orElse(null));
        ArrayNode stack = root.putArray("return_stack");
        session.returnStack().forEach(stack::add);
        root.set("statistics", statistics(session.statistics()));
        ArrayNode participants = root.putArray("participants");
        for (Member member : session.members()) {
            ObjectNode node = participants.addObject().put("id", member.participant().agentId().value())
                    .put("name", member.participant().name()).put("human", member.participant().isHuman());
            member.agent().ifPresent(agent -> AgentJson.write(agent, node.putObject("agent")));
            member.placement().ifPresent(instance -> node.putObject("layout")
                    .put("instance_id", instance.id().value()).put("x", instance.position().x())
                    .put("y", instance.position().y())
                    .put("behaviour", instance.behaviour().name().toLowerCase(Locale.ROOT)));
        }
        ArrayNode ropes = root.putArray("ropes");
        session.ropes().forEach(rope -> ropes.addObject().put("id", rope.id()).put("from", rope.from().value())
                .put("to", rope.to().value()).put("label", rope.label()));
        session.parent().ifPresent(parent -> root.putObject("parent").put("session", parent.session().value())
                .put("turn_index", parent.turnIndex()));
        root.putObject("events").put("file", "events.jsonl").put("count", session.history().size())
                .put("sha256", sha256(events));
        try {
            byte[] summary = (JSON.writeValueAsString(root) + "\n").getBytes(StandardCharsets.UTF_8);
            return new Files(summary, events);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A held session could not be written as JSON: " + e.getMessage(), e);
        }
    }

    private static ObjectNode statistics(ConversationStatistics statistics) {
        ObjectNode node = JSON.createObjectNode().put("turns", statistics.messages())
                .put("model_time_ms", statistics.answeringMillis());
        ArrayNode models = node.putArray("models");
        statistics.models().forEach(models::add);
        ObjectNode perModel = node.putObject("tokens_per_model");
        statistics.tokensPerModel().forEach((model, tokens) -> perModel.putObject(model)
                .put("prompt", tokens.promptTokens()).put("completion", tokens.completionTokens())
                .put("replies", tokens.replies()));
        return node;
    }

    /** One line per event: {@code {"seq":1,"at":"…","type":"…","event":{…}}}, each ending in a line feed. */
    private static byte[] eventLines(List<RecordedEvent> history) {
        StringBuilder out = new StringBuilder(history.size() * 160);
        try {
            for (RecordedEvent recorded : history) {
                ObjectNode line = LINES.createObjectNode().put("seq", recorded.seq())
                        .put("at", recorded.recordedAt().toString()).put("type", EventCodec.typeOf(recorded.event()));
                line.set("event", LINES.readTree(CODEC.body(recorded.event())));
                out.append(LINES.writeValueAsString(line)).append('\n');
            }
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("An event could not be written as JSON: " + e.getMessage(), e);
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("This Java has no SHA-256", e);
        }
    }

    /**
     * The session in {@code files}, read from {@code where} (named in every problem).
     *
     * @throws InvalidSnapshotException when a file is missing, not valid JSON, of a newer format, does not match
     *                                  its checksum, or says something its history does not
     */
    public static HeldSession read(Files files, String where) {
        if (files.sessionJson() == null) {
            throw new InvalidSnapshotException(where + " holds no " + SESSION_FILE + ": it is not a held session");
        }
        JsonNode root;
        try {
            root = JSON.readTree(files.sessionJson());
        } catch (IOException e) {
            throw new InvalidSnapshotException("The session file of " + where + " cannot be read: "
                    + JsonProblems.describe(e), e);
        }
        if (root == null || !root.isObject()) {
            throw new InvalidSnapshotException("The session file of " + where + " is empty or not a JSON object");
        }
        root = migrated((ObjectNode) root, where);
        if (files.eventsJsonl() == null) {
            throw new InvalidSnapshotException(where + " holds no " + EVENTS_FILE + " beside its session file");
        }
        String expected = root.path("events").path("sha256").asText("");
        String actual = sha256(files.eventsJsonl());
        if (!expected.equalsIgnoreCase(actual)) {
            throw new InvalidSnapshotException("The event history of " + where + " does not match its checksum"
                    + " (sha256 " + abbreviated(actual) + ", the session file says " + abbreviated(expected)
                    + "): it was damaged or changed by hand, so it is not re-inflated");
        }
        try {
            return session(root, files.eventsJsonl(), where);
        } catch (InvalidSnapshotException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new InvalidSnapshotException("The held session " + where + " makes no sense: " + e.getMessage(), e);
        }
    }

    private static String abbreviated(String hash) {
        return hash.isEmpty() ? "nothing" : hash.substring(0, Math.min(12, hash.length()));
    }

    /** The session file in the current format: an older one brought up to date, a newer one refused. */
    private static ObjectNode migrated(ObjectNode root, String where) {
        if (!"workshop-session".equals(root.path("format").asText())) {
            throw new InvalidSnapshotException("The session file of " + where + " is not a Workshop session");
        }
        int version = root.path("format_version").asInt(-1);
        if (version > HeldSession.FORMAT_VERSION) {
            throw new InvalidSnapshotException(where + " was held by a newer Workshop ("
                    + root.path("producer").asText("unknown") + ", session format " + version + "; this one reads up"
                    + " to format " + HeldSession.FORMAT_VERSION + "): update Workshop to re-inflate it");
        }
        if (version < 1) {
            throw new InvalidSnapshotException("The session file of " + where + " has no valid format_version");
        }
        // Format 1 is the first; each later format adds its step here, from the version read up to the current.
        return root;
    }

    private static HeldSession session(JsonNode root, byte[] eventsJsonl, String where) {
        ConversationId id = new ConversationId(text(root, "id", where));
        TenantId team = new TenantId(text(root, "team", where));
        List<RecordedEvent> history = events(eventsJsonl, team, id, where);
        if (history.size() != root.path("events").path("count").asInt(-1)) {
            throw new InvalidSnapshotException("The session file of " + where + " counts "
                    + root.path("events").path("count").asInt(-1) + " events and its history holds " + history.size());
        }
        JsonNode next = root.path("next");
        NextStep nextStep = new NextStep(next.path("speaker_id").asText(""), next.path("speaker_name").asText(""),
                next.path("turn_index").asInt(-1), next.path("turn_number").asInt(1),
                next.path("asked_again").asBoolean(false),
                Optional.ofNullable(next.hasNonNull("pending_follow_up") ? next.get("pending_follow_up").asText()
                        : null));
        List<String> returnStack = new ArrayList<>();
        root.path("return_stack").forEach(frame -> returnStack.add(frame.asText()));
        List<Member> members = new ArrayList<>();
        for (JsonNode node : root.path("participants")) {
            Participant participant = new Participant(new AgentId(node.path("id").asText()), node.path("name").asText());
            Optional<AgentDefinition> agent = node.has("agent") ? Optional.of(AgentJson.read(node.get("agent"),
                    colour(node.get("agent")))) : Optional.empty();
            Optional<AgentInstance> placement = Optional.empty();
            JsonNode layout = node.path("layout");
            if (layout.isObject()) {
                placement = Optional.of(new AgentInstance(new InstanceId(layout.path("instance_id").asText()),
                        participant.agentId(), new Point(layout.path("x").asDouble(), layout.path("y").asDouble()),
                        behaviour(layout.path("behaviour").asText("stationary"))));
            }
            members.add(new Member(participant, agent, placement));
        }
        List<Rope> ropes = new ArrayList<>();
        root.path("ropes").forEach(rope -> ropes.add(new Rope(rope.path("id").asText(),
                new InstanceId(rope.path("from").asText()), new InstanceId(rope.path("to").asText()),
                rope.path("label").asText(""))));
        Optional<Parent> parent = root.path("parent").isObject()
                ? Optional.of(new Parent(new ConversationId(root.path("parent").path("session").asText()),
                        root.path("parent").path("turn_index").asInt()))
                : Optional.empty();
        HeldSession session = new HeldSession(root.path("format_version").asInt(), producer(root), id, team,
                instant(root, "held_at", where), nextStep, returnStack, statistics(root.path("statistics")), members,
                ropes, parent, history);
        requireAgreement(session, where);
        return session;
    }

    /** The summary says what the history folds to: the same turns and the same next speaker. */
    private static void requireAgreement(HeldSession session, String where) {
        ConversationState state = session.state();
        if (!state.isStarted()) {
            throw new InvalidSnapshotException("The history of " + where + " does not start the conversation");
        }
        if (state.turnCount() != session.next().turnIndex() || state.turnCount() != session.statistics().messages()) {
            throw new InvalidSnapshotException("The session file of " + where + " says the next turn is "
                    + (session.next().turnIndex() + 1) + " and its history has " + state.turnCount() + " turns");
        }
        String speaker = dev.workshop.domain.conversation.Rotation.nextSpeaker(state.participants(),
                state.lastSpeaker()).agentId().value();
        if (!speaker.equals(session.next().speakerId())) {
            throw new InvalidSnapshotException("The session file of " + where + " names " + session.next().speakerId()
                    + " as the next speaker and its history " + speaker);
        }
    }

    private static List<RecordedEvent> events(byte[] jsonl, TenantId team, ConversationId id, String where) {
        String text = new String(jsonl, StandardCharsets.UTF_8);
        List<RecordedEvent> history = new ArrayList<>();
        int lineNumber = 0;
        for (String line : text.split("\n")) {
            lineNumber++;
            if (line.isBlank()) {
                continue;
            }
            try {
                JsonNode node = LINES.readTree(line);
                long seq = node.path("seq").asLong(-1);
                if (seq != history.size() + 1) {
                    throw new InvalidSnapshotException("line " + lineNumber + " of the history of " + where + " has seq "
                            + seq + " where " + (history.size() + 1) + " was expected");
                }
                history.add(new RecordedEvent(team, id, seq, Instant.parse(node.path("at").asText()),
                        CODEC.event(node.path("type").asText(), node.path("event").toString())));
            } catch (InvalidSnapshotException e) {
                throw e;
            } catch (JsonProcessingException e) {
                throw new InvalidSnapshotException("Line " + lineNumber + " of the history of " + where + " is not valid"
                        + " JSON " + JsonProblems.detail(e), e);
            } catch (IOException | RuntimeException e) {
                throw new InvalidSnapshotException("Line " + lineNumber + " of the history of " + where + " cannot be"
                        + " read: " + e.getMessage(), e);
            }
        }
        if (history.isEmpty()) {
            throw new InvalidSnapshotException("The history of " + where + " holds no event");
        }
        return history;
    }

    private static ConversationStatistics statistics(JsonNode node) {
        Map<String, ModelTokens> perModel = new LinkedHashMap<>();
        node.path("tokens_per_model").properties().forEach(entry -> perModel.put(entry.getKey(),
                new ModelTokens(entry.getValue().path("prompt").asLong(), entry.getValue().path("completion").asLong(),
                        entry.getValue().path("replies").asInt())));
        List<String> models = new ArrayList<>();
        node.path("models").forEach(model -> models.add(model.asText()));
        return ConversationStatistics.of(node.path("turns").asInt(), perModel, models,
                node.path("model_time_ms").asLong());
    }

    private static String colour(JsonNode agent) {
        String colour = agent.path("avatar_color").asText("");
        return AvatarPalette.isValid(colour) ? colour : "";
    }

    private static Behaviour behaviour(String name) {
        for (Behaviour behaviour : Behaviour.values()) {
            if (behaviour.name().equalsIgnoreCase(name)) {
                return behaviour;
            }
        }
        return Behaviour.STATIONARY;
    }

    private static String producer(JsonNode root) {
        String producer = root.path("producer").asText("");
        return producer.startsWith("workshop ") ? producer.substring("workshop ".length()) : producer;
    }

    private static String text(JsonNode root, String field, String where) {
        String value = root.path(field).asText("");
        if (value.isBlank()) {
            throw new InvalidSnapshotException("The session file of " + where + " has no " + field);
        }
        return value;
    }

    private static Instant instant(JsonNode root, String field, String where) {
        try {
            return Instant.parse(text(root, field, where));
        } catch (DateTimeParseException e) {
            throw new InvalidSnapshotException("The session file of " + where + " has a " + field + " that is not a"
                    + " time: " + root.path(field).asText());
        }
    }
}
