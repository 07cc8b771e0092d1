package dev.workshop.orchestration;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.DeletedConversation;
import dev.workshop.domain.conversation.MessageMatch;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.ResumeCause;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.gateway.GatewayResolver;
import dev.workshop.session.SnapshotFolder;
import dev.workshop.store.AgentCatalog;
import dev.workshop.store.ConversationStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;

/**
 * Starts, stops and resumes conversation loops: one loop per conversation, each on its own virtual thread,
 * never two for the same conversation; at most {@link LoopSettings#concurrencyLimit()} take turns at once.
 * The app and the command line both drive conversations through this class and listen to its events.
 *
 * <p>A facade: {@link ConversationCommands} store what a person asks, {@link Resumption} goes on after a stop,
 * {@link RunningLoops} keeps the loops and their slots, {@link LoopEvents} tells the listeners, and the
 * {@link SessionRestorer} brings back a conversation from a snapshot or a file.
 */
public final class ConversationEngine implements AutoCloseable {
    /** The pauses between attempts to save a snapshot: three more tries over about five seconds. */
    static final List<Duration> SAVE_RETRY_PAUSES = List.of(Duration.ofMillis(250), Duration.ofSeconds(1),
            Duration.ofSeconds(4));

    private final TeamLog log;
    private final LoopEvents events = new LoopEvents();
    private final RunningLoops loops;
    private final ConversationCommands commands;
    private final Resumption resumption;
    private final SessionRestorer restorer;
    private final Optional<SnapshotSaver> saver;
    private final OtherInstances elsewhere;
    private final Elements elements;
    private final ContextPreview preview;
    private final OutsideCallCommands calls;

    /** An engine that keeps no snapshot files: for benchmarks and tests of the loop alone. */
    public ConversationEngine(ConversationStore store, TenantId tenant, AgentCatalog agents, GatewayResolver gateways,
                         LoopSettings settings) {
        this(store, tenant, agents, gateways, settings, Optional.empty());
    }

    /**
     * An engine that also writes each conversation's snapshot into {@code snapshots} at the save points
     * (handing over to the human, stop, cancel) and can restore one from there.
     */
    public ConversationEngine(ConversationStore store, TenantId tenant, AgentCatalog agents, GatewayResolver gateways,
                         LoopSettings settings, Optional<SnapshotFolder> snapshots) {
        this(store, tenant, agents, gateways, settings, snapshots, System::nanoTime);
    }

    /** @param ticks the loops' monotonic time in nanoseconds: {@code System::nanoTime}, or a test's own */
    ConversationEngine(ConversationStore store, TenantId tenant, AgentCatalog agents, GatewayResolver gateways,
                       LoopSettings settings, Optional<SnapshotFolder> snapshots, java.util.function.LongSupplier ticks) {
        // Every write the engine makes goes through the recording store, which tells the listeners what it recorded.
        ConversationStore recording = new RecordingStore(store, events::publish);
        this.log = new TeamLog(recording, tenant);
        this.elements = new Elements(recording, tenant, agents);
        events.subscribe(elements::heard);
        Clock clock = Clock.systemUTC();
        Slots slots = new Slots(settings.concurrencyLimit());
        Toolbox toolbox = new Toolbox();
        LoopContext context = new LoopContext(recording, tenant, agents, gateways, settings, slots, events::publish,
                clock, ticks, elements, toolbox);
        this.loops = new RunningLoops(slots, context);
        this.preview = new ContextPreview(context, log);
        this.resumption = new Resumption(log, agents, loops, events);
        this.calls = new OutsideCallCommands(log, resumption, toolbox);
        this.commands = new ConversationCommands(log, agents, loops, events);
        this.restorer = new SessionRestorer(recording, tenant, agents, snapshots, events::publish, clock,
                loops::isRunning);
        this.saver = snapshots.map(folder -> new SnapshotSaver(recording, tenant, folder, events::publish, clock,
                SAVE_RETRY_PAUSES));
        saver.ifPresent(events::subscribe);
        this.elsewhere = new OtherInstances(log, loops, events);
        store.watchElsewhere(tenant, elsewhere::changed);
    }

    /** The team whose conversations this engine runs. */
    public TenantId team() {
        return log.tenant();
    }

    public void subscribe(Consumer<LoopEvent> listener) {
        events.subscribe(listener);
    }

    /** From now on, what other instances on a team server record reaches the listeners within about a second. */
    public void hearOtherInstances() {
        elsewhere.publish();
    }

