package dev.workshop.store;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.Deleted;
import dev.workshop.domain.conversation.ConversationEvent.FollowUpStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.Renamed;
import dev.workshop.domain.conversation.ConversationEvent.ResumeStarted;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.LegacyReasons;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.ResumeCause;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.conversation.Usage;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Events to and from their JSON bodies, one per event type: the {@code payload} column, and what exports show
 * (the journal holds its own binary form, {@link JournalRecords}). Written by hand rather
 * than by reflection so that the stored format is explicit and a renamed Java field never changes it.
 */
public final class EventCodec {
    /** Made on first use: a store that only reads the journal (a restore) never starts Jackson. */
    private ObjectMapper json;

    private synchronized ObjectMapper json() {
        if (json == null) {
            json = new ObjectMapper();
        }
        return json;
    }

    public static String typeOf(ConversationEvent event) {
        return switch (event) {
            case ConversationStarted ignored -> "conversation_started";
            case TurnStarted ignored -> "turn_started";
            case MessageRecorded ignored -> "message_recorded";
            case ResumeStarted ignored -> "resume_started";
            case FollowUpStarted ignored -> "follow_up_started";
            case StatusChanged ignored -> "status_changed";
            case Renamed ignored -> "renamed";
            case Deleted ignored -> "deleted";
            case ConversationEvent.Undeleted ignored -> "undeleted";
            case ConversationEvent.ReplyChunk ignored -> "reply_chunk";
            case ConversationEvent.Forked ignored -> "forked";
            case ConversationEvent.Imported ignored -> "imported";
            case ConversationEvent.Lost ignored -> "lost";
            case ConversationEvent.ElementChanged ignored -> "element_changed";
            case ConversationEvent.ActionsTaken ignored -> "actions_taken";
            case ConversationEvent.OutsideCallStep ignored -> "outside_call";
            case ConversationEvent.Marked ignored -> "marked";
        };
    }

    /** The turn index that must be unique per conversation, or null for events that are not messages. */
    public static Integer uniqueTurnIndex(ConversationEvent event) {
        return event instanceof MessageRecorded message ? message.turnIndex() : null;
    }

