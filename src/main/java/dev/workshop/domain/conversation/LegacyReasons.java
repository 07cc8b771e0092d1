package dev.workshop.domain.conversation;

/**
 * The one place that reads a status sentence: records written before causes were recorded (a store, a snapshot or a
 * held session from an older Workshop) carry only the sentence, so their cause is recognised from the sentences those
 * versions wrote, once, as they are read. Nothing written since is read this way.
 */
public final class LegacyReasons {
    private LegacyReasons() {
    }

    /** The cause an older Workshop meant by {@code reason} for {@code status}. */
    public static StatusCause causeOf(ConversationStatus status, String reason) {
        String said = reason == null ? "" : reason;
        StatusCause exact = switch (said) {
            case "Workshop stopped while this conversation was running" -> StatusCause.WORKSHOP_STOPPED;
            case "Aborted by the user" -> StatusCause.USER_ABORTED;
            case "Stopped to be deleted" -> StatusCause.DELETING;
            case "Stopped to be held" -> StatusCause.HOLDING;
            case "Waiting for your message" -> StatusCause.YOUR_TURN;
            case "Waiting for a free slot" -> StatusCause.SLOT_FULL;
            case "Restored; nothing runs until you continue it" -> StatusCause.RESTORED;
            case "Forked; nothing runs until you continue it", "Forked after its last turn; write to follow it up" ->
                    StatusCause.FORKED;
            case "Imported; nothing runs until you continue it", "Imported after its last turn; write to follow it up" ->
                    StatusCause.IMPORTED;
            case "Re-inflated; nothing runs until you continue it" -> StatusCause.REINFLATED;
            case "No task prompt was recorded, so the conversation cannot continue" -> StatusCause.NO_TASK;
            default -> null;
        };
        if (exact != null) {
            return exact;
        }
        if (said.startsWith("Unexpected error")) {
            return StatusCause.UNEXPECTED;
        }
        if (said.contains(" is missing: ")) {
            return StatusCause.AGENT_MISSING;
        }
        if (said.endsWith(" no longer exists")) {
            return StatusCause.AGENT_GONE;
        }
        if (said.startsWith("Stopped ") && said.contains(" times in a row ")) {
            return StatusCause.CRASH_LOOP;
        }
        if (said.contains(" gave an empty reply ")) {
            return StatusCause.EMPTY_REPLY;
        }
        return switch (status) {
            case QUEUED -> StatusCause.SLOT_FULL;
            case ACTIVE, ABANDONED -> StatusCause.NONE;
            case WAITING -> StatusCause.YOUR_TURN;
            case HELD -> StatusCause.HELD;
            case COMPLETED -> StatusCause.TURNS_TAKEN;
            // Before causes, an endpoint that did not answer stopped a conversation as interrupted with its words,
            // one that refused as failed with its words.
            case INTERRUPTED -> said.isEmpty() ? StatusCause.WORKSHOP_STOPPED : StatusCause.ENDPOINT_UNREACHABLE;
            case FAILED -> StatusCause.ENDPOINT_REFUSED;
        };
    }
}
