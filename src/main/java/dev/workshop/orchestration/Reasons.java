package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.StatusCause;

/**
 * The sentences the engine records beside a status's cause, where the cause alone says it all. They are told to
 * people; nothing reads them back to decide (the cause decides: {@code Lifecycle}).
 */
final class Reasons {
    static final String STOPPED = "Workshop stopped while this conversation was running";
    static final String ABORTED = "Aborted by the user";
    /** Stopped to be deleted: if Workshop ends before the deletion is recorded, it is not resumed at launch. */
    static final String DELETED = "Stopped to be deleted";
    static final String WAITING_FOR_YOU = "Waiting for your message";
    static final String RESTORED = "Restored; nothing runs until you continue it";
    static final String FORKED = "Forked; nothing runs until you continue it";
    static final String FORKED_AT_THE_END = "Forked after its last turn; write to follow it up";
    static final String IMPORTED = "Imported; nothing runs until you continue it";
    static final String IMPORTED_ENDED = "Imported after its last turn; write to follow it up";
    /** Stopped to be held in git: not resumed at launch if Workshop ends before the hold is recorded. */
    static final String HOLDING = "Stopped to be held";
    static final String REINFLATED = "Re-inflated; nothing runs until you continue it";
    static final String SLOT_FULL = "Waiting for a free slot";

    private Reasons() {
    }

    /** The status change for a cause whose sentence is one of the above. */
    static StatusChanged change(ConversationStatus status, StatusCause cause) {
        return new StatusChanged(status, cause, sentence(cause));
    }

    /** The sentence a cause is told with when there is nothing more to say; empty where details are needed. */
    static String sentence(StatusCause cause) {
        return switch (cause) {
            case WORKSHOP_STOPPED -> STOPPED;
            case USER_ABORTED -> ABORTED;
            case DELETING -> DELETED;
            case HOLDING -> HOLDING;
            case YOUR_TURN -> WAITING_FOR_YOU;
            case RESTORED -> RESTORED;
            case FORKED -> FORKED;
            case IMPORTED -> IMPORTED;
            case REINFLATED -> REINFLATED;
            case SLOT_FULL -> SLOT_FULL;
            default -> "";
        };
    }
}
