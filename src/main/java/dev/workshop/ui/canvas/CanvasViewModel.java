package dev.workshop.ui.canvas;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.canvas.AgentInstance;
import dev.workshop.domain.canvas.Camera;
import dev.workshop.domain.canvas.CanvasScene;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Rope;
import dev.workshop.domain.canvas.HeldLayout;
import dev.workshop.domain.canvas.SceneSettings;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.fsm.Transition;
import dev.workshop.orchestration.LoopEvent;
import dev.workshop.orchestration.Workspace;
import dev.workshop.ui.fx.Background;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.fx.PlainText;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
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
    private final CanvasCamera camera = new CanvasCamera(this::sceneChanged);
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper("");
    /** The agents, ropes and palette: what the parts below change, each handed what it needs once, here. */
    private final CanvasContents contents;
    private final UndoSteps steps;
    private final CanvasSelection selection;
    private final CanvasEdits edits;
    /** The running conversations drawn over the canvas. */
    private final ConversationOverlay overlay;
    private final CanvasWaysOut waysOut;
    private final CanvasConversations conversations;
    private final CanvasElements elements;
    private final AgentInspection inspection;
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
        CanvasSeams seams = seams(background);
        this.contents = new CanvasContents(new PlacedAgents(transitions), workspace::agentDirectory,
                () -> workspace.engine().elements(), this::sceneChanged);
        this.selection = new CanvasSelection(contents);
        this.steps = new UndoSteps(contents, seams, selection);
        this.elements = new CanvasElements(contents, seams, steps, unread -> contents.agents()
                .forEach(agent -> agent.showUnread(unread.getOrDefault(agent.agentId().value(), 0))));
        this.inspection = new AgentInspection(seams, () -> workspace.engine().elements().memories(),
                () -> workspace.engine().contextPreview());
        // The overlay asks for a conversation's instances, which the conversations part places when some lack one.
        this.overlay = new ConversationOverlay(contents, seams, this::instancesFor);
        this.waysOut = new CanvasWaysOut(overlay);
        this.conversations = new CanvasConversations(contents, seams, overlay.conversationInstances(),
                waysOut::showConversation, this::snapshot, () -> workspace);
        this.edits = new CanvasEdits(contents, seams, selection, steps, camera.settings()::get,
                conversations::endInBackground);
    }

    /** For the overlay, made before the conversations part: the instances a conversation runs on. */
    private List<InstanceId> instancesFor(ConversationId id, List<Participant> participants) {
        return conversations.instancesFor(id, participants);
    }

    /** What the parts need of the canvas around them: saving soon, the status bar, and the two threads. */
    private CanvasSeams seams(Background background) {
        return new CanvasSeams() {
            @Override
            public void sceneChanged() {
                CanvasViewModel.this.sceneChanged();
            }

            @Override
            public void tell(String message) {
                notice.set(message);
            }

            @Override
            public void onFx(Runnable work) {
                fx.execute(work);
            }

            @Override
            public void inBackground(String what, Runnable work) {
                background.run("canvas-" + what.replace(' ', '-'), () -> {
                    try {
                        work.run();
                    } catch (RuntimeException e) {
                        fx.execute(() -> notice.set("Could not " + what + ": " + e.getMessage()));
                    }
                });
            }
        };
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
            } else if (event instanceof LoopEvent.ElementRecorded element) {
                fx.execute(() -> elements.heard(element));
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
        contents.reloadPalette();
        CanvasScene after = layout.placeOn(snapshot(), agent -> contents.definition(agent).isPresent());
        for (AgentInstance instance : after.instances()) {
            if (!contents.isOnCanvas(instance.id())) {
                contents.definition(instance.agentId()).ifPresent(definition -> contents.add(instance, definition));
            }
        }
        for (Rope rope : after.ropes()) {
            if (contents.ropes().stream().noneMatch(known -> known.id().equals(rope.id()))) {
                contents.ropesToEdit().add(rope);
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
        contents.placed().setPalette(workspace.agentDirectory().list());
        contents.placed().show(scene.instances());
        contents.ropesToEdit().setAll(scene.ropes().stream()
                .filter(rope -> contents.isOnCanvas(rope.from()) && contents.isOnCanvas(rope.to())).toList());
        // Failed marks are shown by showAtLaunch once the conversations' statuses are read: one resumed since
        // shows no error.
        overlay.load(scene.conversationInstances(), scene.failedMarks());
        camera.show(scene.camera(), scene.settings());
        elements.load(scene.elements());
        steps.clear();
        loaded = true;
    }

    /** After the agent editor: placed agents take new names and colours, removed ones leave; Undo takes it back. */
    public void refreshPalette() {
        steps.agentsEdited(contents::reloadPalette);
    }

    // ---- editing ----------------------------------------------------------------------------------------------

    /** Placing, moving, tying, duplicating and removing agents: each an undoable step. */
    public CanvasEdits edits() {
        return edits;
    }

    /** The shared elements on the canvas: placing, moving and removing them, and acting on them as the user. */
    public CanvasElements elements() {
        return elements;
    }

    /** What Inspect agent reads and changes: an agent's memory, and the context its next turn sends. */
    public AgentInspection inspection() {
        return inspection;
    }

    public ObservableList<ElementNodeModel> placedElements() {
        return contents.elements();
    }

    // ---- selection ----------------------------------------------------------------------------------------

    /** Which agents are selected, and the ways to change it. */
    public CanvasSelection selecting() {
        return selection;
    }

    // ---- conversations --------------------------------------------------------------------------------------

    /** Starting conversations among the agents on the canvas. */
    public CanvasConversations conversations() {
        return conversations;
    }

    /** The canvas's edits to undo and redo: an agent in a running conversation is not taken off. */
    public UndoSteps steps() {
        return steps;
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
        // The elements' cards too, by their corners: their position is their top left.
        List<dev.workshop.domain.canvas.Point> shown = new java.util.ArrayList<>(contents.agents().stream()
                .map(AgentNodeModel::position).toList());
        contents.elements().forEach(element -> {
            shown.add(element.position());
            shown.add(new dev.workshop.domain.canvas.Point(element.position().x() + ElementNode.WIDTH,
                    element.position().y() + ElementNode.WIDTH / 2));
        });
        camera.fit(shown, viewWidth, viewHeight);
    }

    /** Advances walking, cooldowns and bubbles by {@code seconds}; called once per frame. */
    public void advance(double seconds) {
        contents.agents().forEach(agent -> agent.advance(seconds));
    }

    /** Whether {@link #advance} would change anything: some agent walks, cools down, thinks or has a bubble. */
    public boolean movesOnItsOwn() {
        return contents.agents().stream().anyMatch(AgentNodeModel::movesOnItsOwn);
    }

    // ---- saving ---------------------------------------------------------------------------------------------

    /** The scene as it would be saved now. */
    public CanvasScene snapshot() {
        return new CanvasScene(contents.agents().stream().map(AgentNodeModel::toInstance).toList(),
                List.copyOf(contents.ropes()),
                camera.camera().get(), camera.settings().get(), overlay.conversationInstances(), overlay.failedMarks(),
                elements.placements());
    }

    void sceneChanged() {
        if (loaded) {
            workspace.scene().saveSoon(snapshot());
        }
    }

    // ---- read-only views ------------------------------------------------------------------------------------

    public Optional<AgentNodeModel> find(InstanceId id) {
        return contents.find(id);
    }

    public ObservableList<AgentNodeModel> agents() {
        return contents.agents();
    }

    public ObservableList<Rope> ropes() {
        return contents.ropes();
    }

    public ObservableList<ConversationLink> links() {
        return overlay.links();
    }

    public ObservableList<AgentDefinition> palette() {
        return contents.palette();
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
