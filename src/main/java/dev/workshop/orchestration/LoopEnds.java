package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.InvalidEventException;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.store.ConcurrentAppendException;
import dev.workshop.store.DriverLostException;
import java.util.Optional;

/**
 * How a loop's end reads when it could not record its end itself: as the conversation went on or ended elsewhere,
 * as another writer left it, or unrecorded. Told with the stored state wherever the store can still tell.
 */
final class LoopEnds {
    private final ConversationId id;
    private final LoopContext context;

    LoopEnds(ConversationId id, LoopContext context) {
        this.id = id;
        this.context = context;
    }

    /**
     * After a write that failed: when the conversation went on or ended elsewhere (another Workshop took it over, or
     * finished it while this one was paused), the end this loop stands down with, from the stored state, instead of
     * the failure its own write met on the way out. Empty when the store cannot tell (it is away) or it did not.
     */
    Optional<LoopEvent.Ended> elsewhere(RuntimeException failed, int turn) {
        // Asked on the way out of a stop, whose interrupt would fail these reads too; and the question is exactly
        // what the stop was about.
        try {
            return InterruptsHeld.run(() -> endedElsewhere(failed, turn));
        } catch (RuntimeException cannotTell) {
            return Optional.empty();
        }
    }

    private Optional<LoopEvent.Ended> endedElsewhere(RuntimeException failed, int turn) {
        Optional<String> driver = context.store().drivenElsewhere(context.tenant(), id);
        ConversationState stored = stored();
        if (driver.isPresent()) {
            return Optional.of(new LoopEvent.Ended(id, turn, now(), stored.status(), stored.statusCause(),
                    "Taken over by " + driver.get() + "; it goes on there", false, stored));
        }
        if (failed instanceof DriverLostException || stored.status().isFinal()) {
            return Optional.of(new LoopEvent.Ended(id, turn, now(), stored));
        }
        return Optional.empty();
    }

    /** After a write another writer refused: as that writer left it; when the store cannot write, unrecorded. */
    LoopEvent.Ended refusedBy(RuntimeException refused, int turn) {
        if (refused instanceof ConcurrentAppendException || refused instanceof InvalidEventException) {
            try {
                return new LoopEvent.Ended(id, turn, now(), stored());
            } catch (RuntimeException unreadable) {
                // Told below as a store that cannot be used.
            }
        }
        return unrecorded(refused.getMessage(), turn);
    }

    /**
     * The loop stops with its end not in the log: those who show it still hear that it stopped (a spinner must not
     * outlive its run), as the interrupted conversation the next open of the data will find.
     */
    LoopEvent.Ended unrecorded(String reason, int turn) {
        return new LoopEvent.Ended(id, turn, now(), ConversationStatus.INTERRUPTED, StatusCause.WORKSHOP_STOPPED,
                reason, false);
    }

    private ConversationState stored() {
        return context.store().state(context.tenant(), id)
                .orElseThrow(() -> new IllegalStateException("Conversation " + id + " is not stored"));
    }

    private java.time.Instant now() {
        return context.clock().instant();
    }
}
