package dev.workshop.orchestration;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.conversation.ConversationEvent.FollowUpStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.ReplyChunk;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.InvalidEventException;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.PromptBuilder;
import dev.workshop.domain.element.Markers;
import dev.workshop.domain.conversation.ResumeCause;
import dev.workshop.domain.conversation.Rotation;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.domain.conversation.Usage;
import dev.workshop.gateway.GatewayException;
import dev.workshop.gateway.GatewayReply;
import dev.workshop.store.DriverLostException;
import dev.workshop.store.Durability;
import dev.workshop.store.StoreException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * Takes the turns of one conversation on its own virtual thread. Every reply is stored before the next
 * speaker is chosen, so the log, not this object, is the truth: a loop rebuilt from the log after a crash
 * continues with the same speaker and turn it would have taken.
 */
final class ConversationLoop implements Runnable {
    /** The workflow turn (1 for the task, one more per follow-up); read from the log when the loop starts. */
    private volatile int workflowTurn = 1;
    /** The follow-up whose first agent turn this loop is to take, if that is where the conversation stands. */
    private FollowUpStarted pendingFollowUp;
    /** Turns whose messages damage took from every copy, as the log read back says: an end counts them out. */
    private List<Integer> lostTurns = List.of();

    private final ConversationId id;
    /** Why this loop started again, or null when it did not (a new conversation, a follow-up). */
    private final ResumeCause resumedBy;
    /** The reply of the turn in flight, while its agent writes it; null between turns. */
    private volatile StreamedReply streaming;
    private final LoopContext context;
    /** The prompt's message window: also how many messages the loop keeps in memory. */
    private final int window;
    private final AgentAsking asking;
    private final CountDownLatch finished = new CountDownLatch(1);
    private final java.util.function.Consumer<ConversationLoop> onFinished;
    private volatile LoopStop stop;
    private volatile Thread thread;
    private boolean holdsSlot;
    private boolean holdsTakeover;
    /** The team server was away when a piece of the reply was to be kept: the rest of this turn keeps it here. */
    private volatile boolean keepingPaused;
    private final boolean takeover;
    private volatile boolean claimFirst;
    private final LoopEnds ends;
    private final ServerPatience patience = new ServerPatience(this::publishSavePending, this::publishServerBack,
            () -> stop != null);
    private final LoopAppends appends;
    /** Published once the loop is gone from the engine, so a listener that counts running loops sees it gone. */
    private LoopEvent.Ended ended;

    /**
     * @param takeover   taken over from a Workshop that died: it may run on a slot of the reserve
     * @param onFinished called once the loop has stopped, before anyone waiting on it is released
     */
    ConversationLoop(ConversationId id, ResumeCause resumedBy, boolean takeover, LoopContext context,
                     java.util.function.Consumer<ConversationLoop> onFinished) {
        this.takeover = takeover;
        this.onFinished = onFinished;
        this.id = id;
        this.resumedBy = resumedBy;
        this.context = context;
        this.window = context.settings().messageWindow();
        this.ends = new LoopEnds(id, context);
        this.appends = new LoopAppends(id, context, patience);
        this.asking = new AgentAsking(id, () -> workflowTurn, context, new PromptBuilder(window), this::keep,
                event -> append(currentState(), event));
    }

    ConversationId id() {
        return id;
    }

    /** Stops the loop: before its next turn, or at once by cancelling the call in flight. */
    void stop(LoopStop reason) {
        stop = reason;
        Thread running = thread;
        if (running != null) {
            running.interrupt();
        }
    }

    void awaitFinished() throws InterruptedException {
        finished.await();
    }

