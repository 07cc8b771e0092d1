package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationEvent;
import java.util.List;

/** What a turn asked again had done by tool calls before (its log's): element actions, and outside calls' steps. */
record TurnSoFar(List<ConversationEvent.ActionsTaken> actions, List<ConversationEvent.OutsideCallStep> outside) {
    static final TurnSoFar NONE = new TurnSoFar(List.of(), List.of());
}
