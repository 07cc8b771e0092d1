package dev.workshop.ui.sidebar;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ResumeCause;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.orchestration.LoopEvent;
import java.time.Instant;
import java.util.function.Predicate;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The reply being written in the conversation shown, as it streams in, and the retry it waits on; and, for every
 * conversation, the marks its next messages get ({@link LiveMarks}). Fed the loops' events on the FX thread.
 */
final class ReplyInProgress {
    private final LiveMarks marks = new LiveMarks();
    private final Predicate<ConversationId> isShown;
    private final ReadOnlyStringWrapper writing = new ReadOnlyStringWrapper("");
    /** Why the turn being written is asked again, and which attempt is next; empty while none is. */
    private final ReadOnlyStringWrapper retrying = new ReadOnlyStringWrapper("");

    ReplyInProgress(Predicate<ConversationId> isShown) {
        this.isShown = isShown;
    }

    /** A conversation is shown (or none): nothing written yet, but the retry it waits on, if any. */
    void shown(ConversationId id) {
        writing.set("");
        retrying.set(id == null ? "" : marks.retryNote(id));
    }

    void started(ConversationId id, ResumeCause cause, Instant at) {
        marks.started(id, cause, at);
    }

    void turnStarted(ConversationId id, int turnIndex, AgentId speaker, boolean resumed, Instant at) {
        marks.turnStarted(id, turnIndex, speaker, resumed, at);
        retryEnded(id);
        if (isShown.test(id)) {
            writing.set("");
        }
    }

    void token(ConversationId id, String text) {
        retryEnded(id);
        if (isShown.test(id)) {
            writing.set(writing.get() + text);
        }
    }

    void retry(ConversationId id, LoopEvent.TurnRetry retry) {
        String note = marks.retrying(id, retry);
        if (isShown.test(id)) {
            // What the failed attempt streamed is no part of the reply: the next attempt starts afresh.
            writing.set("");
            retrying.set(note);
        }
    }

    /** A message was recorded: the reply is done; returns it as the transcript shows it, marks and all. */
    Transcript.Line recorded(ConversationId id, MessageRecorded message, Instant at) {
        Transcript.Line marked = marks.recorded(id, message, at);
        retryEnded(id);
        if (isShown.test(id)) {
            writing.set("");
        }
        return marked;
    }

    /**
     * The loop stopped. True if the conversation shown was being written: that reply was kept as far as it had
     * come, so the messages are read again to show it cut off, instead of the writing line showing it for ever.
     */
    boolean ended(ConversationId id) {
        marks.ended(id);
        retryEnded(id);
        if (isShown.test(id) && !writing.get().isEmpty()) {
            writing.set("");
            return true;
        }
        return false;
    }

    /** The turn being asked again got its first word, or ended: no more "retrying" for {@code id}. */
    private void retryEnded(ConversationId id) {
        if (marks.retryEnded(id) && isShown.test(id)) {
            retrying.set("");
        }
    }

    ReadOnlyStringProperty writingProperty() {
        return writing.getReadOnlyProperty();
    }

    ReadOnlyStringProperty retryingProperty() {
        return retrying.getReadOnlyProperty();
    }
}