    /** Whether another instance on a team server drives the conversation now (its loop runs there). */
    public boolean drivenElsewhere(ConversationId id) {
        return log.store().drivenElsewhere(log.tenant(), id).isPresent();
    }

    /** Which device drives each conversation another instance drives now (empty outside a team server). */
    public java.util.Map<ConversationId, String> drivers() {
        return log.store().drivers(log.tenant());
    }

    public LoopSettings settings() {
        return loops.settings();
    }

    /**
     * New settings from now on: later turns and conversations use them; a higher limit of conversations at once
     * starts queued ones now, a lower one lets those running finish their turns and starts none until fewer run.
     */
    public void applySettings(LoopSettings newSettings) {
        loops.applySettings(newSettings);
    }

    /** Starts a conversation among two or more agents on {@code task}. */
    public ConversationId startConversation(List<AgentId> participants, String task, OptionalInt maxTurns) {
        return startConversation(ConversationId.random(), participants, task, maxTurns);
    }

    /** Starts a conversation under an id the caller chose (the canvas ties it to its agents before the first event). */
    public ConversationId startConversation(ConversationId id, List<AgentId> participants, String task,
                                            OptionalInt maxTurns) {
        if (participants.size() < 2) {
            throw new IllegalArgumentException("A conversation needs at least two agents; use a task for one");
        }
        return commands.start(id, ConversationKind.CONVERSATION, participants, task, maxTurns);
    }

    /** Gives one agent a task; it takes every turn. */
    public ConversationId assignTask(AgentId agent, String task, OptionalInt maxTurns) {
        return assignTask(ConversationId.random(), agent, task, maxTurns);
    }

    public ConversationId assignTask(ConversationId id, AgentId agent, String task, OptionalInt maxTurns) {
        return commands.start(id, ConversationKind.TASK, List.of(agent), task, maxTurns);
    }

    /**
     * Stops the conversation's loop so that it can be held, and waits for it: a turn being asked is cut (it stays
     * in doubt, asked again after re-inflation). True when a loop was running.
     *
     * @throws IllegalStateException when the loop has not stopped within {@code timeout}
     */
    boolean stopToHold(ConversationId id, Duration timeout) throws InterruptedException {
        if (!loops.stop(id, LoopStop.of(ConversationStatus.INTERRUPTED, StatusCause.HOLDING))) {
            return false;
        }
        if (!loops.await(id, timeout)) {
            throw new IllegalStateException("Conversation " + id + " is still stopping; it was not held");
        }
        return true;
    }

    /** The store as the engine writes it: what is appended through it is told to the listeners. */
    ConversationStore recordingStore() {
        return log.store();
    }

    /** Tells the listeners (the app's views, the command line's printer). */
    void publish(LoopEvent event) {
        events.publish(event);
    }

    /** @param resumedBy why it starts again, or null for a conversation that just began */
    void launch(ConversationId id, ResumeCause resumedBy) {
        loops.launch(id, resumedBy);
    }

    public boolean isRunning(ConversationId id) {
        return loops.isRunning(id);
    }

    /** How many conversations have a loop right now (taking turns or queued). */
    public int runningCount() {
        return loops.count();
    }

    /**
     * Stops a conversation: its call is cancelled and it becomes {@code interrupted} (resumable, but not resumed at
     * launch) or {@code completed}; one with no loop here is marked the same.
     */
    public void abort(ConversationId id, AbortOutcome outcome) {
        ConversationStatus status = outcome == AbortOutcome.COMPLETE ? ConversationStatus.COMPLETED
                : ConversationStatus.INTERRUPTED;
        commands.stop(id, LoopStop.of(status, StatusCause.USER_ABORTED));
    }

    /** Ends a conversation as {@code completed}: it cannot go on (a participant left the canvas), {@code reason} says. */
    public void end(ConversationId id, String reason) {
        commands.stop(id, new LoopStop(ConversationStatus.COMPLETED, StatusCause.AGENT_GONE, reason));
    }

    /** The team's shared elements: boards, pinboards, the rulebook, each agent's inbox and memory. */
    public Elements elements() {
        return elements;
    }

    /** The log as the engine writes it (told to its listeners), for the engine's helpers in this package. */
    TeamLog log() {
        return log;
    }

    /** The outside tools, and the user's word on their calls: approvals and calls in doubt. */
    public OutsideCallCommands calls() {
        return calls;
    }

    /** What an agent's next turn would send (the context viewer). */
    public ContextPreview contextPreview() {
        return preview;
    }

    /** Every conversation, the most recently active first. */
    public List<ConversationState> conversations() {
        return log.store().list(log.tenant());
    }