    boolean awaitFinished(java.time.Duration timeout) throws InterruptedException {
        return finished.await(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    /** The store could not say whether this instance may drive it at launch: the loop asks first, patiently. */
    void claimFirst() {
        claimFirst = true;
    }

    @Override
    public void run() {
        thread = Thread.currentThread();
        try {
            if (claimFirst && !patience.patiently(() -> context.store().drive(context.tenant(), id), Optional::empty)) {
                throw new DriverLostException("Taken over by another Workshop before this one could start it");
            }
            // Read as patiently as written: a pool busy for a moment under load does not end a conversation.
            List<MessageRecorded> transcript = patience.patiently(this::readLog, Optional::empty);
            ConversationState stored = currentStateWaitingForTheServer();
            takeTurns(takeSlot(stored), transcript);
        } catch (InterruptedException e) {
            LoopStop why = stop != null ? stop : LoopStop.of(ConversationStatus.INTERRUPTED, StatusCause.WORKSHOP_STOPPED);
            Thread.interrupted();
            finishStopped(why);
        } catch (GatewayException e) {
            keepWhatWasSaid();
            // Failed either way: asked again only when the user says Retry (a server still down would refuse again).
            finish(new LoopStop(ConversationStatus.FAILED, e.retryable() ? StatusCause.ENDPOINT_UNREACHABLE
                    : StatusCause.ENDPOINT_REFUSED, e.getMessage()));
        } catch (InvalidEventException | StoreException e) {
            if (stop != null) {
                // Stopped while reading the history or keeping a piece of the reply: the interrupt surfaced
                // through the store.
                Thread.interrupted();
                finishStopped(stop);
            } else if (!(e instanceof DriverLostException || e instanceof dev.workshop.store.StoreUnavailableException)
                    || !endedElsewhere(e)) {
                // Another writer, or a store that cannot write: nothing more can be recorded from here, and the
                // error says why. One that failed only because this instance lost the conversation (taken over, or
                // ended elsewhere while it waited) is told by its end alone.
                publish(new LoopEvent.Error(id, workflowTurn, now(), e.getMessage()));
                ended = ends.refusedBy(e, workflowTurn);
            }
        } catch (TurnPaused paused) {
            // Waits, stored, for the user's word on a tool call; stopped meanwhile (Abort, closing), it stops as asked.
            Thread.interrupted();
            finishStopped(stop != null ? stop : paused.stop());
        } catch (RuntimeException e) {
            publish(new LoopEvent.Error(id, workflowTurn, now(), "Unexpected error: " + e));
            finish(new LoopStop(ConversationStatus.FAILED, StatusCause.UNEXPECTED, "Unexpected error: " + e.getMessage()));
        } finally {
            if (holdsSlot) {
                context.slots().release();
            }
            if (holdsTakeover) {
                context.slots().releaseTakeover();
            }
            try {
                onFinished.accept(this);
                if (ended != null) {
                    publish(ended);
                }
            } finally {
                // Whatever the listeners did: whoever waits for this loop is let go.
                finished.countDown();
            }
        }
    }

    /** As {@link #currentState}, waiting as {@link #appendWaitingForTheServer} does while the team server is away. */
    private ConversationState currentStateWaitingForTheServer() {
        return patience.patiently(this::currentState, Optional::empty);
    }

    /** What is to be saved waits here for the team server: said to the user, with the server's words. */
    private void publishSavePending(dev.workshop.store.StoreUnavailableException away) {
        publish(new LoopEvent.SavePending(id, workflowTurn, now(), "Waiting for the team server: " + away.getMessage()
                + "; what is to be saved is kept here and saved once it is back"));
    }

    private void publishServerBack() {
        publish(new LoopEvent.ServerBack(id, workflowTurn, now(), "The team server is back; what waited is saved"));
    }

    private ConversationState currentState() {
        return context.store().state(context.tenant(), id)
                .orElseThrow(() -> new IllegalStateException("Conversation " + id + " is not stored"));
    }

    /**
     * Waits for a free slot when over the concurrency limit, shown as {@code queued}; a conversation taken over from a
     * Workshop that died takes one of the reserve instead while there is one.
     */
    private ConversationState takeSlot(ConversationState state) throws InterruptedException {
        if (stop != null) {
            throw new InterruptedException("Stopped before the first turn");
        }
        if (context.slots().tryAcquire()) {
            holdsSlot = true;
            return state;
        }
        if (takeover && context.slots().tryTakeover()) {
            holdsTakeover = true;
            return state;
        }
        state = append(state, Reasons.change(ConversationStatus.QUEUED, StatusCause.SLOT_FULL));
        context.slots().acquire();
        holdsSlot = true;
        return append(state, new StatusChanged(ConversationStatus.ACTIVE, StatusCause.NONE, ""));
    }

    private void takeTurns(ConversationState state, List<MessageRecorded> transcript)
            throws InterruptedException, GatewayException {
        int maxTurns = state.maxTurns() > 0 ? state.maxTurns() : context.settings().defaultMaxTurns();
        publish(new LoopEvent.Started(id, workflowTurn, now(), resumedBy, state));
        lostTurns.forEach(lost -> publish(new LoopEvent.MessageLost(id, workflowTurn, now(), lost)));
        if (!transcript.isEmpty()) {
            // A crash may have come between the last message and its actions: those not yet applied are, now.
            act(transcript.getLast());
        }
        while (state.turnCount() < maxTurns) {
            if (stop != null || Thread.currentThread().isInterrupted()) {
                throw new InterruptedException("Stopped between turns");
            }
            Participant speaker = Rotation.nextSpeaker(state.participants(), state.lastSpeaker());
            if (speaker.isHuman()) {
                // The loop ends here and the conversation waits, stored, for the human's message: no thread is
                // held, and a restart finds it waiting rather than running.
                finish(LoopStop.of(ConversationStatus.WAITING, StatusCause.YOUR_TURN));
                return;
            }
            Optional<AgentDefinition> agent = context.agents().find(speaker.agentId());
            if (agent.isEmpty()) {
                finish(MissingAgent.of(speaker, context.agents()));
                return;
            }
            int turn = state.turnCount();
            boolean askedAgain = state.turnInDoubt() == turn;
            // Marks the turn in doubt until its message is stored; it needs no sync of its own, because the
            // message's durable append (or the end's) makes it durable too.
            state = append(state, new TurnStarted(turn, speaker.agentId(), askedAgain), Durability.WITH_NEXT);
            streaming = new StreamedReply(turn, context.ticks());
            keepingPaused = false;
            FollowUpStarted followUp = pendingFollowUp;
            pendingFollowUp = null;
            AgentAsking.Answer answer = asking.ask(agent.get(), speaker, state.withMaxTurns(maxTurns), transcript,
                    turn, followUp, streaming, askedAgain ? ToolRounds.earlier(context, id, turn) : TurnSoFar.NONE);
            GatewayReply reply = answer.reply();
            if (streaming.keptAny() || answer.recorded()) {
                // Pieces of this reply went into the log meanwhile: the message follows them.
                state = currentStateWaitingForTheServer();
            }
            streaming = null;
            asking.warnIfAnotherModelAnswered(agent.get(), reply.model());
            String text = reply.text().strip();
            if (text.isEmpty() && answer.taken().isEmpty()) {
                // Nothing to record: not a turn taken, so not an end reached either; the turn can be asked again.
                finish(new LoopStop(ConversationStatus.FAILED, StatusCause.EMPTY_REPLY, speaker.name()
                        + " gave an empty reply to turn " + (turn + 1) + " (Retry asks again)"));
                return;
            }
            // The actions its tool calls took and its markers ask for are recorded with the message, in its one durable
            // append (those of tool calls were recorded before they were applied, too).
            Markers.Parsed asked = Markers.parse(text, answer.taken());
            MessageRecorded message = new MessageRecorded(turn, speaker.agentId(), speaker.name(), asked.shownText(),
                    new Usage(reply.promptTokens(), reply.completionTokens(), reply.latency().toMillis(), reply.model(),
                            reply.cutAtTokenLimit())).withActions(asked.actions());
            state = append(state, message);
            transcript.add(message);
            act(message);
            Recaps.after(context, id, state, transcript, message, warning -> publish(new LoopEvent.Warning(id,
                    workflowTurn, now(), warning)));
        }
        finish(new LoopStop(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, "All " + maxTurns + " turns were taken"
                + TurnsLost.told(lostTurns)));
    }

    /** Applies what {@code message} asked for, each once; one naming no element is a warning (nothing records it). */
    private void act(MessageRecorded message) {
        context.elements().applyAll(id, message).stream().filter(outcome -> !outcome.reachedAnElement())
                .forEach(outcome -> publish(new LoopEvent.Warning(id, workflowTurn, now(), outcome.warning(message))));
    }

    /**
     * Keeps the reply so far in the log (a crash then loses none of it). While the team server is away the pieces
     * stay here instead, the reply goes on streaming, and the reader is told it is not yet saved: the whole reply is
     * saved with its message once the server is back.
     */
    private void keep(StreamedReply reply) {
        if (keepingPaused) {
            return;
        }
        Optional<ReplyChunk> chunk = reply.unkept();
        if (chunk.isPresent()) {
            try {
                append(currentState(), chunk.get());
                reply.kept();
            } catch (dev.workshop.store.StoreUnavailableException away) {
                keepingPaused = true;
                patience.foundAway(away);
            }
        }
    }

    /** A turn ended without its message still keeps what was said (a reply cut off); best effort: the end matters. */
    private void keepWhatWasSaid() {
        StreamedReply reply = streaming;
        streaming = null;
        if (reply == null) {
            return;
        }
        try {
            InterruptsHeld.run(() -> {
                keep(reply);
                return reply;
            });
        } catch (DriverLostException takenOver) {
            // Another Workshop goes on with the turn: nothing of this one's is to be kept, and nothing went wrong.
        } catch (RuntimeException e) {
            publish(new LoopEvent.Error(id, workflowTurn, now(), "Could not keep the reply cut off: " + e.getMessage()));
        }
    }

    /** Reads the messages so far, the workflow turn, and whether a follow-up's prompt awaits the entry agent. */
    private List<MessageRecorded> readLog() {
        List<MessageRecorded> messages = new RecentMessages(window);
        if (currentState().version() == 1) {
            // Just started: the log is its start event, so there is nothing to read (and no need to wait
            // for the database to catch up with the journal).
            workflowTurn = 1;
            pendingFollowUp = null;
            return messages;
        }
        Transcript transcript = Transcript.of(context.store().history(context.tenant(), id));
        messages.addAll(transcript.messages());
        lostTurns = transcript.lostTurns();
        workflowTurn = transcript.turnNumber();
        // Only the prompt itself recorded since the follow-up: the entry agent's answer is next.
        pendingFollowUp = transcript.pendingFollowUp().orElse(null);
        return messages;
    }

    private ConversationState append(ConversationState state, ConversationEvent event) {
        return append(state, event, Durability.DURABLE);
    }

    private ConversationState append(ConversationState state, ConversationEvent event, Durability durability) {
        return appends.append(state, event, durability);
    }

    /** A stop's end: what was said kept and the end recorded; or, ended elsewhere, the stored end told as it is. */
    private void finishStopped(LoopStop why) {
        if (why.elsewhere()) {
            ended = ends.elsewhere(new DriverLostException(why.reason()), workflowTurn)
                    .orElseGet(() -> ends.unrecorded(why.reason(), workflowTurn));
            return;
        }
        keepWhatWasSaid();
        finish(why);
    }

    /** Records the end; reads the stored state first, since an interrupted turn may have moved it on. */
    private void finish(LoopStop end) {
        try {
            ConversationState after = append(currentState(), new StatusChanged(end.status(), end.cause(), end.reason()));
            ended = new LoopEvent.Ended(id, workflowTurn, now(), after);
        } catch (RuntimeException e) {
            if (endedElsewhere(e)) {
                return;
            }
            String why = "Could not record the end of the conversation: " + e.getMessage();
            publish(new LoopEvent.Error(id, workflowTurn, now(), why));
            ended = ends.unrecorded(why, workflowTurn);
        }
    }

    /** Stands down with the stored end when the conversation went on or ended elsewhere ({@link LoopEnds}). */
    private boolean endedElsewhere(RuntimeException failed) {
        Optional<LoopEvent.Ended> elsewhere = ends.elsewhere(failed, workflowTurn);
        elsewhere.ifPresent(end -> ended = end);
        return elsewhere.isPresent();
    }

    private void publish(LoopEvent event) {
        context.publisher().accept(event);
    }

    private java.time.Instant now() {
        return context.clock().instant();
    }
}
