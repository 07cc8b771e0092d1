package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ResumeCause;
import dev.workshop.orchestration.LoopEvent;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Marks for messages still to come, from the loops' events (FX thread only): why a conversation's loop started
 * again, until its next message; the turns being asked again; and the retry a conversation waits on. The history
 * gives the same marks when a conversation is loaded.
 */
final class LiveMarks {
    /** How a message just recorded is marked: why its loop started again (or null), and whether it was asked again. */
    record Marks(ResumeCause resumedBy, boolean askedAgain) {
    }

    private final Map<ConversationId, ResumeCause> resumedBy = new HashMap<>();
    private final Map<ConversationId, Set<Integer>> askedAgain = new HashMap<>();
    private final Map<ConversationId, String> retryNotes = new HashMap<>();

    /** A loop started: a resume marks its next message; a follow-up's loop is no resume, so an old mark goes. */
    void started(ConversationId id, ResumeCause cause) {
        if (cause != null) {
            resumedBy.put(id, cause);
        } else {
            resumedBy.remove(id);
        }
    }

    void turnStarted(ConversationId id, int turnIndex, boolean resumed) {
        if (resumed) {
            askedAgain.computeIfAbsent(id, key -> new HashSet<>()).add(turnIndex);
        }
    }

    /** The marks of the message just recorded at {@code turnIndex}, taken: the next message has its own. */
    Marks recorded(ConversationId id, int turnIndex) {
        ResumeCause resumed = resumedBy.remove(id);
        Set<Integer> retried = askedAgain.get(id);
        boolean retriedTurn = retried != null && retried.remove(turnIndex);
        if (retried != null && retried.isEmpty()) {
            askedAgain.remove(id);
        }
        return new Marks(resumed, retriedTurn);
    }

    /**
     * Keeps the retry {@code id} waits on, so that the conversation picked while it waits says so too; returns what
     * to show. What to know first, where a narrow sidebar cuts the line: that it is being asked again.
     */
    String retrying(ConversationId id, LoopEvent.TurnRetry retry) {
        String note = "Retrying " + retry.speakerName() + "'s turn (" + retry.attempt() + " of " + retry.attempts()
                + "): " + retry.reason();
        retryNotes.put(id, note);
        return note;
    }

    /** The turn being asked again got its first word, or ended; true if one was being asked again. */
    boolean retryEnded(ConversationId id) {
        return retryNotes.remove(id) != null;
    }

    /** The retry {@code id} waits on, or "". */
    String retryNote(ConversationId id) {
        return retryNotes.getOrDefault(id, "");
    }
}
