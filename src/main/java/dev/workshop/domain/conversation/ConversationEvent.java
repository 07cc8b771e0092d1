package dev.workshop.domain.conversation;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.element.Action;
import dev.workshop.domain.element.Actor;
import dev.workshop.domain.element.ElementEvent;
import dev.workshop.domain.element.Provenance;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Everything that can happen to a conversation. The log of these events is the source of truth;
 * every view of a conversation (loop state, sidebar, export, audit) is a fold over it.
 */
public sealed interface ConversationEvent {

    /** This event's step of the fold ({@link ConversationState#evolve}): the state after it. */
    ConversationState foldInto(ConversationState state, long seq, Instant at);

    // Asked of an event from outside, so only the folds and codecs tell kinds apart (see ArchitectureTest).

    /** The message this event records, if it records one. */
    default Optional<MessageRecorded> asMessage() {
        return Optional.empty();
    }

    /** The turn this event is about (its start, a piece of its reply, its message), if it is about one. */
    default OptionalInt aboutTurn() {
        return OptionalInt.empty();
    }

    /** Whether this event puts the conversation on hold (a session kept in git until it is re-inflated). */
    default boolean holds() {
        return false;
    }

    /** The actions a turn's tool calls took, if this event records some. */
    default Optional<ActionsTaken> asActionsTaken() {
        return Optional.empty();
    }

    /** The step of an outside tool call this event records, if it records one. */
    default Optional<OutsideCallStep> asOutsideCall() {
        return Optional.empty();
    }

    /** Whether this event only names the conversation: it leaves turns alone, so a running loop may take it in. */
    default boolean onlyNames() {
        return false;
    }

    /** The first event: who takes part, on what task, for how many turns (0: not recorded; the default applies). */
    record ConversationStarted(ConversationKind kind, List<Participant> participants, String taskPrompt, int maxTurns)
            implements ConversationEvent {
        public ConversationStarted {
            Objects.requireNonNull(kind, "kind");
            participants = List.copyOf(participants);
            if (participants.isEmpty()) {
                throw new IllegalArgumentException("A conversation needs at least one participant");
            }
            if (maxTurns < 0) {
                throw new IllegalArgumentException("maxTurns is never negative, was " + maxTurns);
            }
        }

        @Override
        public ConversationState foldInto(ConversationState state, long seq, Instant at) {
            return state.started(this, seq, at);
        }
    }

    /** A speaker was asked for a turn; without its {@link MessageRecorded} the turn is in doubt (asked again). */
    record TurnStarted(int turnIndex, AgentId speakerId, boolean resumed) implements ConversationEvent {
        public TurnStarted {
            Objects.requireNonNull(speakerId, "speakerId");
            requireTurnIndex(turnIndex);
        }

        @Override
        public ConversationState foldInto(ConversationState state, long seq, Instant at) {
            return state.turnStarted(this, seq, at);
        }

        @Override
        public OptionalInt aboutTurn() {
            return OptionalInt.of(turnIndex);
        }
    }

    /** A finished message; turn indexes run 0, 1, 2… with no gap and no repeat. The display name is the speaker's. */
    record MessageRecorded(int turnIndex, AgentId speakerId, String speakerName, String content, Usage usage,
                           String speakerDisplayName, List<Action> actions) implements ConversationEvent {
        public MessageRecorded {
            actions = actions == null ? List.of() : List.copyOf(actions);
            Objects.requireNonNull(speakerId, "speakerId");
            Objects.requireNonNull(speakerName, "speakerName");
            Objects.requireNonNull(content, "content");
            usage = usage == null ? Usage.NONE : usage;
            speakerDisplayName = speakerDisplayName == null || speakerDisplayName.isBlank() ? speakerName
                    : speakerDisplayName;
            requireTurnIndex(turnIndex);
        }

        @Override
        public ConversationState foldInto(ConversationState state, long seq, Instant at) {
            return state.messageRecorded(this, seq, at);
        }

        @Override
        public Optional<MessageRecorded> asMessage() {
            return Optional.of(this);
        }

        @Override
        public OptionalInt aboutTurn() {
            return OptionalInt.of(turnIndex);
        }

        /**
         * A message without actions. The actions a message asks for are part of it: recorded in the one durable
         * append that records the message, so a reply asked again after a crash can neither lose nor repeat them.
         */
        public MessageRecorded(int turnIndex, AgentId speakerId, String speakerName, String content, Usage usage,
                               String speakerDisplayName) {
            this(turnIndex, speakerId, speakerName, content, usage, speakerDisplayName, List.of());
        }

        /** The same message asking for {@code asked}. */
        public MessageRecorded withActions(List<Action> asked) {
            return new MessageRecorded(turnIndex, speakerId, speakerName, content, usage, speakerDisplayName, asked);
        }

        public MessageRecorded(int turnIndex, AgentId speakerId, String speakerName, String content, Usage usage) {
            this(turnIndex, speakerId, speakerName, content, usage, speakerName);
        }

        public MessageRecorded(int turnIndex, AgentId speakerId, String speakerName, String content) {
            this(turnIndex, speakerId, speakerName, content, Usage.NONE, speakerName);
        }
    }

