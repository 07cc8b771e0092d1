package dev.workshop.orchestration;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatistics;
import dev.workshop.domain.conversation.RecordedEvent;
import java.util.List;

/**
 * A conversation written out for people and programs: the JSON of {@code workshop list} and {@code show}
 * (field names are part of the command line's contract) and a Markdown transcript; the app exports the same.
 */
public final class ConversationExport {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ConversationExport() {
    }

    /** A Markdown transcript: the task as the title, status, turns and participants, then every message. */
    public static String markdown(ConversationState state, List<RecordedEvent> history) {
        StringBuilder out = new StringBuilder();
        out.append("# ").append(state.task().map(task -> task.lines().findFirst().orElse(task)).orElse("Conversation"))
                .append("\n\n");
        out.append("- Status: ").append(state.status().wireName())
                .append(state.statusReason().isEmpty() ? "" : " (" + state.statusReason() + ")").append('\n');
        out.append("- Turns: ").append(state.turnCount()).append(" / ").append(state.maxTurns()).append('\n');
        out.append("- Participants: ")
                .append(String.join(", ", state.participants().stream().map(p -> p.name()).toList())).append("\n\n");
        for (RecordedEvent recorded : history) {
            if (recorded.event() instanceof MessageRecorded message) {
                out.append("## ").append(message.turnIndex() + 1).append(". ").append(message.speakerName())
                        .append("\n\n").append(message.content()).append("\n\n");
            }
        }
        return out.toString();
    }

    public static ObjectNode summary(ConversationState state) {
        ObjectNode row = JSON.createObjectNode();
        row.put("id", state.id().value());
        row.put("status", state.status().wireName());
        row.put("status_reason", state.statusReason());
        row.put("kind", state.kind().wireName());
        ArrayNode participants = row.putArray("participants");
        state.participants().forEach(p -> participants.addObject().put("id", p.agentId().value()).put("name", p.name()));
        row.put("task_prompt", state.taskPrompt());
        row.put("max_turns", state.maxTurns());
        row.put("turn_count", state.turnCount());
        row.put("created_at", state.createdAt().toString());
        row.put("updated_at", state.updatedAt().toString());
        return row;
    }

    public static ArrayNode summaries(List<ConversationState> states) {
        ArrayNode array = JSON.createArrayNode();
        states.forEach(state -> array.add(summary(state)));
        return array;
    }

    public static ObjectNode withMessages(ConversationState state, List<RecordedEvent> history) {
        ObjectNode conversation = summary(state);
        ArrayNode messages = conversation.putArray("messages");
        for (RecordedEvent recorded : history) {
            if (recorded.event() instanceof MessageRecorded message) {
                ObjectNode row = messages.addObject().put("turn_index", message.turnIndex())
                        .put("speaker_id", message.speakerId().value()).put("speaker_name", message.speakerName())
                        .put("content", message.content()).put("created_at", recorded.recordedAt().toString());
                if (message.usage().isKnown()) {
                    row.putObject("usage").put("prompt_tokens", message.usage().promptTokens())
                            .put("completion_tokens", message.usage().completionTokens())
                            .put("latency_ms", message.usage().latencyMillis()).put("model", message.usage().model());
                }
            }
        }
        ConversationStatistics statistics = ConversationStatistics.of(history);
        ObjectNode totals = conversation.putObject("statistics").put("messages", statistics.messages())
                .put("prompt_tokens", statistics.promptTokens()).put("completion_tokens", statistics.completionTokens())
                .put("answering_ms", statistics.answeringMillis());
        statistics.models().stream().sorted().forEach(totals.putArray("models")::add);
        return conversation;
    }
}
