package dev.workshop.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatistics;
import dev.workshop.domain.conversation.RecordedEvent;
import java.util.List;

/** The JSON shapes of {@code list} and {@code show}: field names are part of the command line's contract. */
final class ConversationJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ConversationJson() {
    }

    static ObjectNode summary(ConversationState state) {
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

    static ArrayNode summaries(List<ConversationState> states) {
        ArrayNode array = JSON.createArrayNode();
        states.forEach(state -> array.add(summary(state)));
        return array;
    }

    static ObjectNode withMessages(ConversationState state, List<RecordedEvent> history) {
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
