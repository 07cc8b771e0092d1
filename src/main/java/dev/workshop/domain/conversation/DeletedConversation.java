package dev.workshop.domain.conversation;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * A conversation the user deleted, and when: its state keeps the time of its last activity, which is where it
 * goes back in the list when it is brought back.
 */
public record DeletedConversation(ConversationState state, Instant deletedAt) {
    /**
     * The deleted conversations, most recently deleted first: when, as the state keeps it; for a state read from a
     * table written before the time was kept, from the log (nothing but an undelete follows a deletion, so the last
     * event of a deleted conversation is its deletion).
     */
    public static List<DeletedConversation> mostRecentFirst(List<ConversationState> deleted,
                                                            Function<ConversationId, List<RecordedEvent>> history) {
        return deleted.stream()
                .map(state -> new DeletedConversation(state, state.deletedAt() != null ? state.deletedAt()
                        : history.apply(state.id()).getLast().recordedAt()))
                .sorted(Comparator.comparing(DeletedConversation::deletedAt).reversed()
                        .thenComparing(gone -> gone.state().id().value()))
                .toList();
    }
}