    /** Everything recorded for a conversation, in order. */
    public List<RecordedEvent> history(ConversationId id) {
        return log.store().history(log.tenant(), id);
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

    /** Continues a stopped conversation now (one the user aborted too); false when it cannot, ended with why. */
    public boolean resume(ConversationId id) {
        return resumption.resume(id);
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
        resumption.retry(id);
    }

    /**
     * The user's message, wherever the conversation stands: their turn when it waits for them, else a
     * follow-up with the next turn number (an ended conversation, or a restored one paused on an agent's turn).
     */
    public void message(ConversationId id, String text) {
        commands.message(id, text);
    }

    /** Team mode: goes on with the team's conversations whose driver is gone, unless changed within {@code quiet}. */
    public List<ConversationId> driveThoseWithoutADriver(Duration quiet) {
        return resumption.driveThoseWithoutADriver(quiet);
    }

    /** Whether {@link #resume(ConversationId)} applies: interrupted, or restored and paused on an agent's turn. */
    public static boolean canResume(ConversationState state) {
        return Resumption.canResume(state);
    }

    /**
     * The human's message in a conversation that waits for it: stored durably as their turn, then the agents go on.
     * Refused (nothing stored) when it does not wait for the human, or the text is empty or too large.
     */
    public void humanMessage(ConversationId id, String text) {
        commands.humanMessage(id, text);
    }

    /**
     * Continues an ended or waiting conversation with the user's next prompt: {@code turnNumber} follows the stored
     * one; the context is the one given ({@link FollowUps#validate}) or built from the log. A new round (at most the
     * turn limit) runs, the entry agent first. Refused, with nothing stored, when any of that does not hold.
     */
    public void followUp(ConversationId id, int turnNumber, String prompt, Optional<String> givenContext) {
        commands.followUp(id, turnNumber, prompt, givenContext);
    }

    /** The conversation as stored now, if it exists and was not deleted. */
    public Optional<ConversationState> state(ConversationId id) {
        return log.state(id);
    }

    /** Messages of this team whose text contains {@code text} (ignoring case), at most {@code limit}. */
    public List<MessageMatch> findMessages(String text, int limit) {
        return log.store().findMessages(log.tenant(), text, limit);
    }

    /** Names a conversation, running or not (its loop takes the name in); a blank title goes back to the task's. */
    public void rename(ConversationId id, String title) {
        commands.rename(id, title);
    }

    /**
     * Deletes a conversation: a running one is stopped first (as an abort would), then it leaves every list, now
     * and after a restart. Its events stay in the append-only log.
     *
     * @throws IllegalStateException when its loop did not stop within {@code stopTimeout}; nothing was deleted
     */
    public void delete(ConversationId id, Duration stopTimeout) throws InterruptedException {
        commands.delete(id, stopTimeout);
    }

    /** This team's deleted conversations, most recently deleted first: what {@link #undelete} can bring back. */
    public List<DeletedConversation> deletedConversations() {
        return log.store().listDeleted(log.tenant());
    }

    /**
     * Takes a deletion back (the sidebar's Undo): listed again with its messages; stopped to be deleted, it stays
     * stopped until the user resumes it.
     *
     * @throws IllegalArgumentException when there is no such conversation
     * @throws IllegalStateException    when it is not deleted
     */
    public void undelete(ConversationId id) {
        commands.undelete(id);
    }

    /** What {@link #resumeInterruptedConversations()} would take up, oldest first (not what the user stopped). */
    public List<ConversationState> conversationsToResume() {
        return resumption.conversationsToResume();
    }

    /** At open: what was running when Workshop stopped is {@code interrupted}, to be resumed. */
    public int markRunningAsInterrupted() {
        return resumption.markRunningAsInterrupted();
    }

    /** Continues every conversation Workshop's stop or crash interrupted, oldest first; ends those that cannot. */
    public List<ConversationId> resumeInterruptedConversations() {
        return resumption.resumeInterruptedConversations();
    }

    /** Waits until the conversation's loop (if any) has finished. */
    public boolean await(ConversationId id, Duration timeout) throws InterruptedException {
        return loops.await(id, timeout);
    }

    public void awaitAll() throws InterruptedException {
        loops.awaitAll();
    }

    /** Stops every loop as {@code interrupted} (to be resumed at the next start) and waits for them. */
    @Override
    public void close() {
        loops.stopAll();
        elements.memories().close();
        calls.toolbox().close();
        saver.ifPresent(SnapshotSaver::close);
    }
}
