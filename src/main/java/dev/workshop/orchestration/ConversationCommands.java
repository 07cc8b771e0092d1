package dev.workshop.orchestration;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.Deleted;
import dev.workshop.domain.conversation.ConversationEvent.FollowUpStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.Renamed;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Lifecycle;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.Rotation;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.store.AgentCatalog;
import dev.workshop.store.ConcurrentAppendException;
import dev.workshop.store.ConversationStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a person (or the command line) asks of a conversation that is stored and may launch a loop: start one,
 * send a message or a follow-up, stop, rename, delete and undelete. Each checks what it can first, so that a
 * refusal stores nothing.
 */
final class ConversationCommands {
    private final TeamLog log;
    private final ConversationStore store;
    private final TenantId tenant;
    private final AgentCatalog agents;
    private final RunningLoops loops;
    private final LoopEvents events;

    ConversationCommands(TeamLog log, AgentCatalog agents, RunningLoops loops, LoopEvents events) {
        this.log = log;
        this.store = log.store();
        this.tenant = log.tenant();
        this.agents = agents;
        this.loops = loops;
        this.events = events;
    }

    private Instant now() {
        return loops.context().clock().instant();
    }

    ConversationId start(ConversationId id, ConversationKind kind, List<AgentId> agentIds, String task,
                         OptionalInt maxTurns) {
        if (task == null || task.isBlank()) {
            throw new IllegalArgumentException("A conversation needs a task prompt");
        }
        int turns = maxTurns.orElse(loops.settings().defaultMaxTurns());
        if (turns < 1) {
            throw new IllegalArgumentException("The number of turns must be at least 1, was " + turns);
        }
        List<Participant> participants = new ArrayList<>();
        for (AgentId agentId : agentIds) {
            if (agentId.equals(Participant.HUMAN)) {
                participants.add(Participant.you());
                continue;
            }
            AgentDefinition agent = agents.find(agentId)
                    .orElseThrow(() -> new IllegalArgumentException("No agent with id " + agentId));
            participants.add(new Participant(agent.id(), agent.name()));
        }
        store.append(tenant, id, 0, List.of(new ConversationStarted(kind, participants, task, turns)));
        events.publish(new LoopEvent.TeamReady(id, 1, now(), tenant, false));
        loops.launch(id, null);
        return id;
    }

    /** Stops the conversation's loop as {@code stop} says; one with no loop is marked so at once. */
    void stop(ConversationId id, LoopStop stop) {
        if (loops.stop(id, stop)) {
            return;
        }
        // On a team server another device's loop may append in between: read again and stop it all the same.
        for (int attempt = 1; ; attempt++) {
            ConversationState state = log.stateOf(id);
            if (state.status().isFinal()) {
                return;
            }
            try {
                ConversationState after = log.append(state, List.of(new StatusChanged(stop.status(), stop.cause(),
                        stop.reason())));
                events.publish(new LoopEvent.Ended(id, 1, now(), after));
                return;
            } catch (ConcurrentAppendException e) {
                if (attempt == 5) {
                    throw e;
                }
            }
        }
    }

    void message(ConversationId id, String text) {
        ConversationState state = log.stateOf(id);
        if (state.status() == ConversationStatus.WAITING && !SessionRestorer.pausedOnAnAgentsTurn(state)) {
            humanMessage(id, text);
        } else {
            requireFollowUpPossible(state);
            List<RecordedEvent> history = store.history(tenant, id);
            Transcript transcript = Transcript.of(history);
            followUp(state, history, transcript, transcript.turnNumber() + 1, text, Optional.empty());
        }
    }

    void humanMessage(ConversationId id, String text) {
        ConversationState state = log.stateOf(id);
        if (state.status() != ConversationStatus.WAITING || loops.isRunning(id)) {
            throw new IllegalStateException("The conversation is not waiting for your message (it is "
                    + state.status().wireName() + ")");
        }
        Participant next = Rotation.nextSpeaker(state.participants(), state.lastSpeaker());
        if (!next.isHuman()) {
            throw new IllegalStateException("It is " + next.name() + "'s turn, not yours");
        }
        String content = text == null ? "" : text.strip();
        if (content.isEmpty()) {
            throw new IllegalArgumentException("Write a message first");
        }
        // The store checks the size (1 MiB) and the turn order, and stores all three events or none.
        int turn = state.turnCount();
        store.append(tenant, id, state.version(), List.of(
                new TurnStarted(turn, Participant.HUMAN, false),
                new MessageRecorded(turn, Participant.HUMAN, "You", content),
                new StatusChanged(ConversationStatus.ACTIVE, StatusCause.NONE, "")));
        loops.launch(id, null);
    }

