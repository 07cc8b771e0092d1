package dev.workshop.ui.sidebar;

import dev.workshop.domain.element.Markers;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.News;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.orchestration.LoopEvent;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The replies being written, as they stream in (so that a conversation picked mid-reply shows all of it so far),
 * the one of the conversation shown, and the retry it waits on; and, for every conversation, the marks its next
 * messages get ({@link LiveMarks}). Fed the loops' events on the FX thread.
 */
final class ReplyInProgress {
    private final LiveMarks marks = new LiveMarks();
    private final Predicate<ConversationId> isShown;
    /** Each running conversation's reply being written, from its turn's start until it is recorded or stops. */
    private final Map<ConversationId, Draft> drafts = new HashMap<>();
    private final ReadOnlyStringWrapper writing = new ReadOnlyStringWrapper("");
    /** Why the turn being written is asked again, and which attempt is next; empty while none is. */
    private final ReadOnlyStringWrapper retrying = new ReadOnlyStringWrapper("");
    /** How a note about a reply that waits for the team server begins (the writing row shows just these words). */
    static final String UNSAVED = "Not yet saved";

    /** Whether {@code note} (of {@link #retryingProperty}) says the reply is not yet saved rather than asked again. */
    static boolean unsaved(String note) {
        return note.startsWith(UNSAVED);
    }

    /** Conversations whose reply is written but not yet saved (the team server is away), with why. */
    private final Map<ConversationId, String> unsaved = new HashMap<>();

    ReplyInProgress(Predicate<ConversationId> isShown) {
        this.isShown = isShown;
    }

    /** Who writes a reply, for which turn, since when. */
    record Writer(int turnIndex, AgentId speakerId, String speakerName, Instant at) {
    }

    private record Draft(Writer writer, StringBuilder text) {
    }

    /** A conversation is shown (or none): its reply so far, if one is being written, and the retry it waits on. */
    void shown(ConversationId id) {
        Draft draft = id == null ? null : drafts.get(id);
        writing.set(draft == null ? "" : Markers.whileWriting(draft.text().toString()));
        retrying.set(id == null ? "" : unsaved.getOrDefault(id, marks.retryNote(id)));
    }

    /** What the loop has to save waits for the team server: the reply shown says it is not yet saved. */
    void savePending(ConversationId id, String why) {
        String note = UNSAVED + ". " + why;
        unsaved.put(id, note);
        if (isShown.test(id)) {
            retrying.set(note);
        }
    }

    /** Who is writing a reply in {@code id} now, if anyone is. */
    Optional<Writer> writer(ConversationId id) {
        return Optional.ofNullable(drafts.get(id)).map(Draft::writer);
    }

    /**
     * What the log just took for {@code id}, folded with what came before: a turn begun (its speaker is writing,
     * nothing written yet) and the messages recorded (the reply is done), marked as the transcript marks them.
     */
    News recorded(ConversationId id, List<RecordedEvent> events, List<Participant> participants) {
        News news = marks.recorded(id, events, participants);
        if (!news.lines().isEmpty()) {
            drafts.remove(id);
            retryEnded(id);
            if (isShown.test(id)) {
                writing.set("");
            }
        }
        news.turnStarted().ifPresent(turn -> {
            Instant at = events.getLast().recordedAt();
            drafts.put(id, new Draft(new Writer(turn.turnIndex(), turn.speakerId(), turn.speakerName(), at),
                    new StringBuilder()));
            retryEnded(id);
            if (isShown.test(id)) {
                writing.set("");
            }
        });
        return news;
    }

    void token(ConversationId id, String text) {
        retryEnded(id);
        Draft draft = drafts.get(id);
        if (draft == null) {
            // A turn begun before the sidebar listened: its start was not seen, so who writes is unknown.
            return;
        }
        draft.text().append(text);
        if (isShown.test(id)) {
            writing.set(Markers.whileWriting(draft.text().toString()));
        }
    }

    void retry(ConversationId id, LoopEvent.TurnRetry retry) {
        String note = marks.retrying(id, retry);
        Draft draft = drafts.get(id);
        if (draft != null) {
            draft.text().setLength(0);
        }
        if (isShown.test(id)) {
            // What the failed attempt streamed is no part of the reply: the next attempt starts afresh.
            writing.set("");
            retrying.set(note);
        }
    }

    /**
     * The loop stopped. True if the conversation shown was being written: that reply was kept as far as it had
     * come, so the messages are read again to show it cut off, instead of the writing line showing it for ever.
     */
    boolean ended(ConversationId id) {
        marks.ended(id);
        drafts.remove(id);
        retryEnded(id);
        if (isShown.test(id) && !writing.get().isEmpty()) {
            writing.set("");
            return true;
        }
        return false;
    }

    /** The turn being asked again got its first word, or ended: no more "retrying" for {@code id}. */
    private void retryEnded(ConversationId id) {
        boolean wasUnsaved = unsaved.remove(id) != null;
        if ((marks.retryEnded(id) || wasUnsaved) && isShown.test(id)) {
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
