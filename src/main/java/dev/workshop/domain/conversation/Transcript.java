package dev.workshop.domain.conversation;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.FollowUpStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.ReplyChunk;
import dev.workshop.domain.conversation.ConversationEvent.Renamed;
import dev.workshop.domain.conversation.ConversationEvent.ResumeStarted;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * A conversation as its reader sees it, folded from its events one at a time: the messages, each marked with why
 * its loop had started again (a restart, a retry…) and whether its turn was asked again; a reply cut off where it
 * stopped (its kept pieces, when no message followed); the workflow turn (1 for the task, one more per follow-up);
 * and the follow-up whose first answer is still due. A history read back and the events of a running loop go
 * through this one fold, so a message reads the same live and after a restart. Not thread-safe.
 */
public final class Transcript {
    /**
     * One message as the reader sees it: the message (for a cut-off reply, its pieces as one message without a
     * usage; for a lost one, its turn alone), when it was recorded, and its marks. {@code lost}: damage took the
     * message from every copy the store kept; the line holds its turn's place, with no speaker or text.
     */
    public record Line(MessageRecorded message, Instant at, ResumeCause resumedBy, boolean askedAgain,
                       boolean cutOff, boolean lost) {
        public Line(MessageRecorded message, Instant at, ResumeCause resumedBy, boolean askedAgain, boolean cutOff) {
            this(message, at, resumedBy, askedAgain, cutOff, false);
        }
    }

    /** The speaker of a lost message's line: nobody knows who wrote it. */
    public static final AgentId NOBODY = new AgentId("lost");

    private final List<Line> lines = new ArrayList<>();
    private final Map<AgentId, String> names = new HashMap<>();
    private final Set<Integer> started = new HashSet<>();
    private final Set<Integer> askedAgain = new HashSet<>();
    private ResumeCause resumedSinceLast;
    private TurnStarted writing;
    private final StringBuilder cut = new StringBuilder();
    private Instant cutAt;
    private int followUps;
    private FollowUpStarted lastFollowUp;
    private int messagesSinceFollowUp;
    private Integer taskMaxTurns;
    /** Steps the store's recovery found lost since the last message, and the turn after that message. */
    private int lostSinceMessage;
    private int nextTurn;
    /** What the history records before its first message: its start, and where it came from (a fork, a file). */
    private ConversationStarted start;
    private ConversationEvent.Forked forkedFrom;
    private ConversationEvent.Imported importedFrom;
    /** What the events folded since {@link #news} began say beyond the lines: gathered for {@link News}. */
    private News.Gathered gathered = new News.Gathered();

    /** A fold for a reader who joins a conversation under way: its participants' names are known from the start. */
    public static Transcript following(List<Participant> participants) {
        Transcript transcript = new Transcript();
        participants.forEach(participant -> transcript.names.put(participant.agentId(), participant.name()));
        return transcript;
    }

    /**
     * Folds in {@code recorded}, a batch the log has just taken, and says what it brought a reader: the lines it
     * added, the turn it left being written, a new status, title or deletion. Listeners of the live stream read
     * events through this, so no view tells event types apart on its own.
     */
    public News news(List<RecordedEvent> recorded) {
        int linesBefore = lines.size();
        TurnStarted writingBefore = writing;
        gathered = new News.Gathered();
        recorded.forEach(this::add);
        Optional<News.TurnInProgress> turnStarted = writing != null && writing != writingBefore
                ? Optional.of(new News.TurnInProgress(writing.turnIndex(), writing.speakerId(),
                        names.getOrDefault(writing.speakerId(), writing.speakerId().value()),
                        askedAgain.contains(writing.turnIndex())))
                : Optional.empty();
        return gathered.news(List.copyOf(lines.subList(linesBefore, lines.size())), turnStarted);
    }


    /** The fold of a whole history. */
    public static Transcript of(List<RecordedEvent> history) {
        Transcript transcript = new Transcript();
        for (RecordedEvent recorded : history) {
            transcript.add(recorded.event(), recorded.recordedAt());
        }
        return transcript;
    }

    public Transcript add(RecordedEvent recorded) {
        return add(recorded.event(), recorded.recordedAt());
    }

