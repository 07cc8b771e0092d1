package dev.workshop.ui.canvas;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.AgentInstance;
import dev.workshop.domain.canvas.Behaviour;
import dev.workshop.domain.canvas.Camera;
import dev.workshop.domain.canvas.CanvasScene;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.canvas.Rope;
import dev.workshop.domain.canvas.HeldLayout;
import dev.workshop.domain.canvas.SceneSettings;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.fsm.Transition;
import dev.workshop.orchestration.AgentDirectory;
import dev.workshop.orchestration.LoopEvent;
import dev.workshop.orchestration.Workspace;
import dev.workshop.ui.fx.Background;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.fx.PlainText;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The canvas: agents placed on it, their ropes and state machines, the camera, the selection, and the
 * running conversations drawn between agents. Every method runs on the FX thread; work that touches the
 * store or the loops runs on virtual threads and reports back through the {@link FxExecutor}.
 */
public final class CanvasViewModel {
    static final double COOLDOWN_SECONDS = 3;
    static final double BUBBLE_SECONDS = 6;
    static final int BUBBLE_CHARS = 120;
    static final double DUPLICATE_OFFSET = 40;

    private final Workspace workspace;
    private final FxExecutor fx;
    private final ObservableList<Rope> ropes = FXCollections.observableArrayList();
    private final ObservableList<Rope> readOnlyRopes = FXCollections.unmodifiableObservableList(ropes);
    private final CanvasCamera camera = new CanvasCamera(this::sceneChanged);
    private final PlacedAgents placed;
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper("");
    private final UndoSteps steps = new UndoSteps(this);
    private final CanvasSelection selection = new CanvasSelection(this);
    private final CanvasEdits edits = new CanvasEdits(this);
    /** The running conversations drawn over the canvas. */
    private final ConversationOverlay overlay = new ConversationOverlay(this);
    private final CanvasWaysOut waysOut = new CanvasWaysOut(overlay);
    private final CanvasConversations conversations;
    private boolean loaded;

    /**
     * @param transitions hears every state-machine transition of every agent (tests listen)
     */
    public CanvasViewModel(Workspace workspace, FxExecutor fx, BiConsumer<InstanceId, Transition> transitions) {
        this(workspace, fx, Background.virtualThreads(), transitions);
    }

    /**
     * @param background  where starting and ending conversations runs, away from the FX thread
     * @param transitions hears every state-machine transition of every agent (tests listen)
     */
    public CanvasViewModel(Workspace workspace, FxExecutor fx, Background background,
                           BiConsumer<InstanceId, Transition> transitions) {
        this.workspace = workspace;
        this.fx = fx;
        this.placed = new PlacedAgents(transitions);
        this.conversations = new CanvasConversations(this, workspace, fx, background);
    }

    public CanvasViewModel(Workspace workspace, FxExecutor fx) {
        this(workspace, fx, (instance, transition) -> { });
    }

    /** Listens to the conversation loops; call once, before conversations are resumed. */
    public void connect() {
        workspace.engine().subscribe(event -> {
            if (event instanceof LoopEvent.Started started) {
                // The participants come with the event (or from the store, read here on the loop's thread).
                Optional<ConversationState> state = started.stateAfter()
                        .or(() -> workspace.engine().state(started.conversationId()));
                state.ifPresent(found -> fx.execute(() -> overlay.conversationStarted(found, started.resumed(),
                        started.resumedBy() == null)));
            } else {
                fx.execute(() -> overlay.onEvent(event));
            }
        });
        workspace.scene().onFailure(message -> fx.execute(() -> notice.set(message)));
        workspace.scene().onPlacement(layout -> fx.execute(() -> placeHeld(layout)));
    }

