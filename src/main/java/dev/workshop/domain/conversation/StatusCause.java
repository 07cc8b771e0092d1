package dev.workshop.domain.conversation;

import java.util.Locale;

/**
 * Why a conversation stands where it stands: recorded with every status change, beside the sentence that tells a
 * person the details. What may happen next (resumed at launch, Retry, a follow-up…) is decided from the status and
 * this cause ({@link Lifecycle}), never from the sentence.
 */
public enum StatusCause {
    /** Running, or just started: nothing to say. */
    NONE,
    /** Waiting for a free slot, over the limit of conversations that run at once. */
    SLOT_FULL,
    /** Waiting for the human member's message. */
    YOUR_TURN,
    /** Waiting for the user to approve, edit or deny an agent's call of an outside tool. */
    APPROVAL_NEEDED,
    /** Waiting for the user's word on an outside call a crash left in doubt: did it run? */
    CALL_IN_DOUBT,
    /** Every turn was taken. */
    TURNS_TAKEN,
    /** Idle longer than the retention policy keeps a conversation open: marked abandoned. */
    IDLE,
    /** No task was recorded, so nothing can be asked. */
    NO_TASK,
    /** A participant was removed for good. */
    AGENT_GONE,
    /** A participant's definition cannot be read (its file damaged): it goes on once the agent is back. */
    AGENT_MISSING,
    /** The user stopped it. */
    USER_ABORTED,
    /** Workshop closed, or died, while it ran: it goes on at the next start. */
    WORKSHOP_STOPPED,
    /** Stopped to be deleted (a deletion not yet recorded when Workshop stopped). */
    DELETING,
    /** Stopped to be held in git (a hold not yet recorded when Workshop stopped). */
    HOLDING,
    /** Held on a git branch. */
    HELD,
    /** The model's server did not answer (down, refusing connections, too slow) after every try. */
    ENDPOINT_UNREACHABLE,
    /** The model's server answered no (a key refused, a model it does not have, a request it rejects). */
    ENDPOINT_REFUSED,
    /** The model answered nothing. */
    EMPTY_REPLY,
    /** Stopped again and again while asking the same turn: not resumed by itself, so a crash loop cannot spin. */
    CRASH_LOOP,
    /** Something Workshop did not expect (a bug): the details say what. */
    UNEXPECTED,
    /** Brought back from a snapshot, paused until the user continues it. */
    RESTORED,
    /** A fork, paused until the user continues it. */
    FORKED,
    /** Imported from a file, paused until the user continues it. */
    IMPORTED,
    /** Re-inflated from git, paused until the user continues it. */
    REINFLATED;

    private final String wireName = name().toLowerCase(Locale.ROOT);

    /** How files and the command line's JSON name it. */
    public String wireName() {
        return wireName;
    }

    public static StatusCause fromWireName(String wireName) {
        for (StatusCause cause : values()) {
            if (cause.wireName.equals(wireName)) {
                return cause;
            }
        }
        throw new IllegalArgumentException("Unknown status cause '" + wireName + "'");
    }
}