    /**
     * The event's JSON body, written with Jackson's streaming generator (no tree: every event the tables take
     * passes here, on the projector's thread).
     */
    public String body(ConversationEvent event) {
        StringWriter text = new StringWriter(128);
        try (JsonGenerator out = json().getFactory().createGenerator(text)) {
            out.writeStartObject();
            switch (event) {
                case ConversationStarted started -> {
                    out.writeStringField("kind", started.kind().wireName());
                    out.writeArrayFieldStart("participants");
                    for (Participant participant : started.participants()) {
                        out.writeStartObject();
                        out.writeStringField("id", participant.agentId().value());
                        out.writeStringField("name", participant.name());
                        out.writeEndObject();
                    }
                    out.writeEndArray();
                    out.writeStringField("task_prompt", started.taskPrompt());
                    out.writeNumberField("max_turns", started.maxTurns());
                }
                case TurnStarted turn -> {
                    out.writeNumberField("turn_index", turn.turnIndex());
                    out.writeStringField("speaker_id", turn.speakerId().value());
                    out.writeBooleanField("resumed", turn.resumed());
                }
                case MessageRecorded message -> {
                    out.writeNumberField("turn_index", message.turnIndex());
                    out.writeStringField("speaker_id", message.speakerId().value());
                    out.writeStringField("speaker_name", message.speakerName());
                    if (!message.speakerDisplayName().equals(message.speakerName())) {
                        out.writeStringField("speaker_display_name", message.speakerDisplayName());
                    }
                    out.writeStringField("content", message.content());
                    ElementCodec.writeActions(out, message.actions());
                    if (message.usage().isKnown()) {
                        out.writeObjectFieldStart("usage");
                        out.writeNumberField("prompt_tokens", message.usage().promptTokens());
                        out.writeNumberField("completion_tokens", message.usage().completionTokens());
                        out.writeNumberField("latency_ms", message.usage().latencyMillis());
                        out.writeStringField("model", message.usage().model());
                        if (message.usage().cutAtTokenLimit()) {
                            out.writeStringField("finish_reason", "length");
                        }
                        out.writeEndObject();
                    }
                }
                case ResumeStarted resume -> {
                    out.writeNumberField("attempt", resume.attempt());
                    // Absent for a restart, as in the bodies written before the cause was kept.
                    if (resume.cause() != ResumeCause.RESTART) {
                        out.writeStringField("cause", resume.cause().wireName());
                    }
                }
                case FollowUpStarted followUp -> {
                    out.writeNumberField("turn_number", followUp.turnNumber());
                    out.writeNumberField("max_turns", followUp.maxTurns());
                    out.writeStringField("context", followUp.context());
                }
                case StatusChanged change -> {
                    out.writeStringField("status", change.status().wireName());
                    out.writeStringField("cause", change.cause().wireName());
                    out.writeStringField("reason", change.reason());
                }
                case Renamed rename -> out.writeStringField("title", rename.title());
                case ConversationEvent.Marked mark -> {
                    out.writeStringField("mark", mark.mark().wireName());
                    out.writeBooleanField("on", mark.on());
                }
                case Deleted ignored -> { }
                case ConversationEvent.Undeleted ignored -> { }
                case ConversationEvent.ReplyChunk chunk -> {
                    out.writeNumberField("turn_index", chunk.turnIndex());
                    out.writeStringField("text", chunk.text());
                }
                case ConversationEvent.Forked forked -> {
                    out.writeStringField("source", forked.source().value());
                    out.writeNumberField("turn_index", forked.turnIndex());
                }
                case ConversationEvent.Imported imported -> out.writeStringField("source", imported.source());
                case ConversationEvent.Lost lost -> out.writeStringField("why", lost.why());
                case ConversationEvent.ElementChanged changed -> ElementCodec.writeChange(out, changed);
                case ConversationEvent.ActionsTaken taken -> {
                    out.writeNumberField("turn_index", taken.turnIndex());
                    out.writeNumberField("first_index", taken.firstIndex());
                    ElementCodec.writeActions(out, taken.actions());
                }
                case ConversationEvent.OutsideCallStep call -> OutsideCallCodec.write(out, call);
            }
            out.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    /** {@code text} as it appears inside a JSON string this codec writes (quotes and control characters escaped). */
    public String escaped(String text) {
        return new String(JsonStringEncoder.getInstance().quoteAsString(text));
    }

    public ArrayNode participants(List<Participant> participants) {
        ArrayNode array = json().createArrayNode();
        participants.forEach(p -> array.addObject().put("id", p.agentId().value()).put("name", p.name()));
        return array;
    }

    public List<Participant> participants(String jsonArray) {
        try {
            return participants(json().readTree(jsonArray));
        } catch (IOException e) {
            throw new UncheckedIOException("Stored participants are not valid JSON: " + e.getMessage(), e);
        }
    }

    private static List<Participant> participants(JsonNode array) {
        List<Participant> result = new ArrayList<>();
        array.forEach(p -> result.add(new Participant(new AgentId(p.path("id").asText()), p.path("name").asText())));
        return result;
    }

    public ConversationEvent event(String type, String body) {
        JsonNode node;
        try {
            node = json().readTree(body);
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
                    node.path("content").asText(), usage(node.path("usage")),
                    node.path("speaker_display_name").asText(null), ElementCodec.actions(node.path("actions")));
            case "resume_started" -> new ResumeStarted(node.path("attempt").asInt(),
                    ResumeCause.fromWireName(node.path("cause").asText(ResumeCause.RESTART.wireName())));
            case "follow_up_started" -> new FollowUpStarted(node.path("turn_number").asInt(),
                    node.path("max_turns").asInt(), node.path("context").asText(""));
            case "status_changed" -> {
                ConversationStatus status = ConversationStatus.fromWireName(node.path("status").asText());
                String reason = node.path("reason").asText();
                // Written before causes were recorded: the cause its sentence meant.
                yield new StatusChanged(status, node.hasNonNull("cause")
                        ? StatusCause.fromWireName(node.path("cause").asText())
                        : LegacyReasons.causeOf(status, reason), reason);
            }
            case "renamed" -> new Renamed(node.path("title").asText(""));
            case "marked" -> new ConversationEvent.Marked(dev.workshop.domain.conversation.Mark.fromWireName(
                    node.path("mark").asText()), node.path("on").asBoolean());
            case "deleted" -> new Deleted();
            case "undeleted" -> new ConversationEvent.Undeleted();
            case "reply_chunk" -> new ConversationEvent.ReplyChunk(node.path("turn_index").asInt(),
                    node.path("text").asText());
            case "forked" -> new ConversationEvent.Forked(new ConversationId(node.path("source").asText()),
                    node.path("turn_index").asInt());
            case "imported" -> new ConversationEvent.Imported(node.path("source").asText(""));
            case "lost" -> new ConversationEvent.Lost(node.path("why").asText(""));
            case "element_changed" -> ElementCodec.change(node);
            case "actions_taken" -> new ConversationEvent.ActionsTaken(node.path("turn_index").asInt(),
                    node.path("first_index").asInt(), ElementCodec.actions(node.path("actions")));
            case "outside_call" -> OutsideCallCodec.read(node);
            default -> throw new IllegalArgumentException("Unknown event type '" + type
                    + "': it was written by a newer Workshop");
        };
    }

    private static Usage usage(JsonNode node) {
        if (node.isMissingNode() || node.isNull()) {
            return Usage.NONE;
        }
        return new Usage(node.path("prompt_tokens").asInt(-1), node.path("completion_tokens").asInt(-1),
                node.path("latency_ms").asLong(0), node.path("model").asText(""),
                node.path("finish_reason").asText("").equals("length"));
    }
}
