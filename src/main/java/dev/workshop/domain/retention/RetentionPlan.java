package dev.workshop.domain.retention;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.DeletedConversation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What a retention run does as of a moment, decided from the conversations as they stand: the same input gives the
 * same plan, so a dry run lists exactly what a run then does. A conversation a loop runs now is left alone, and so
 * is one held in git (its branch is what keeps it), a starred one and one under legal hold.
 */
public final class RetentionPlan {
    /** What is due for one conversation. */
    public enum Kind {
        /** Idle too long: marked abandoned (one event, once). */
        ABANDON,
        /** Ended too long ago: purged. */
        PURGE,
        /** In Recently deleted too long: purged. */
        PURGE_FROM_BIN
    }

    /** One conversation's due action, and since when it has been due to be taken. */
    public record Due(ConversationId id, String title, Kind kind, Instant lastChanged, Instant dueSince) {
    }

    private RetentionPlan() {
    }

    public static List<Due> as(RetentionPolicy policy, Instant now, List<ConversationState> conversations,
                               List<DeletedConversation> deleted, Predicate<ConversationId> running) {
        List<Due> due = new ArrayList<>();
        for (ConversationState state : conversations) {
            if (state.kind() == ConversationKind.ELEMENT || state.deleted() || running.test(state.id())
                    || state.status() == ConversationStatus.HELD || exempt(state)) {
                continue;
            }
            Instant changed = state.updatedAt();
            if (state.status().isFinal()) {
                policy.purgeEndedAfter().map(changed::plus).filter(at -> !now.isBefore(at))
                        .ifPresent(at -> due.add(new Due(state.id(), state.title(), Kind.PURGE, changed, at)));
            } else if (!RUNNING.contains(state.status())) {
                policy.abandonIdleAfter().map(changed::plus).filter(at -> !now.isBefore(at))
                        .ifPresent(at -> due.add(new Due(state.id(), state.title(), Kind.ABANDON, changed, at)));
            }
        }
        for (DeletedConversation gone : deleted) {
            if (exempt(gone.state())) {
                continue;
            }
            Instant at = gone.deletedAt().plus(policy.binAfter());
            if (!now.isBefore(at)) {
                due.add(new Due(gone.state().id(), gone.state().title(), Kind.PURGE_FROM_BIN, gone.deletedAt(), at));
            }
        }
        return due;
    }

    /** Starred or held for a legal reason: kept whatever the policy says. */
    private static boolean exempt(ConversationState state) {
        return state.is(dev.workshop.domain.conversation.Mark.STARRED)
                || state.is(dev.workshop.domain.conversation.Mark.LEGAL_HOLD);
    }

    /** Statuses a loop holds (running or queued): never idle, whatever their last change. */
    private static final Set<ConversationStatus> RUNNING = Set.of(ConversationStatus.ACTIVE, ConversationStatus.QUEUED);
}