    /**
     * A loop picked the conversation up again: after a restart, because the user asked it to go on, or to ask
     * a failed turn again. Too many restarts that each had to ask a turn again fail it (the crash-loop guard,
     * {@link ConversationState#resumesWithoutProgress()}); the user's resume or retry starts that count afresh.
     */
    record ResumeStarted(int attempt, ResumeCause cause) implements ConversationEvent {
        public ResumeStarted {
            if (attempt < 1) {
                throw new IllegalArgumentException("Resume attempts count from 1, was " + attempt);
            }
            Objects.requireNonNull(cause, "cause");
        }

        /** A resume after a restart (what every resume was before the cause was recorded). */
        public ResumeStarted(int attempt) {
            this(attempt, ResumeCause.RESTART);
        }

        @Override
        public ConversationState foldInto(ConversationState state, long seq, Instant at) {
            return state.resumeStarted(cause, seq, at);
        }
    }

    /**
     * The user continued an ended conversation (the same workflow id): {@code turnNumber} counts the user's
     * prompts (the task is 1), {@code maxTurns} is the new limit of recorded messages for the round that
     * follows, and {@code context} is the JSON context the entry agent receives — the user's prompts and the
     * entry agent's replies so far, without the agents' collaboration and without the new prompt, which is
     * recorded next as the user's message.
     */
    record FollowUpStarted(int turnNumber, int maxTurns, String context) implements ConversationEvent {
        public FollowUpStarted {
            if (turnNumber < 2) {
                throw new IllegalArgumentException("A follow-up is turn 2 or later, was " + turnNumber);
            }
            context = context == null ? "" : context;
        }

        @Override
        public ConversationState foldInto(ConversationState state, long seq, Instant at) {
            return state.followUpStarted(this, seq, at);
        }
    }

    /** Where it stands and why: {@code cause} decides what follows ({@link Lifecycle}); {@code reason}, in words. */
    record StatusChanged(ConversationStatus status, StatusCause cause, String reason) implements ConversationEvent {
        public StatusChanged {
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(cause, "cause");
            reason = reason == null ? "" : reason;
        }

        @Override
        public ConversationState foldInto(ConversationState state, long seq, Instant at) {
            return state.statusChanged(this, seq, at);
        }

        @Override
        public boolean holds() {
            return status == ConversationStatus.HELD;
        }
    }

    /** The user named the conversation (one line); a blank title goes back to the one taken from the task. */
    record Renamed(String title) implements ConversationEvent {
        public Renamed {
            title = title == null ? "" : title.strip().replaceAll("\\s+", " ");
        }

        @Override
        public ConversationState foldInto(ConversationState state, long seq, Instant at) {
            return state.renamed(this, seq);
        }

        @Override
        public boolean onlyNames() {
            return true;
        }
    }

    /** The user marked the conversation, or took the mark off ({@link Mark}); it leaves turns alone. */
    record Marked(Mark mark, boolean on) implements ConversationEvent {
        @Override
        public ConversationState foldInto(ConversationState state, long seq, Instant at) {
            return state.marked(this, seq);
        }

        @Override
        public boolean onlyNames() {
            return true;
        }
    }

    /** The user deleted the conversation: it leaves every list and takes no more events; its events stay. */
    record Deleted() implements ConversationEvent {
        @Override
        public ConversationState foldInto(ConversationState state, long seq, Instant at) {
            return state.deleted(seq, at);
        }
    }

    /**
     * Part of a reply while it streams in, kept about once a second so that a crash or a Stop loses none of
     * what the agent already said. The turn is still in doubt: only {@link MessageRecorded} takes it, and a
     * reader shows chunks not followed by their message as a reply cut off.
     */
    record ReplyChunk(int turnIndex, String text) implements ConversationEvent {
        public ReplyChunk {
            requireTurnIndex(turnIndex);
            Objects.requireNonNull(text, "text");
        }

