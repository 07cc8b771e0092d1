package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationStatus;

/** What a conversation's row allows and says, from its status: the buttons and banner of the sidebar. */
public final class RowRules {
    private RowRules() {
    }

    /**
     * What the failure banner says for a conversation a failed turn stopped ("Turn 6 failed: why", in brief: the
     * whole reason is behind Details…), failed or interrupted by an error, or "" for any other.
     */
    public static String failure(ConversationRow row) {
        if (row == null || !row.failedTurn()) {
            return "";
        }
        return "Turn " + (row.turnCount() + 1) + " failed"
                + (row.statusReason().isEmpty() ? "" : ": " + FailureText.brief(row.statusReason()));
    }

    /** Whether the row's conversation is held in git (Re-inflate brings it back; Hold does not apply). */
    public static boolean isHeld(ConversationRow row) {
        return row != null && row.status() == ConversationStatus.HELD;
    }

    public static boolean canAbort(ConversationStatus status) {
        return status == ConversationStatus.ACTIVE || status == ConversationStatus.QUEUED
                || status == ConversationStatus.WAITING;
    }

    /**
     * Interrupted, or restored and paused on an agent's turn; not stopped by a failed turn, whose one way on is
     * Retry (which asks the same turn: two buttons doing one thing would make the reader wonder which to press).
     */
    public static boolean canResume(ConversationRow row) {
        return row.resumable() && !row.failedTurn();
    }
}