    /** Folds in one event, recorded at {@code at}; events that change nothing a reader sees are passed over. */
    public Transcript add(ConversationEvent event, Instant at) {
        switch (event) {
            case ConversationStarted started -> {
                gathered.began = true;
                if (lines.isEmpty() && start == null) {
                    start = started;
                }
                started.participants().forEach(participant -> names.put(participant.agentId(), participant.name()));
                if (taskMaxTurns == null && started.maxTurns() > 0) {
                    taskMaxTurns = started.maxTurns();
                }
            }
            case TurnStarted turn -> {
                closeCutOff();
                writing = turn;
                // Asked again: started before in this history, or said so by the loop (a live reader may not have
                // seen the first start).
                if (!started.add(turn.turnIndex()) || turn.resumed()) {
                    askedAgain.add(turn.turnIndex());
                }
            }
            case ReplyChunk chunk -> {
                if (writing != null && writing.turnIndex() == chunk.turnIndex()) {
                    cut.append(chunk.text());
                    cutAt = at;
                }
            }
            case ResumeStarted resume -> {
                resumedSinceLast = resume.cause();
                // As the state's fold has it: a conversation picked up again is active (a row says so at once).
                gathered.status = ConversationStatus.ACTIVE;
            }
            case StatusChanged change -> gathered.status = change.status();
            case Renamed rename -> gathered.title = rename.title();
            case ConversationEvent.Marked ignored -> gathered.marked = true;
            case ConversationEvent.Deleted ignored -> gathered.deleted = true;
            case ConversationEvent.Undeleted ignored -> gathered.undeleted = true;
            case FollowUpStarted followUp -> {
                gathered.followUpTurn = followUp.turnNumber();
                gathered.status = ConversationStatus.ACTIVE;
                // The user went on instead: what follows answers them, whatever a failed resume left.
                resumedSinceLast = null;
                followUps++;
                lastFollowUp = followUp;
                messagesSinceFollowUp = 0;
            }
            case ConversationEvent.Lost ignored -> lostSinceMessage++;
            case ConversationEvent.Forked forked when lines.isEmpty() && forkedFrom == null -> forkedFrom = forked;
            case ConversationEvent.Imported imported when lines.isEmpty() && importedFrom == null ->
                    importedFrom = imported;
            case MessageRecorded message -> {
                // The whole message supersedes the pieces of it kept while it streamed.
                cut.setLength(0);
                writing = null;
                markLostTurns(message.turnIndex(), at);
                lines.add(new Line(message, at, resumedSinceLast, askedAgain.contains(message.turnIndex()), false));
                resumedSinceLast = null;
                messagesSinceFollowUp++;
                nextTurn = message.turnIndex() + 1;
            }
            default -> {
            }
        }
        return this;
    }

    /**
     * A message whose turn comes after turns with no message, where the store's recovery put lost steps: those
     * turns' messages were lost (never a turn simply skipped: a turn's message is recorded right after the one
     * before). Each gets a line in its place, so no reader takes the history for whole.
     */
    private void markLostTurns(int turnIndex, Instant at) {
        if (lostSinceMessage > 0) {
            for (int turn = nextTurn; turn < turnIndex; turn++) {
                lines.add(new Line(new MessageRecorded(turn, NOBODY, "", ""), at, null, false, false, true));
            }
        }
        lostSinceMessage = 0;
    }

    /**
     * The pieces of a reply that never got its message, kept as a line as far as it had come: a later turn's
     * start does this too, so only the reply of the last turn is left open.
     */
    private void closeCutOff() {
        cutOffLine().ifPresent(lines::add);
        cut.setLength(0);
        writing = null;
    }

    private Optional<Line> cutOffLine() {
        if (writing == null || cut.isEmpty()) {
            return Optional.empty();
        }
        AgentId speaker = writing.speakerId();
        MessageRecorded pieces = new MessageRecorded(writing.turnIndex(), speaker,
                names.getOrDefault(speaker, speaker.value()), cut.toString(), Usage.NONE, null);
        return Optional.of(new Line(pieces, cutAt, null, askedAgain.contains(writing.turnIndex()), true));
    }

    /** The lines so far: the messages, and the replies cut off before a later turn began. */
    public List<Line> lines() {
        return Collections.unmodifiableList(lines);
    }

    /**
     * The lines, and the last turn's reply cut off where it stopped unless {@code stillWriting} (then its agent is
     * writing it on, and it is shown as it streams instead).
     */
    public List<Line> lines(boolean stillWriting) {
        Optional<Line> open = stillWriting ? Optional.empty() : cutOffLine();
        if (open.isEmpty()) {
            return lines();
        }
        List<Line> all = new ArrayList<>(lines);
        all.add(open.get());
        return all;
    }

    /** The recorded messages, in order, without the cut-off replies and the lost ones. */
    public List<MessageRecorded> messages() {
        return lines.stream().filter(line -> !line.cutOff() && !line.lost()).map(Line::message).toList();
    }

    /** What the recorded messages cost, summed ({@link ConversationStatistics}). */
    public ConversationStatistics statistics() {
        return ConversationStatistics.ofUsages(messages().stream().map(MessageRecorded::usage).toList());
    }

    /** The turns whose messages were lost, in order. */
    public List<Integer> lostTurns() {
        return lines.stream().filter(Line::lost).map(line -> line.message().turnIndex()).toList();
    }

    /** The last line: the message just recorded, when the fold is fed one event at a time. */
    public Optional<Line> last() {
        return lines.isEmpty() ? Optional.empty() : Optional.of(lines.getLast());
    }

    /** The workflow turn reached: 1 for the task, one more for each follow-up. */
    public int turnNumber() {
        return 1 + followUps;
    }

    /**
     * The follow-up whose prompt is the only message since it: the entry agent's answer to it is next, from the
     * follow-up's context.
     */
    public Optional<FollowUpStarted> pendingFollowUp() {
        return lastFollowUp != null && messagesSinceFollowUp == 1 ? Optional.of(lastFollowUp) : Optional.empty();
    }

    /** The start the history records (its first event, when the history is whole). */
    public Optional<ConversationStarted> start() {
        return Optional.ofNullable(start);
    }

    /** Where the conversation was forked from, if it is a fork (recorded before its first message). */
    public Optional<ConversationEvent.Forked> forkedFrom() {
        return Optional.ofNullable(forkedFrom);
    }

    /** The file the conversation was imported from, if it came in through Import (recorded before its messages). */
    public Optional<ConversationEvent.Imported> importedFrom() {
        return Optional.ofNullable(importedFrom);
    }

    /** The turn limit the conversation started with, if it set one. */
    public OptionalInt taskMaxTurns() {
        return taskMaxTurns == null ? OptionalInt.empty() : OptionalInt.of(taskMaxTurns);
    }
}
