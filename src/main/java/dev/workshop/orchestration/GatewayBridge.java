package dev.workshop.orchestration;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.Deleted;
import dev.workshop.domain.conversation.ConversationEvent.FollowUpStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.Renamed;
import dev.workshop.domain.conversation.ConversationEvent.ResumeStarted;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.DeletedConversation;
import dev.workshop.domain.conversation.MessageMatch;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.ResumeCause;
import dev.workshop.domain.conversation.Rotation;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.gateway.GatewayResolver;
import dev.workshop.session.SnapshotFolder;
import dev.workshop.store.AgentCatalog;
import dev.workshop.store.ConcurrentAppendException;
import dev.workshop.store.ConversationStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Starts, stops and resumes conversation loops: one loop per conversation, each on its own virtual thread,
 * never two for the same conversation; at most {@link LoopSettings#concurrencyLimit()} take turns at once.
 * The app and the command line both drive conversations through this class and listen to its events.
 */
public final class GatewayBridge implements AutoCloseable {
    /** The pauses between attempts to save a snapshot: three more tries over about five seconds. */
    static final List<Duration> SAVE_RETRY_PAUSES = List.of(Duration.ofMillis(250), Duration.ofSeconds(1),
            Duration.ofSeconds(4));

    private final ConversationStore store;
    private final TenantId tenant;
    private final AgentCatalog agents;
    private final Map<ConversationId, ConversationLoop> running = new ConcurrentHashMap<>();
    private final List<Consumer<LoopEvent>> listeners = new CopyOnWriteArrayList<>();
    private final Slots slots;
    /** Replaced by {@link #applySettings}, settings and all; a loop keeps the context it started with. */
    private volatile LoopContext context;
    private final SessionRestorer restorer;
    private final Optional<SnapshotSaver> saver;

    /** A bridge that keeps no snapshot files: for benchmarks and tests of the loop alone. */
    public GatewayBridge(ConversationStore store, TenantId tenant, AgentCatalog agents, GatewayResolver gateways,
                         LoopSettings settings) {
        this(store, tenant, agents, gateways, settings, Optional.empty());
    }

    /**
     * A bridge that also writes each conversation's snapshot into {@code snapshots} at the save points
     * (handing over to the human, stop, cancel) and can restore one from there.
     */
    public GatewayBridge(ConversationStore store, TenantId tenant, AgentCatalog agents, GatewayResolver gateways,
                         LoopSettings settings, Optional<SnapshotFolder> snapshots) {
        this.store = store;
        this.tenant = tenant;
        this.agents = agents;
        Clock clock = Clock.systemUTC();
        this.slots = new Slots(settings.concurrencyLimit());
        this.context = new LoopContext(store, tenant, agents, gateways, settings, slots, this::publish, clock);
        this.restorer = new SessionRestorer(store, tenant, agents, snapshots, this::publish, clock,
                running::containsKey);
        this.saver = snapshots.map(folder -> new SnapshotSaver(store, tenant, folder, this::publish, clock,
                SAVE_RETRY_PAUSES));
        saver.ifPresent(listeners::add);
    }

    /** The team whose conversations this bridge runs. */
    public TenantId team() {
        return tenant;
    }

    public void subscribe(Consumer<LoopEvent> listener) {
        listeners.add(listener);
    }

    /**
     * Tells every listener, each on its own: one that fails (a view reading a store that is being closed) is
     * reported and skipped, so the loop that publishes still finishes its bookkeeping and the others still hear.
     */
    private void publish(LoopEvent event) {
        for (Consumer<LoopEvent> listener : listeners) {
            try {
                listener.accept(event);
            } catch (RuntimeException failed) {
                System.err.println("workshop: a listener of conversation events failed on " + event + ": " + failed);
            }
        }
    }

    public LoopSettings settings() {
        return context.settings();
    }

    /**
     * New settings from now on: conversations started (or resumed) later use their turn limit and message
     * window; the number of conversations at once changes at once (a higher one starts queued conversations
     * now; a lower one lets those running finish their turns and starts none until fewer run).
     */
    public synchronized void applySettings(LoopSettings newSettings) {
        slots.resize(newSettings.concurrencyLimit());
        context = new LoopContext(context.store(), context.tenant(), context.agents(), context.gateways(), newSettings,
                slots, context.publisher(), context.clock());
    }

    /** Starts a conversation among two or more agents on {@code task}. */
    public ConversationId startConversation(List<AgentId> participants, String task, OptionalInt maxTurns) {
        return startConversation(ConversationId.random(), participants, task, maxTurns);
    }

    /**
     * Starts a conversation under an id the caller chose, so that it can tie the id to its own records (the
     * canvas, to its agent instances) before the first event arrives.
     */
    public ConversationId startConversation(ConversationId id, List<AgentId> participants, String task,
                                            OptionalInt maxTurns) {
        if (participants.size() < 2) {
            throw new IllegalArgumentException("A conversation needs at least two agents; use a task for one");
        }
        return start(id, ConversationKind.CONVERSATION, participants, task, maxTurns);
    }

    /** Gives one agent a task; it takes every turn. */
    public ConversationId assignTask(AgentId agent, String task, OptionalInt maxTurns) {
        return assignTask(ConversationId.random(), agent, task, maxTurns);
    }

    public ConversationId assignTask(ConversationId id, AgentId agent, String task, OptionalInt maxTurns) {
        return start(id, ConversationKind.TASK, List.of(agent), task, maxTurns);
    }

    private ConversationId start(ConversationId id, ConversationKind kind, List<AgentId> agentIds, String task,
                                 OptionalInt maxTurns) {
        if (task == null || task.isBlank()) {
            throw new IllegalArgumentException("A conversation needs a task prompt");
        }
        int turns = maxTurns.orElse(settings().defaultMaxTurns());
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
        publish(new LoopEvent.TeamReady(id, 1, context.clock().instant(), tenant, false));
        launch(id, null);
        return id;
    }

    /** @param resumedBy why it starts again, or null for a conversation that just began */
    void launch(ConversationId id, ResumeCause resumedBy) {
        launch(id, resumedBy, false);
    }

    /**
     * Starts the loop after the user's message was stored; the loop publishes that message first, with the
     * workflow turn it reads from the log anyway (so the log is read once, by the loop).
     */
    private void launchAnnouncingLastMessage(ConversationId id) {
        launch(id, null, true);
    }

    private void launch(ConversationId id, ResumeCause resumedBy, boolean announceLastMessage) {
        ConversationLoop loop = new ConversationLoop(id, resumedBy, announceLastMessage, context,
                finished -> running.remove(id, finished));
        if (running.putIfAbsent(id, loop) != null) {
            throw new IllegalStateException("Conversation " + id + " already has a running loop");
        }
        Thread.ofVirtual().name("conversation-" + id).start(loop);
    }

    public boolean isRunning(ConversationId id) {
        return running.containsKey(id);
    }

    /** How many conversations have a loop right now (taking turns or queued). */
    public int runningCount() {
        return running.size();
    }

    /**
     * Stops a conversation: its in-flight call is cancelled and it becomes {@code interrupted} (resumable,
     * but not resumed at launch) or {@code completed}. A conversation with no loop here is marked the same.
     */
    public void abort(ConversationId id, AbortOutcome outcome) {
        ConversationStatus status = outcome == AbortOutcome.COMPLETE ? ConversationStatus.COMPLETED
                : ConversationStatus.INTERRUPTED;
        stop(id, status, Reasons.ABORTED);
    }

    /**
     * Ends a conversation as {@code completed} because it cannot go on (a participant was removed from the
     * canvas); {@code reason} is recorded and shown.
     */
    public void end(ConversationId id, String reason) {
        stop(id, ConversationStatus.COMPLETED, reason);
    }

    private void stop(ConversationId id, ConversationStatus status, String reason) {
        ConversationLoop loop = running.get(id);
        if (loop != null) {
            loop.stop(new ConversationLoop.Stop(status, reason));
            return;
        }
        ConversationState state = stateOf(id);
        if (!state.status().isFinal()) {
            store.append(tenant, id, state.version(), List.of(new StatusChanged(status, reason)));
            publish(new LoopEvent.Ended(id, 1, context.clock().instant(), status, reason));
        }
    }

    /** Every conversation, the most recently active first. */
    public List<ConversationState> conversations() {
        return store.list(tenant);
    }

    /** Everything recorded for a conversation, in order. */
    public List<RecordedEvent> history(ConversationId id) {
        return store.history(tenant, id);
    }

    /**
     * Restores one conversation of this team by id, from the log or else from the team's snapshot file (older
     * schemas migrated), and leaves it paused: no loop runs until the human sends a message, resumes it or
     * follows it up. Publishes {@link LoopEvent.SessionRestored} and {@link LoopEvent.TeamReady}.
     *
     * @throws SessionNotFoundException when neither holds it (nor another team's)
     * @throws TeamMismatchException when it belongs to another team
     * @throws dev.workshop.session.InvalidSnapshotException when its snapshot file cannot be read
     */
    public RestoredSession restore(ConversationId id) {
        return restorer.restore(id);
    }

    /**
     * Restores the conversation held in a snapshot or JSON export file (older schemas migrated): recorded in
     * this team's log, unless it is there already, and paused as by {@link #restore(ConversationId)}.
     *
     * @throws TeamMismatchException when the file or the log says it is another team's
     * @throws dev.workshop.session.InvalidSnapshotException naming the file and what is wrong with it
     */
    public RestoredSession restoreFrom(Path file) {
        return restorer.restoreFrom(file);
    }

    /**
     * Forks a conversation at one of its messages: a new conversation (new id) with the messages up to and
     * including turn index {@code throughTurn}, the same members, task and turn limit, paused there as a
     * restore is (Resume goes on with the next speaker; a message starts a new round). The source is unchanged
     * and may be running. Publishes {@link LoopEvent.SessionRestored} for the new one.
     *
     * @throws IllegalArgumentException for an unknown or deleted conversation, or a turn it does not have
     */
    public RestoredSession fork(ConversationId source, int throughTurn) {
        return restorer.fork(source, throughTurn);
    }

    /**
     * Continues one stopped conversation now (the user asked for it, so one they aborted too). Returns false
     * when it cannot go on; it is then ended with the reason, as at launch.
     */
    public boolean resume(ConversationId id) {
        ConversationState state = stateOf(id);
        if (running.containsKey(id) || !canResume(state)) {
            throw new IllegalStateException("Only an interrupted or restored conversation can be resumed; this one is "
                    + state.status().wireName());
        }
        return resume(state, ResumeCause.USER).isPresent();
    }

    /**
     * Asks a failed conversation's failing turn again, once the user has fixed what failed it (an agent's model
     * or key, a server that was down): it goes on as a resume would, even when it was stopped for resuming
     * without progress, since the user asked. The crash-loop guard's count starts afresh, and counts this
     * attempt if it stops while asking the turn again.
     *
     * @throws IllegalStateException when no failed turn stopped the conversation, or it cannot go on (no turns
     *                               left, an agent removed); nothing is stored
     */
    public void retry(ConversationId id) {
        ConversationState state = stateOf(id);
        if (running.containsKey(id) || !stoppedByAFailure(state.status(), state.statusReason())) {
            throw new IllegalStateException("Only a conversation stopped by a failed turn can be retried; this one"
                    + " is " + state.status().wireName());
        }
        Optional<ConversationLoop.Stop> cannot = whyItCannotContinue(state);
        if (cannot.isPresent()) {
            throw new IllegalStateException(cannot.get().reason());
        }
        store.append(tenant, id, state.version(),
                List.of(new ResumeStarted(state.resumesWithoutProgress() + 1, ResumeCause.RETRY)));
        // Not "resumed after restart" on the canvas: nothing restarted, the user asked again.
        launch(id, ResumeCause.RETRY);
    }

    /**
     * The user's message, wherever the conversation stands: their turn when it waits for them, else a
     * follow-up with the next turn number (an ended conversation, or a restored one paused on an agent's turn).
     */
    public void message(ConversationId id, String text) {
        ConversationState state = stateOf(id);
        if (state.status() == ConversationStatus.WAITING && !SessionRestorer.pausedOnAnAgentsTurn(state)) {
            humanMessage(id, text);
        } else {
            requireFollowUpPossible(state);
            List<RecordedEvent> history = store.history(tenant, id);
            followUp(state, history, FollowUps.turnNumber(history) + 1, text, Optional.empty());
        }
    }

    /**
     * Whether a conversation stopped because a turn failed: failed outright (a refused key, an unknown model), or
     * interrupted by an error it may get past on another try (a server that is down or dropped the stream),
     * as opposed to stopped on purpose (Abort, Workshop closing, a deletion).
     */
    public static boolean stoppedByAFailure(ConversationStatus status, String reason) {
        return status == ConversationStatus.FAILED || (status == ConversationStatus.INTERRUPTED && !reason.isEmpty()
                && !Reasons.ON_PURPOSE.contains(reason));
    }

    /** Whether {@link #resume(ConversationId)} applies: interrupted, or restored and paused on an agent's turn. */
    public static boolean canResume(ConversationState state) {
        return state.status() == ConversationStatus.INTERRUPTED || SessionRestorer.pausedOnAnAgentsTurn(state);
    }

    /**
     * The human's message in a conversation that waits for it: stored durably as their turn, then the agents
     * go on. Refused (nothing stored) when the conversation is not waiting for the human or the text is empty
     * or too large.
     */
    public void humanMessage(ConversationId id, String text) {
        ConversationState state = stateOf(id);
        if (state.status() != ConversationStatus.WAITING || running.containsKey(id)) {
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
                new MessageRecorded(turn, Participant.HUMAN, "You",
                        content),
                new StatusChanged(ConversationStatus.ACTIVE, "")));
        launchAnnouncingLastMessage(id);
    }

    /**
     * Continues an ended or waiting conversation with the user's next prompt (the conversation id is the workflow id):
     * {@code turnNumber} must follow the stored one; the context is the one given (already validated, see
     * {@link FollowUps#validate}) or built from the log. A new round of at most the conversation's turn limit
     * runs, the entry agent answering first. Refused, with nothing stored, when any of that does not hold.
     */
    public void followUp(ConversationId id, int turnNumber, String prompt, Optional<String> givenContext) {
        ConversationState state = store.state(tenant, id)
                .orElseThrow(() -> new IllegalArgumentException("No conversation with workflow id " + id));
        requireFollowUpPossible(state);
        followUp(state, store.history(tenant, id), turnNumber, prompt, givenContext);
    }

    // Waiting (for the human, or restored): the prompt starts the next round, as after an end.
    private void requireFollowUpPossible(ConversationState state) {
        if (running.containsKey(state.id())
                || !(state.status().isFinal() || state.status() == ConversationStatus.WAITING)) {
            throw new IllegalStateException("The conversation is " + state.status().wireName()
                    + "; a follow-up continues one that has ended, waits for you or was restored");
        }
    }

    /**
     * The follow-up itself, on the state and history the caller has read (the log is read once) after
     * {@link #requireFollowUpPossible}.
     */
    private void followUp(ConversationState state, List<RecordedEvent> history, int turnNumber, String prompt,
                          Optional<String> givenContext) {
        ConversationId id = state.id();
        int stored = FollowUps.turnNumber(history);
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
        int roundTurns = history.stream().map(RecordedEvent::event).filter(ConversationStarted.class::isInstance)
                .map(event -> ((ConversationStarted) event).maxTurns()).filter(turns -> turns > 0).findFirst()
                .orElse(settings().defaultMaxTurns());
        int turn = state.turnCount();
        String context = givenContext.orElseGet(() -> FollowUps.context(history));
        store.append(tenant, id, state.version(), List.of(
                new FollowUpStarted(turnNumber, turn + 1 + roundTurns, context),
                new TurnStarted(turn, Participant.HUMAN, false),
                new MessageRecorded(turn, Participant.HUMAN, "You", content)));
        launchAnnouncingLastMessage(id);
    }

    private ConversationState stateOf(ConversationId id) {
        return state(id).orElseThrow(() -> new IllegalArgumentException("No conversation with id " + id));
    }

    /** The conversation as stored now, if it exists and was not deleted. */
    public Optional<ConversationState> state(ConversationId id) {
        return store.state(tenant, id).filter(state -> !state.deleted());
    }

    /** Messages of this team whose text contains {@code text} (ignoring case), at most {@code limit}. */
    public List<MessageMatch> findMessages(String text, int limit) {
        return store.findMessages(tenant, text, limit);
    }

    /**
     * Names a conversation, whether it runs or not (a running loop takes the new name in between its appends);
     * a blank title goes back to the one taken from the task.
     */
    public void rename(ConversationId id, String title) {
        Renamed rename = new Renamed(title);
        appendRetrying(id, rename);
        publish(new LoopEvent.Renamed(id, 1, context.clock().instant(), stateOf(id).title()));
    }

    /**
     * Deletes a conversation: a running one is stopped first (as an abort would), then it leaves every list, now
     * and after a restart. Its events stay in the append-only log.
     *
     * @throws IllegalStateException when its loop did not stop within {@code stopTimeout}; nothing was deleted
     */
    public void delete(ConversationId id, Duration stopTimeout) throws InterruptedException {
        stateOf(id);
        if (running.containsKey(id)) {
            stop(id, ConversationStatus.INTERRUPTED, Reasons.DELETED);
            if (!await(id, stopTimeout)) {
                throw new IllegalStateException("Conversation " + id + " is still stopping; nothing was deleted");
            }
        }
        appendRetrying(id, new Deleted());
        publish(new LoopEvent.Deleted(id, 1, context.clock().instant()));
    }

    /** This team's deleted conversations, most recently deleted first: what {@link #undelete} can bring back. */
    public List<DeletedConversation> deletedConversations() {
        return store.listDeleted(tenant);
    }

    /**
     * Takes a deletion back (the sidebar's Undo): the conversation is listed again with its messages; one that
     * was stopped to be deleted stays stopped until the user resumes it.
     *
     * @throws IllegalArgumentException when there is no such conversation
     * @throws IllegalStateException    when it is not deleted
     */
    public void undelete(ConversationId id) {
        ConversationState state = store.state(tenant, id)
                .orElseThrow(() -> new IllegalArgumentException("No conversation with id " + id));
        if (!state.deleted()) {
            throw new IllegalStateException("Conversation " + id + " is not deleted");
        }
        store.append(tenant, id, state.version(), List.of(new ConversationEvent.Undeleted()));
        publish(new LoopEvent.Undeleted(id, 1, context.clock().instant()));
    }

    /** Appends one event at the current version, reading it again when a loop appended in between. */
    private void appendRetrying(ConversationId id, ConversationEvent event) {
        for (int attempt = 1; ; attempt++) {
            ConversationState state = stateOf(id);
            try {
                store.append(tenant, id, state.version(), List.of(event));
                return;
            } catch (ConcurrentAppendException e) {
                if (attempt == 5) {
                    throw e;
                }
            }
        }
    }

    /**
     * The conversations {@link #resumeInterruptedConversations()} would take up, oldest first: interrupted by
     * a stop, a crash or an endpoint failure, not by the user.
     */
    public List<ConversationState> conversationsToResume() {
        return store.list(tenant).stream()
                .filter(state -> state.status() == ConversationStatus.INTERRUPTED)
                .filter(state -> !state.statusReason().equals(Reasons.ABORTED)
                        && !state.statusReason().equals(Reasons.DELETED))
                .filter(state -> !running.containsKey(state.id()))
                .sorted(Comparator.comparing(ConversationState::updatedAt))
                .toList();
    }

    /** At open: what was running when Workshop stopped is {@code interrupted}, to be resumed. */
    public int markRunningAsInterrupted() {
        int marked = 0;
        for (ConversationState state : store.list(tenant)) {
            if (state.status() == ConversationStatus.ACTIVE || state.status() == ConversationStatus.QUEUED) {
                store.append(tenant, state.id(), state.version(),
                        List.of(new StatusChanged(ConversationStatus.INTERRUPTED, Reasons.STOPPED)));
                marked++;
            }
        }
        return marked;
    }

    /**
     * Continues every conversation that was interrupted by a stop, a crash or an endpoint failure (not by
     * the user), oldest first. Those that cannot continue are ended with the reason.
     */
    public List<ConversationId> resumeInterruptedConversations() {
        List<ConversationId> resumed = new ArrayList<>();
        for (ConversationState state : conversationsToResume()) {
            resume(state, ResumeCause.RESTART).ifPresent(resumed::add);
        }
        return resumed;
    }

    private Optional<ConversationId> resume(ConversationState state, ResumeCause cause) {
        ConversationId id = state.id();
        // The guard stops what restarts by itself; the user who asks to go on is let go on.
        Optional<ConversationLoop.Stop> cannot = cause == ResumeCause.RESTART ? whyItCannotResume(state)
                : whyItCannotContinue(state);
        if (cannot.isPresent()) {
            ConversationLoop.Stop stop = cannot.get();
            store.append(tenant, id, state.version(), List.of(new StatusChanged(stop.status(), stop.reason())));
            publish(new LoopEvent.Ended(id, 1, context.clock().instant(), stop.status(), stop.reason()));
            return Optional.empty();
        }
        store.append(tenant, id, state.version(), List.of(new ResumeStarted(state.resumesWithoutProgress() + 1, cause)));
        // Only a restart is announced as one ("resumed after restart" on the canvas and in `resume`'s output).
        launch(id, cause);
        return Optional.of(id);
    }

    private Optional<ConversationLoop.Stop> whyItCannotResume(ConversationState state) {
        if (state.resumesWithoutProgress() >= settings().maxResumesWithoutProgress()) {
            // The failure that kept it from going on, if one did: the reader's way to fix it.
            String lastFailure = stoppedByAFailure(state.status(), state.statusReason())
                    ? " (last time: " + state.statusReason() + ")" : "";
            return Optional.of(new ConversationLoop.Stop(ConversationStatus.FAILED, "Stopped "
                    + state.resumesWithoutProgress() + " times in a row while asking turn " + (state.turnCount() + 1)
                    + ", with nothing of its reply kept; not resumed again by itself so that a crash loop cannot spin"
                    + " (Retry or Resume goes on)" + lastFailure));
        }
        return whyItCannotContinue(state);
    }

    /**
     * What rules out another turn whoever asks: an agent gone (it ends), or missing with its damaged list (it
     * waits), no task, no turns left.
     */
    private Optional<ConversationLoop.Stop> whyItCannotContinue(ConversationState state) {
        Optional<ConversationLoop.Stop> missing = MissingAgent.among(state.participants(), agents);
        if (missing.isPresent()) {
            return missing;
        }
        if (state.task().isEmpty()) {
            return Optional.of(new ConversationLoop.Stop(ConversationStatus.COMPLETED,
                    "No task prompt was recorded, so the conversation cannot continue"));
        }
        int maxTurns = state.maxTurns() > 0 ? state.maxTurns() : settings().defaultMaxTurns();
        if (state.turnCount() >= maxTurns) {
            return Optional.of(new ConversationLoop.Stop(ConversationStatus.COMPLETED,
                    "All " + maxTurns + " turns were already taken"));
        }
        return Optional.empty();
    }

    /** Waits until the conversation's loop (if any) has finished. */
    public boolean await(ConversationId id, Duration timeout) throws InterruptedException {
        ConversationLoop loop = running.get(id);
        return loop == null || loop.awaitFinished(timeout);
    }

    /** Waits until no loop runs. */
    public void awaitAll() throws InterruptedException {
        while (!running.isEmpty()) {
            for (ConversationLoop loop : List.copyOf(running.values())) {
                loop.awaitFinished();
            }
        }
    }

    /** Stops every loop as {@code interrupted} (to be resumed at the next start) and waits for them. */
    @Override
    public void close() {
        List<ConversationLoop> loops = List.copyOf(running.values());
        loops.forEach(loop -> loop.stop(new ConversationLoop.Stop(ConversationStatus.INTERRUPTED, Reasons.STOPPED)));
        try {
            for (ConversationLoop loop : loops) {
                loop.awaitFinished(Duration.ofSeconds(10));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        saver.ifPresent(SnapshotSaver::close);
    }
}
