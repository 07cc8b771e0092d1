package dev.workshop.domain.conversation;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.FollowUpStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.Renamed;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What is known of a conversation after folding its events. The fold is pure, so the live loop, resume,
 * fork, the sidebar and the listing table all agree. The transcript is not part of the state: it is the
 * list of {@link MessageRecorded} events, read when needed.
 *
 * @param version    seq of the last event folded in; 0 before the first
 * @param turnCount  number of recorded messages (the next turn index)
 * @param turnInDoubt index of a turn that was started but whose message was never recorded, or -1
 * @param resumesWithoutProgress turns asked again since the last recorded message or piece of one: each means an
 *                   attempt asked that turn and stopped before anything of its reply was kept (a crash loop
 *                   shows here; a conversation resumed while it waited in the queue does not)
 * @param customTitle the name the user gave it, or null for the one taken from its task ({@link #title()})
 * @param deleted    the user deleted it: lists leave it out, and nothing more is appended to it
 * @param deletedAt  when the user deleted it (null while it is not; null too in a listing table written before the
 *                   time was kept, where the store reads it from the log)
 */
public record ConversationState(
        ConversationId id,
        ConversationKind kind,
        ConversationStatus status,
        String statusReason,
        List<Participant> participants,
        String taskPrompt,
        int maxTurns,
        int turnCount,
        AgentId lastSpeakerId,
        int turnInDoubt,
        int resumesWithoutProgress,
        long version,
        Instant createdAt,
        Instant updatedAt,
        String customTitle,
        boolean deleted,
        StatusCause statusCause,
        Instant deletedAt,
        java.util.Set<Mark> marks) {

    /** The longest title a list shows before it ends in "…". */
    public static final int TITLE_CHARS = 60;

    public ConversationState {
        Objects.requireNonNull(id, "id");
        participants = List.copyOf(participants);
        statusReason = statusReason == null ? "" : statusReason;
        customTitle = customTitle == null || customTitle.isBlank() ? null : customTitle;
        statusCause = statusCause == null ? LegacyReasons.causeOf(status, statusReason) : statusCause;
        deletedAt = deleted ? deletedAt : null;
        marks = marks == null || marks.isEmpty() ? java.util.Set.of() : java.util.Set.copyOf(marks);
    }

    /** As stored before conversations could be marked (starred, held for a legal reason). */
    public ConversationState(ConversationId id, ConversationKind kind, ConversationStatus status, String statusReason,
                             List<Participant> participants, String taskPrompt, int maxTurns, int turnCount,
                             AgentId lastSpeakerId, int turnInDoubt, int resumesWithoutProgress, long version,
                             Instant createdAt, Instant updatedAt, String customTitle, boolean deleted,
                             StatusCause statusCause, Instant deletedAt) {
        this(id, kind, status, statusReason, participants, taskPrompt, maxTurns, turnCount, lastSpeakerId,
                turnInDoubt, resumesWithoutProgress, version, createdAt, updatedAt, customTitle, deleted, statusCause,
                deletedAt, java.util.Set.of());
    }

    /** As stored before the time of a deletion was kept. */
    public ConversationState(ConversationId id, ConversationKind kind, ConversationStatus status, String statusReason,
                             List<Participant> participants, String taskPrompt, int maxTurns, int turnCount,
                             AgentId lastSpeakerId, int turnInDoubt, int resumesWithoutProgress, long version,
                             Instant createdAt, Instant updatedAt, String customTitle, boolean deleted,
                             StatusCause statusCause) {
        this(id, kind, status, statusReason, participants, taskPrompt, maxTurns, turnCount, lastSpeakerId,
                turnInDoubt, resumesWithoutProgress, version, createdAt, updatedAt, customTitle, deleted, statusCause,
                null);
    }

    /** As stored before causes were recorded: the cause is recognised from the sentence ({@link LegacyReasons}). */
    public ConversationState(ConversationId id, ConversationKind kind, ConversationStatus status, String statusReason,
                             List<Participant> participants, String taskPrompt, int maxTurns, int turnCount,
                             AgentId lastSpeakerId, int turnInDoubt, int resumesWithoutProgress, long version,
                             Instant createdAt, Instant updatedAt, String customTitle, boolean deleted) {
        this(id, kind, status, statusReason, participants, taskPrompt, maxTurns, turnCount, lastSpeakerId,
                turnInDoubt, resumesWithoutProgress, version, createdAt, updatedAt, customTitle, deleted, null);
    }

    /** A state as stored before conversations could be renamed or deleted. */
    public ConversationState(ConversationId id, ConversationKind kind, ConversationStatus status, String statusReason,
                             List<Participant> participants, String taskPrompt, int maxTurns, int turnCount,
                             AgentId lastSpeakerId, int turnInDoubt, int resumesWithoutProgress, long version,
                             Instant createdAt, Instant updatedAt) {
        this(id, kind, status, statusReason, participants, taskPrompt, maxTurns, turnCount, lastSpeakerId,
                turnInDoubt, resumesWithoutProgress, version, createdAt, updatedAt, null, false);
    }

    /** The state before any event: not yet started. */
    public static ConversationState notStarted(ConversationId id) {
        return new ConversationState(id, ConversationKind.CONVERSATION, ConversationStatus.QUEUED, "", List.of(), null,
                0, 0, null, -1, 0, 0, Instant.EPOCH, Instant.EPOCH, null, false, StatusCause.NONE);
    }

    public boolean isStarted() {
        return version > 0;
    }

    /** The elements among {@code states}, removed ones left out, in the order they were made. */
    public static java.util.List<ConversationState> elementsOldestFirst(java.util.stream.Stream<ConversationState> states) {
        return states.filter(state -> state.isStarted() && state.isElement() && !state.deleted())
                .sorted(java.util.Comparator.comparing(ConversationState::createdAt)
                        .thenComparing(state -> state.id().value()))
                .toList();
    }

    /** Whether this stream is a shared element's history rather than a conversation (lists leave those out). */
    public boolean isElement() {
        return kind == ConversationKind.ELEMENT;
    }

    public Optional<AgentId> lastSpeaker() {
        return Optional.ofNullable(lastSpeakerId);
    }

    public Optional<String> task() {
        return Optional.ofNullable(taskPrompt).filter(text -> !text.isBlank());
    }

    /**
     * What lists and exports call the conversation: the name the user gave it, else the first line of its task
     * (cut at {@value #TITLE_CHARS} characters), else "Conversation" and the start of its id.
     */
    public String title() {
        if (customTitle != null) {
            return customTitle;
        }
        String task = task().map(text -> text.strip().lines().findFirst().orElse("")).orElse("");
        if (task.isBlank()) {
            return "Conversation " + id.value().substring(0, Math.min(8, id.value().length()));
        }
        return task.length() <= TITLE_CHARS ? task : task.substring(0, TITLE_CHARS - 1).stripTrailing() + "…";
    }

    public int turnsRemaining() {
        return Math.max(0, maxTurns - turnCount);
    }

    /** The same state with a turn limit, for conversations whose record has none. */
    public ConversationState withMaxTurns(int limit) {
        return new ConversationState(id, kind, status, statusReason, participants, taskPrompt, limit, turnCount,
                lastSpeakerId, turnInDoubt, resumesWithoutProgress, version, createdAt, updatedAt, customTitle, deleted,
                statusCause, deletedAt, marks);
    }

    /**
     * The fold: the state after {@code recorded}. Never fails; rules are checked before appending. Each event
     * names its own step below ({@link ConversationEvent#foldInto}) instead of a {@code switch} on its type
     * here: the first run of a type switch costs a freshly started JVM some 5 ms of bootstrapping, a tenth of
     * what restoring a long conversation may take (docs/perf.md).
     */
    public ConversationState evolve(RecordedEvent recorded) {
        return recorded.event().foldInto(this, recorded.seq(), recorded.recordedAt());
    }

    ConversationState started(ConversationStarted started, long seq, Instant at) {
        return new ConversationState(id, started.kind(), ConversationStatus.ACTIVE, "", started.participants(),
                started.taskPrompt(), started.maxTurns(), 0, null, -1, 0, seq, at, at, null, false, StatusCause.NONE);
    }

    /**
     * An element's stream as the log's index sees it: kind {@link ConversationKind#ELEMENT}, named as the element,
     * and never running (no loop resumes it); what the element holds is the fold of its changes
     * ({@code domain.element.ElementState}).
     */
    ConversationState elementChanged(ConversationEvent.ElementChanged changed, long seq, Instant at) {
        if (changed.change() instanceof dev.workshop.domain.element.ElementEvent.Created created) {
            return new ConversationState(id, ConversationKind.ELEMENT, ConversationStatus.COMPLETED, "", List.of(),
                    null, 0, 0, null, -1, 0, seq, at, at, created.name(), false, StatusCause.NONE);
        }
        return new ConversationState(id, kind, status, statusReason, participants, taskPrompt, maxTurns, turnCount,
                lastSpeakerId, turnInDoubt, resumesWithoutProgress, seq, createdAt, at, customTitle, deleted,
                statusCause, deletedAt, marks);
    }

    ConversationState turnStarted(TurnStarted turn, long seq, Instant at) {
        // Only a turn asked again is charged to the crash-loop guard: the attempt before it asked and kept nothing.
        int charged = turn.resumed() ? resumesWithoutProgress + 1 : resumesWithoutProgress;
        return new ConversationState(id, kind, status, statusReason, participants, taskPrompt, maxTurns, turnCount,
                lastSpeakerId, turn.turnIndex(), charged, seq, createdAt, at, customTitle, deleted, statusCause, deletedAt,
                marks);
    }

    ConversationState messageRecorded(MessageRecorded message, long seq, Instant at) {
        return new ConversationState(id, kind, status, statusReason, participants, taskPrompt, maxTurns,
                message.turnIndex() + 1, message.speakerId(), -1, 0, seq, createdAt, at, customTitle, deleted,
                statusCause, deletedAt, marks);
    }

    /**
     * A resume charges nothing by itself (one that waits in the queue, or is stopped before asking, proves no
     * crash loop); the user asking it to go on, or to retry, starts the guard's count afresh.
     */
    ConversationState resumeStarted(ResumeCause cause, long seq, Instant at) {
        int count = cause.afterAStop() ? resumesWithoutProgress : 0;
        return new ConversationState(id, kind, ConversationStatus.ACTIVE, "", participants, taskPrompt, maxTurns,
                turnCount, lastSpeakerId, turnInDoubt, count, seq, createdAt, at, customTitle, deleted,
                StatusCause.NONE, deletedAt, marks);
    }

    ConversationState followUpStarted(FollowUpStarted followUp, long seq, Instant at) {
        return new ConversationState(id, kind, ConversationStatus.ACTIVE, "", participants, taskPrompt,
                followUp.maxTurns(), turnCount, lastSpeakerId, -1, 0, seq, createdAt, at, customTitle, deleted,
                StatusCause.NONE, deletedAt, marks);
    }

    ConversationState statusChanged(StatusChanged change, long seq, Instant at) {
        return new ConversationState(id, kind, change.status(), change.reason(), participants, taskPrompt, maxTurns,
                turnCount, lastSpeakerId, turnInDoubt, resumesWithoutProgress, seq, createdAt, at, customTitle, deleted,
                change.cause(), deletedAt, marks);
    }

    /**
     * A new name: it changes what lists show, not when the conversation was last active, so a rename does not
     * move it to the top of the list.
     */
    ConversationState marked(ConversationEvent.Marked mark, long seq) {
        java.util.Set<Mark> now = java.util.EnumSet.noneOf(Mark.class);
        now.addAll(marks);
        if (mark.on()) {
            now.add(mark.mark());
        } else {
            now.remove(mark.mark());
        }
        return new ConversationState(id, kind, status, statusReason, participants, taskPrompt, maxTurns, turnCount,
                lastSpeakerId, turnInDoubt, resumesWithoutProgress, seq, createdAt, updatedAt, customTitle, deleted,
                statusCause, deletedAt, now);
    }

    /** Whether the user marked it so ({@link Mark}). */
    public boolean is(Mark mark) {
        return marks.contains(mark);
    }

    ConversationState renamed(Renamed rename, long seq) {
        return new ConversationState(id, kind, status, statusReason, participants, taskPrompt, maxTurns, turnCount,
                lastSpeakerId, turnInDoubt, resumesWithoutProgress, seq, createdAt, updatedAt, rename.title(), deleted,
                statusCause, deletedAt, marks);
    }

    /**
     * Hidden from lists. Like a rename it is not activity: the last activity stays that of the conversation, so
     * one brought back takes its old place in the list and says how long ago it last moved, as before.
     */
    ConversationState deleted(long seq, Instant at) {
        return new ConversationState(id, kind, status, statusReason, participants, taskPrompt, maxTurns, turnCount,
                lastSpeakerId, turnInDoubt, resumesWithoutProgress, seq, createdAt, updatedAt, customTitle, true,
                statusCause, at, marks);
    }

    /**
     * A piece of the reply being written: the conversation was active then, and the model answered, so an
     * attempt that stops now was no crash loop: the guard's count starts afresh.
     */
    ConversationState replyChunk(long seq, Instant at) {
        return new ConversationState(id, kind, status, statusReason, participants, taskPrompt, maxTurns, turnCount,
                lastSpeakerId, turnInDoubt, 0, seq, createdAt, at, customTitle, deleted, statusCause, deletedAt,
                marks);
    }

    /** Where it was forked from is in its history; the state only moves on to that event. */
    ConversationState forked(long seq) {
        return new ConversationState(id, kind, status, statusReason, participants, taskPrompt, maxTurns, turnCount,
                lastSpeakerId, turnInDoubt, resumesWithoutProgress, seq, createdAt, updatedAt, customTitle, deleted,
                statusCause, deletedAt, marks);
    }

    ConversationState undeleted(long seq) {
        return new ConversationState(id, kind, status, statusReason, participants, taskPrompt, maxTurns, turnCount,
                lastSpeakerId, turnInDoubt, resumesWithoutProgress, seq, createdAt, updatedAt, customTitle, false,
                statusCause, null, marks);
    }

    /** Folds a whole history, in order. */
    public static ConversationState replay(ConversationId id, Iterable<RecordedEvent> history) {
        ConversationState state = notStarted(id);
        for (RecordedEvent recorded : history) {
            state = state.evolve(recorded);
        }
        return state;
    }
}