        @Override
        public ConversationState foldInto(ConversationState state, long seq, Instant at) {
            return state.replyChunk(seq, at);
        }

        @Override
        public OptionalInt aboutTurn() {
            return OptionalInt.of(turnIndex);
        }
    }

    /** The user took a deletion back (Undo, or Recently deleted later): it is listed again as it was. */
    record Undeleted() implements ConversationEvent {
        @Override
        public ConversationState foldInto(ConversationState state, long seq, Instant at) {
            return state.undeleted(seq);
        }
    }

    /**
     * Where a fork came from: {@code source}'s messages up to turn {@code turnIndex} were copied into this
     * conversation when it was made. Recorded with them, before them; a link to follow, not a dependency (the
     * source may be renamed, deleted or go on; the copy stands alone).
     */
    record Forked(ConversationId source, int turnIndex) implements ConversationEvent {
        public Forked {
            Objects.requireNonNull(source, "source");
            requireTurnIndex(turnIndex);
        }

        @Override
        public ConversationState foldInto(ConversationState state, long seq, Instant at) {
            return state.forked(seq);
        }
    }

    /**
     * The conversation came in through Import, from the file named {@code source} (its name, not its folder): so
     * that it does not read as the conversation it was exported from. Recorded before its messages.
     */
    record Imported(String source) implements ConversationEvent {
        public Imported {
            source = source == null ? "" : source;
        }

        @Override
        public ConversationState foldInto(ConversationState state, long seq, Instant at) {
            return state.forked(seq);
        }
    }

    /**
     * Actions a turn's tool calls took, numbered from {@code firstIndex}: recorded before they are applied (each then
     * once, by its provenance), so a turn asked again after a crash knows what it did. Its message lists them again.
     */
    record ActionsTaken(int turnIndex, int firstIndex, List<Action> actions) implements ConversationEvent {
        public ActionsTaken {
            requireTurnIndex(turnIndex);
            if (firstIndex < 0) {
                throw new IllegalArgumentException("firstIndex is never negative, was " + firstIndex);
            }
            actions = List.copyOf(actions);
        }

        @Override
        public ConversationState foldInto(ConversationState state, long seq, Instant at) {
            return state.replyChunk(seq, at);
        }

        @Override
        public OptionalInt aboutTurn() {
            return OptionalInt.of(turnIndex);
        }

        @Override
        public Optional<ActionsTaken> asActionsTaken() {
            return Optional.of(this);
        }
    }

    /** A step of outside tool call {@code callIndex} of a turn (docs/decisions/0029), before what follows it. */
    record OutsideCallStep(int turnIndex, int callIndex, dev.workshop.domain.tool.OutsideStep step)
            implements ConversationEvent {
        public OutsideCallStep {
            requireTurnIndex(turnIndex);
            Objects.requireNonNull(step, "step");
        }

        @Override
        public ConversationState foldInto(ConversationState state, long seq, Instant at) {
            return state.replyChunk(seq, at);
        }

        @Override
        public OptionalInt aboutTurn() {
            return OptionalInt.of(turnIndex);
        }

        @Override
        public Optional<OutsideCallStep> asOutsideCall() {
            return Optional.of(this);
        }
    }

    /** A change of a shared element, whose history is a stream of the log (0028); {@link ElementEvent.Created} first. */
    record ElementChanged(Actor actor, Provenance provenance, ElementEvent change) implements ConversationEvent {
        public ElementChanged {
            Objects.requireNonNull(actor, "actor");
            Objects.requireNonNull(provenance, "provenance");
            Objects.requireNonNull(change, "change");
        }

        @Override
        public ConversationState foldInto(ConversationState state, long seq, Instant at) {
            return state.elementChanged(this, seq, at);
        }
    }

    /**
     * Stands in for an event damage took from every copy: written only by recovery, one per lost seq, so that the
     * events after it keep their place. It changes nothing but the version; {@code why} says what happened.
     */
    record Lost(String why) implements ConversationEvent {
        public Lost {
            why = why == null ? "" : why;
        }

        @Override
        public ConversationState foldInto(ConversationState state, long seq, Instant at) {
            return state.forked(seq);
        }
    }

    private static void requireTurnIndex(int turnIndex) {
        if (turnIndex < 0) {
            throw new IllegalArgumentException("A turn index is never negative, was " + turnIndex);
        }
    }
}
