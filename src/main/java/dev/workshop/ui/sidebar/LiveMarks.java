package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.News;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.orchestration.LoopEvent;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The marks of messages as they arrive (FX thread only), through the same {@link Transcript} fold that marks a
 * history read back: what the log takes for each conversation is folded as it comes, so a message is marked resumed
 * or asked again exactly as it will be after a restart. Also the retry a conversation waits on.
 */
final class LiveMarks {
    /** The fold of each conversation's events since they began to arrive; dropped when its loop ends. */
    private final Map<ConversationId, Transcript> folds = new HashMap<>();
    private final Map<ConversationId, String> retryNotes = new HashMap<>();

    /** What {@code events}, just recorded, bring the reader of {@code id}, folded after what came before. */
    News recorded(ConversationId id, List<RecordedEvent> events, List<Participant> participants) {
        News news = folds.computeIfAbsent(id, key -> Transcript.following(participants)).news(events);
        if (news.began()) {
            // A history copied in whole (an import, a fork, a session re-inflated) is no run to follow: its lines
            // are not kept here, however long it is; what its next loop records starts a fold of its own.
            folds.remove(id);
        }
        return news;
    }

    /** The loop stopped: what its conversation records next starts a fold of its own. */
    void ended(ConversationId id) {
        folds.remove(id);
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