    /**
     * Puts a re-inflated conversation's agents where they stood when it was held (those on the canvas already stay
     * where they are), with the ropes between them.
     */
    void placeHeld(HeldLayout layout) {
        // Agents the re-inflation added back are in the directory, not yet in the palette.
        reloadPalette();
        CanvasScene after = layout.placeOn(snapshot(), agent -> definition(agent).isPresent());
        for (AgentInstance instance : after.instances()) {
            if (!isOnCanvas(instance.id())) {
                definition(instance.agentId()).ifPresent(definition -> add(instance, definition));
            }
        }
        for (Rope rope : after.ropes()) {
            if (ropes.stream().noneMatch(known -> known.id().equals(rope.id()))) {
                ropes.add(rope);
            }
        }
        List<InstanceId> instances = after.conversationInstances().get(layout.conversation());
        if (instances != null) {
            overlay.conversationInstances().put(layout.conversation(), instances);
        }
        sceneChanged();
    }

    /** Shows {@code scene} (at launch, after placing the participants of conversations about to resume). */
    public void load(CanvasScene scene) {
        placed.setPalette(workspace.agentDirectory().list());
        placed.show(scene.instances());
        ropes.setAll(scene.ropes().stream().filter(rope -> placed.contains(rope.from()) && placed.contains(rope.to()))
                .toList());
        // Failed marks are shown by showAtLaunch once the conversations' statuses are read: one resumed since
        // shows no error.
        overlay.load(scene.conversationInstances(), scene.failedMarks());
        camera.show(scene.camera(), scene.settings());
        steps.clear();
        loaded = true;
    }

    /** After the agent editor: placed agents take new names and colours, removed ones leave; Undo takes it back. */
    public void refreshPalette() {
        steps.agentsEdited(this::reloadPalette);
    }

    /** As {@link #refreshPalette}, recording no step: at the start, inside another step, or applying one. */
    void reloadPalette() {
        placed.setPalette(workspace.agentDirectory().list());
        List<AgentNodeModel> gone = placed.withoutDefinition();
        if (!gone.isEmpty()) {
            gone.forEach(this::takeOff);
            sceneChanged();
        }
        placed.followDefinitions();
    }

    Optional<AgentDefinition> definition(AgentId id) {
        return placed.definition(id);
    }

    AgentNodeModel add(AgentInstance instance, AgentDefinition definition) {
        return placed.add(instance, definition);
    }

    // ---- editing ----------------------------------------------------------------------------------------------

    /** Placing, moving, tying, duplicating and removing agents: each an undoable step. */
    public CanvasEdits edits() {
        return edits;
    }

    /** Takes an agent and its ropes off the canvas. */
    void takeOff(AgentNodeModel agent) {
        placed.remove(agent);
        ropes.removeIf(rope -> rope.touches(agent.id()));
    }

    // ---- selection ----------------------------------------------------------------------------------------

    /** Which agents are selected, and the ways to change it. */
    public CanvasSelection selecting() {
        return selection;
    }

    // ---- conversations --------------------------------------------------------------------------------------

    /** Starts a conversation among the agents, in the order given. */
    public void startConversation(List<AgentNodeModel> participants, String task, int maxTurns) {
        startConversation(participants, task, maxTurns, false);
    }

    /**
     * Starts a conversation among the agents, in the order given, with the user taking the last turn of each
     * round when {@code withYou}.
     */
    public void startConversation(List<AgentNodeModel> participants, String task, int maxTurns, boolean withYou) {
        conversations.start(participants, task, maxTurns, withYou);
    }

    /** Ends a conversation whose agent was taken off the canvas, off the FX thread. */
    void endInBackground(ConversationId conversation, String reason) {
        conversations.endInBackground(conversation, reason);
    }

    /** The canvas's edits to undo and redo: an agent in a running conversation is not taken off. */
    public UndoSteps steps() {
        return steps;
    }

    /** Store work for the canvas's parts, off the FX thread; a failure is told in the status bar. */
    void inBackground(String what, Runnable work) {
        conversations.inBackground(what, work);
    }

    /** Back on the FX thread, from work done off it. */
    void onFx(Runnable work) {
        fx.execute(work);
    }