    void followUp(ConversationId id, int turnNumber, String prompt, Optional<String> givenContext) {
        ConversationState state = store.state(tenant, id)
                .orElseThrow(() -> new IllegalArgumentException("No conversation with workflow id " + id));
        requireFollowUpPossible(state);
        List<RecordedEvent> history = store.history(tenant, id);
        followUp(state, history, Transcript.of(history), turnNumber, prompt, givenContext);
    }

    // Waiting (for the human, or restored): the prompt starts the next round, as after an end.
    private void requireFollowUpPossible(ConversationState state) {
        if (state.status() == ConversationStatus.HELD) {
            throw new IllegalStateException(SessionHolds.heldHint(state));
        }
        if (loops.isRunning(state.id()) || !Lifecycle.allows(state, Lifecycle.Command.FOLLOW_UP)) {
            throw new IllegalStateException("The conversation is " + Lifecycle.shown(state).wireName()
                    + "; a follow-up continues one that has ended, waits for you or was restored");
        }
    }

    /**
     * The follow-up itself, on the state, history and transcript the caller has read and folded (the log is read
     * and folded once) after {@link #requireFollowUpPossible}.
     */
    private void followUp(ConversationState state, List<RecordedEvent> history, Transcript transcript, int turnNumber,
                          String prompt, Optional<String> givenContext) {
        ConversationId id = state.id();
        int stored = transcript.turnNumber();
        if (turnNumber != stored + 1) {
            throw new IllegalArgumentException("Turn number " + turnNumber + " does not follow the stored turn "
                    + stored + " (the next is " + (stored + 1) + ")");
        }
        String content = prompt == null ? "" : prompt.strip();
        if (content.isEmpty()) {
            throw new IllegalArgumentException("The prompt is empty");
        }
        if (FollowUps.entryAgent(state.participants()).isEmpty()) {
            throw new IllegalStateException("The conversation has no agent to answer");
        }
        int roundTurns = transcript.taskMaxTurns().orElse(loops.settings().defaultMaxTurns());
        int turn = state.turnCount();
        String context = givenContext.orElseGet(() -> FollowUps.context(transcript));
        store.append(tenant, id, state.version(), List.of(
                new FollowUpStarted(turnNumber, turn + 1 + roundTurns, context),
                new TurnStarted(turn, Participant.HUMAN, false),
                new MessageRecorded(turn, Participant.HUMAN, "You", content)));
        loops.launch(id, null);
    }


    void rename(ConversationId id, String title) {
        // The title as the rename left it: read again, a deletion on another device a moment later would make a
        // rename that was done read as refused.
        appendRetrying(id, new Renamed(title));
    }

    void delete(ConversationId id, Duration stopTimeout) throws InterruptedException {
        log.stateOf(id);
        if (loops.isRunning(id)) {
            stop(id, LoopStop.of(ConversationStatus.INTERRUPTED, StatusCause.DELETING));
            if (!loops.await(id, stopTimeout)) {
                throw new IllegalStateException("Conversation " + id + " is still stopping; nothing was deleted");
            }
        }
        appendRetrying(id, new Deleted());
    }

    void undelete(ConversationId id) {
        ConversationState state = store.state(tenant, id)
                .orElseThrow(() -> new IllegalArgumentException("No conversation with id " + id));
        if (!state.deleted()) {
            throw new IllegalStateException("Conversation " + id + " is not deleted");
        }
        store.append(tenant, id, state.version(), List.of(new ConversationEvent.Undeleted()));
    }

    /**
     * Appends one event at the current version, reading it again when a loop appended in between; returns the state
     * the event left.
     */
    private ConversationState appendRetrying(ConversationId id, ConversationEvent event) {
        for (int attempt = 1; ; attempt++) {
            ConversationState state = log.stateOf(id);
            try {
                return store.append(tenant, id, state.version(), List.of(event)).after();
            } catch (ConcurrentAppendException e) {
                if (attempt == 5) {
                    throw e;
                }
            }
        }
    }
}
