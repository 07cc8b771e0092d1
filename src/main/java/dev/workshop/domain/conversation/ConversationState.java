package dev.workshop.domain.conversation;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.FollowUpStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
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
 * @param resumesWithoutProgress resumes since the last recorded message (a crash loop shows here)
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
        Instant updatedAt) {

    public ConversationState {
        Objects.requireNonNull(id, "id");
        participants = List.copyOf(participants);
        statusReason = statusReason == null ? "" : statusReason;
    }

    /** The state before any event: not yet started. */
    public static ConversationState notStarted(ConversationId id) {
        return new ConversationState(id, ConversationKind.CONVERSATION, ConversationStatus.QUEUED, "", List.of(), null,
                0, 0, null, -1, 0, 0, Instant.EPOCH, Instant.EPOCH);
    }

    public boolean isStarted() {
        return version > 0;
    }

    public Optional<AgentId> lastSpeaker() {
        return Optional.ofNullable(lastSpeakerId);
    }

    public Optional<String> task() {
        return Optional.ofNullable(taskPrompt).filter(text -> !text.isBlank());
    }

    public int turnsRemaining() {
        return Math.max(0, maxTurns - turnCount);
    }

    /** The same state with a turn limit, for conversations whose record has none. */
    public ConversationState withMaxTurns(int limit) {
        return new ConversationState(id, kind, status, statusReason, participants, taskPrompt, limit, turnCount,
                lastSpeakerId, turnInDoubt, resumesWithoutProgress, version, createdAt, updatedAt);
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
                started.taskPrompt(), started.maxTurns(), 0, null, -1, 0, seq, at, at);
    }

    ConversationState turnStarted(TurnStarted turn, long seq, Instant at) {
        return new ConversationState(id, kind, status, statusReason, participants, taskPrompt, maxTurns, turnCount,
                lastSpeakerId, turn.turnIndex(), resumesWithoutProgress, seq, createdAt, at);
    }

    ConversationState messageRecorded(MessageRecorded message, long seq, Instant at) {
        return new ConversationState(id, kind, status, statusReason, participants, taskPrompt, maxTurns,
                message.turnIndex() + 1, message.speakerId(), -1, 0, seq, createdAt, at);
    }

    ConversationState resumeStarted(long seq, Instant at) {
        return new ConversationState(id, kind, ConversationStatus.ACTIVE, "", participants, taskPrompt, maxTurns,
                turnCount, lastSpeakerId, turnInDoubt, resumesWithoutProgress + 1, seq, createdAt, at);
    }

    ConversationState followUpStarted(FollowUpStarted followUp, long seq, Instant at) {
        return new ConversationState(id, kind, ConversationStatus.ACTIVE, "", participants, taskPrompt,
                followUp.maxTurns(), turnCount, lastSpeakerId, -1, 0, seq, createdAt, at);
    }

    ConversationState statusChanged(StatusChanged change, long seq, Instant at) {
        return new ConversationState(id, kind, change.status(), change.reason(), participants, taskPrompt, maxTurns,
                turnCount, lastSpeakerId, turnInDoubt, resumesWithoutProgress, seq, createdAt, at);
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