    /** The team's agents, to add one (a duplicate). */
    AgentDirectory agentDirectory() {
        return workspace.agentDirectory();
    }

    /** As {@link CanvasConversations#instancesFor}. */
    List<InstanceId> instancesFor(ConversationId id, List<Participant> participants) {
        return conversations.instancesFor(id, participants);
    }

    /**
     * At launch, what no loop will say again because none runs: conversations that wait for the user keep their
     * rope, and the agents whose turn failed a conversation show the error again, as before the restart.
     *
     * @param conversations every stored conversation, as read just after the scene was loaded
     */
    public void showAtLaunch(List<ConversationState> conversations) {
        overlay.showAtLaunch(conversations);
    }

    /** A bubble's text: plain, one line, about 120 characters. */
    static String cut(String text) {
        return PlainText.cut(text, BUBBLE_CHARS);
    }

    // ---- camera and animation -------------------------------------------------------------------------------

    public void fitAll(double viewWidth, double viewHeight) {
        camera.fit(placed.agents().stream().map(AgentNodeModel::position).toList(), viewWidth, viewHeight);
    }

    /** Advances walking, cooldowns and bubbles by {@code seconds}; called once per frame. */
    public void advance(double seconds) {
        placed.agents().forEach(agent -> agent.advance(seconds));
    }

    /** Whether {@link #advance} would change anything: some agent walks, cools down, thinks or has a bubble. */
    public boolean movesOnItsOwn() {
        return placed.agents().stream().anyMatch(AgentNodeModel::movesOnItsOwn);
    }

    // ---- saving ---------------------------------------------------------------------------------------------

    /** The scene as it would be saved now. */
    public CanvasScene snapshot() {
        return new CanvasScene(placed.agents().stream().map(AgentNodeModel::toInstance).toList(), List.copyOf(ropes),
                camera.camera().get(), camera.settings().get(), overlay.conversationInstances(), overlay.failedMarks());
    }

    ConversationOverlay overlay() {
        return overlay;
    }

    /** Shows the conversation in the sidebar (FX thread). */
    void showConversation(ConversationId id) {
        waysOut.showConversation(id);
    }

    boolean isOnCanvas(InstanceId id) {
        return placed.contains(id);
    }

    /** Says {@code message} in the status bar (FX thread). */
    void tell(String message) {
        notice.set(message);
    }

    void sceneChanged() {
        if (loaded) {
            workspace.scene().saveSoon(snapshot());
        }
    }

    // ---- read-only views ------------------------------------------------------------------------------------

    public Optional<AgentNodeModel> find(InstanceId id) {
        return placed.find(id);
    }

    public ObservableList<AgentNodeModel> agents() {
        return placed.agents();
    }

    public ObservableList<Rope> ropes() {
        return readOnlyRopes;
    }

    /** The ropes, to change (undo and redo). */
    ObservableList<Rope> ropesToEdit() {
        return ropes;
    }

    public ObservableList<ConversationLink> links() {
        return overlay.links();
    }

    public ObservableList<AgentDefinition> palette() {
        return placed.palette();
    }

    /** Where the canvas looks (pan and zoom) and how it is drawn (theme, snap to grid, minimap). */
    public CanvasCamera camera() {
        return camera;
    }

    public ReadOnlyObjectProperty<Camera> cameraProperty() {
        return camera.camera();
    }

    public ReadOnlyObjectProperty<SceneSettings> settingsProperty() {
        return camera.settings();
    }

    public int defaultMaxTurns() {
        return workspace.engine().settings().defaultMaxTurns();
    }

    /** Where the canvas leads out of itself: to a message, a conversation, the agent editor. */
    public CanvasWaysOut waysOut() {
        return waysOut;
    }

    /** The latest thing worth telling the user (a conversation that ended with a reason, a failed save). */
    public ReadOnlyStringProperty noticeProperty() {
        return notice.getReadOnlyProperty();
    }
}
