package dev.workshop.store;

import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import java.util.List;
import java.util.Objects;

/**
 * What an append recorded: its events as the log numbered and timed them, and the conversation's state after them,
 * folded once by the store (which folds them anyway, to check them), so that no writer folds them again.
 *
 * @param events the events in the order recorded; empty when nothing was appended
 * @param after  the conversation after them (as it was, when nothing was appended)
 */
public record Appended(List<RecordedEvent> events, ConversationState after) {
    public Appended {
        events = List.copyOf(events);
        Objects.requireNonNull(after, "after");
    }
}
