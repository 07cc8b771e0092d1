package dev.workshop.domain.conversation;

import dev.workshop.domain.agent.AgentId;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a batch of events just recorded brings the reader of a conversation, as {@link Transcript#news} folds it: the
 * lines it added (messages, replies cut off), the turn it left being written, and the status, title or deletion it
 * set. Views react to this instead of telling event types apart.
 *
 * @param lines       the lines the batch added, in order
 * @param turnStarted the turn the batch started and left being written (its message not yet recorded)
 * @param status      the status the batch set last, if it set one (a resume and a follow-up set it active, as the
 *                    state's fold does)
 * @param title       the title a rename in the batch gave ("" back to the task's), if it renamed
 * @param followUpTurn the workflow turn a follow-up in the batch began
 * @param began       the batch began the conversation: a new one, or one copied in whole (an import, a fork, a
 *                    restore), whose lines are history rather than turns being taken
 * @param marked      a mark was put on or taken off (a star, a legal hold): its row shows it
 */
public record News(List<Transcript.Line> lines, Optional<TurnInProgress> turnStarted,
                   Optional<ConversationStatus> status, Optional<String> title, boolean deleted, boolean undeleted,
                   OptionalInt followUpTurn, boolean began, boolean marked) {
    public News {
        lines = List.copyOf(lines);
    }

    /** A turn under way: its speaker is writing the reply. {@code askedAgain}: the turn was asked before. */
    public record TurnInProgress(int turnIndex, AgentId speakerId, String speakerName, boolean askedAgain) {
    }

    /** Nothing a reader sees changed (pieces of a reply kept as it streams, a turn asked again after a resume…). */
    public boolean isEmpty() {
        return lines.isEmpty() && turnStarted.isEmpty() && status.isEmpty() && title.isEmpty() && !deleted
                && !undeleted && followUpTurn.isEmpty() && !began && !marked;
    }

    /** Whether the conversation left or came back to the lists. */
    public boolean listingChanged() {
        return deleted || undeleted;
    }

    /** What the fold met on its way through a batch, besides the lines. */
    static final class Gathered {
        ConversationStatus status;
        String title;
        boolean deleted;
        boolean undeleted;
        Integer followUpTurn;
        boolean began;
        boolean marked;

        News news(List<Transcript.Line> lines, Optional<TurnInProgress> turnStarted) {
            return new News(lines, turnStarted, Optional.ofNullable(status), Optional.ofNullable(title), deleted,
                    undeleted, followUpTurn == null ? OptionalInt.empty() : OptionalInt.of(followUpTurn), began, marked);
        }
    }
}
