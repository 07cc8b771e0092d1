package dev.workshop.ui.canvas;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.AgentInstance;
import dev.workshop.domain.canvas.Behaviour;
import dev.workshop.domain.canvas.Bounds;
import dev.workshop.domain.canvas.Camera;
import dev.workshop.domain.canvas.CanvasScene;
import dev.workshop.domain.canvas.EditHistory;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.canvas.Rope;
import dev.workshop.domain.canvas.SceneRestore;
import dev.workshop.domain.canvas.SceneSettings;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.fsm.AgentTrigger;
import dev.workshop.domain.fsm.Transition;
import dev.workshop.orchestration.GatewayBridge;
import dev.workshop.orchestration.LoopEvent;
import dev.workshop.orchestration.Workspace;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.fx.PlainText;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The canvas: agents placed on it, their ropes and state machines, the camera, the selection, and the
 * running conversations drawn between agents. Every method runs on the FX thread; work that touches the
 * store or the loops runs on virtual threads and reports back through the {@link FxExecutor}.
 */
public final class CanvasViewModel {
    /** How far apart the quick start places its two agents (world units): room for a rope and its label. */
    private static final double STARTER_GAP = 240;
    /** Tab's order on the canvas: rows one grid step high, top to bottom, each left to right. */
    private static final Comparator<AgentNodeModel> READING_ORDER = Comparator
            .comparingLong((AgentNodeModel agent) -> Math.round(agent.position().y() / SceneSettings.GRID_SPACING))
            .thenComparingDouble(agent -> agent.position().x())
            .thenComparing(agent -> agent.id().value());
    /** Longer titles are cut in status-bar notices, which share their line with the data directory. */
    private static final int TITLE_IN_NOTICE = 40;
    static final double COOLDOWN_SECONDS = 3;
    static final double BUBBLE_SECONDS = 6;
    static final int BUBBLE_CHARS = 120;
    static final double DUPLICATE_OFFSET = 40;

    private final Workspace workspace;
    private final FxExecutor fx;
    private final BiConsumer<InstanceId, Transition> transitions;
    private final ObservableList<AgentNodeModel> agents = FXCollections.observableArrayList();
    private final ObservableList<Rope> ropes = FXCollections.observableArrayList();
    private final ObservableList<ConversationLink> links = FXCollections.observableArrayList();
    private final ObservableList<AgentDefinition> palette = FXCollections.observableArrayList();
    private final ObjectProperty<Camera> camera = new SimpleObjectProperty<>(Camera.DEFAULT);
    private final ObjectProperty<SceneSettings> settings = new SimpleObjectProperty<>(SceneSettings.DEFAULTS);
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper("");
    private final BooleanProperty systemPrefersDark = new SimpleBooleanProperty(false);
    private final BooleanBinding dark = Bindings.createBooleanBinding(
            () -> settings.get().theme().isDark(systemPrefersDark.get()), settings, systemPrefersDark);
    private final EditHistory history = new EditHistory();
    private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper canRedo = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper undoLabel = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper redoLabel = new ReadOnlyStringWrapper("");
    private Consumer<MessageRef> onOpenMessage = message -> { };
    private java.util.function.Function<ConversationId, Optional<String>> titleOf = id -> Optional.empty();
    private Consumer<AgentId> onEditAgent = agent -> { };
    private Consumer<ConversationId> onShowConversation = id -> { };
    private final Map<InstanceId, AgentNodeModel> byId = new HashMap<>();
    private final Map<ConversationId, List<InstanceId>> conversationInstances = new LinkedHashMap<>();
    /**
     * The agents each failed conversation marked, kept after its end forgets its instances, and saved with the
     * scene so that a restart marks them again ({@link #showAtLaunch}).
     */
    private final Map<ConversationId, List<InstanceId>> failedMarks = new HashMap<>();
    private boolean loaded;

    /**
     * @param transitions hears every state-machine transition of every agent (tests listen)
     */
    public CanvasViewModel(Workspace workspace, FxExecutor fx, BiConsumer<InstanceId, Transition> transitions) {
        this.workspace = workspace;
        this.fx = fx;
        this.transitions = transitions;
        camera.addListener((property, old, now) -> sceneChanged());
        settings.addListener((property, old, now) -> sceneChanged());
    }

    public CanvasViewModel(Workspace workspace, FxExecutor fx) {
        this(workspace, fx, (instance, transition) -> { });
    }

    /** Listens to the conversation loops; call once, before conversations are resumed. */
    public void connect() {
        workspace.bridge().subscribe(event -> {
            if (event instanceof LoopEvent.Started started) {
                // The participants come from the store, read here on the loop's thread, not on the FX thread.
                Optional<ConversationState> state = workspace.bridge().state(started.conversationId());
                state.ifPresent(found -> fx.execute(() -> conversationStarted(found, started.resumed(),
                        started.resumedBy() == null)));
            } else {
                fx.execute(() -> onEvent(event));
            }
        });
        workspace.scene().onFailure(message -> fx.execute(() -> notice.set(message)));
    }

    /** Shows {@code scene} (at launch, after placing the participants of conversations about to resume). */
    public void load(CanvasScene scene) {
        palette.setAll(workspace.agentDirectory().list());
        agents.clear();
        byId.clear();
        for (AgentInstance instance : scene.instances()) {
            definition(instance.agentId()).ifPresent(definition -> add(instance, definition));
        }
        ropes.setAll(scene.ropes().stream().filter(rope -> byId.containsKey(rope.from()) && byId.containsKey(rope.to()))
                .toList());
        conversationInstances.clear();
        conversationInstances.putAll(scene.conversationInstances());
        // Shown by showAtLaunch once the conversations' statuses are read: one resumed since shows no error.
        failedMarks.clear();
        failedMarks.putAll(scene.failedMarks());
        camera.set(scene.camera());
        settings.set(scene.settings());
        history.clear();
        historyChanged();
        loaded = true;
    }

    /**
     * Reloads the palette after the agent editor changed the definitions: placed agents take new names and
     * colours, and those whose agent was removed leave the canvas.
     */
    public void refreshPalette() {
        palette.setAll(workspace.agentDirectory().list());
        // An agent removed in the editor leaves the canvas, as it would at the next start (load skips it).
        List<AgentNodeModel> gone = agents.stream().filter(agent -> definition(agent.agentId()).isEmpty()).toList();
        if (!gone.isEmpty()) {
            gone.forEach(this::takeOff);
            sceneChanged();
        }
        for (AgentNodeModel agent : agents) {
            definition(agent.agentId()).ifPresent(definition -> {
                if (!definition.name().equals(agent.name())) {
                    agent.rename(definition.name());
                }
                if (!definition.avatarColor().equals(agent.colour())) {
                    agent.recolour(definition.avatarColor());
                }
            });
        }
    }

    private Optional<AgentDefinition> definition(AgentId id) {
        return palette.stream().filter(agent -> agent.id().equals(id)).findFirst();
    }

    private AgentNodeModel add(AgentInstance instance, AgentDefinition definition) {
        AgentNodeModel model = new AgentNodeModel(instance, definition.name(), definition.avatarColor(),
                transition -> transitions.accept(instance.id(), transition));
        agents.add(model);
        byId.put(model.id(), model);
        return model;
    }

    // ---- editing -------------------------------------------------------------------------------------------

    /** Places a new instance of {@code agent} at a world point (a drop from the palette). */
    public Optional<AgentNodeModel> place(AgentId agent, Point at) {
        Optional<AgentDefinition> found = definition(agent);
        Optional<AgentNodeModel> placed = found.map(definition -> edit("add " + definition.name(), () ->
                add(new AgentInstance(InstanceId.generate(), agent, settings.get().placed(at), Behaviour.STATIONARY),
                        definition)));
        placed.ifPresent(model -> {
            select(List.of(model.id()), false);
            sceneChanged();
        });
        return placed;
    }

    /**
     * The first run's quick start: the palette's first two agents side by side around {@code centre}, as one
     * step (Undo takes both off), and selected, ready for Start conversation. Empty with fewer than two agents.
     */
    public List<AgentNodeModel> placeStarterPair(Point centre) {
        List<AgentDefinition> pair = palette.stream().limit(2).toList();
        if (pair.size() < 2) {
            return List.of();
        }
        List<AgentNodeModel> placed = edit("add " + pair.get(0).name() + " and " + pair.get(1).name(), () -> List.of(
                add(new AgentInstance(InstanceId.generate(), pair.get(0).id(),
                        settings.get().placed(new Point(centre.x() - STARTER_GAP / 2, centre.y())),
                        Behaviour.STATIONARY), pair.get(0)),
                add(new AgentInstance(InstanceId.generate(), pair.get(1).id(),
                        settings.get().placed(new Point(centre.x() + STARTER_GAP / 2, centre.y())),
                        Behaviour.STATIONARY), pair.get(1))));
        select(placed.stream().map(AgentNodeModel::id).toList(), false);
        sceneChanged();
        return placed;
    }

    /**
     * An agent on the canvas for each of {@code wanted}, in that order: one already there, else one placed in a
     * row around {@code centre} (all placed as one step of undo). Agents that no longer exist are left out, and
     * the notice names them. The ones returned are selected.
     */
    public List<AgentNodeModel> placedFor(List<Participant> wanted, Point centre) {
        List<AgentNodeModel> chosen = new ArrayList<>();
        List<AgentDefinition> missing = new ArrayList<>();
        List<String> gone = new ArrayList<>();
        for (Participant participant : wanted) {
            Optional<AgentNodeModel> there = agents.stream()
                    .filter(model -> model.agentId().equals(participant.agentId()) && !chosen.contains(model))
                    .findFirst();
            if (there.isPresent()) {
                chosen.add(there.get());
            } else {
                definition(participant.agentId()).ifPresentOrElse(missing::add, () -> gone.add(participant.name()));
            }
        }
        if (!missing.isEmpty()) {
            double left = centre.x() - STARTER_GAP * (missing.size() - 1) / 2.0;
            chosen.addAll(edit("add " + String.join(" and ", missing.stream().map(AgentDefinition::name).toList()),
                    () -> {
                        List<AgentNodeModel> placed = new ArrayList<>();
                        for (int i = 0; i < missing.size(); i++) {
                            Point at = settings.get().placed(new Point(left + i * STARTER_GAP, centre.y()));
                            placed.add(add(new AgentInstance(InstanceId.generate(), missing.get(i).id(), at,
                                    Behaviour.STATIONARY), missing.get(i)));
                        }
                        return placed;
                    }));
            sceneChanged();
        }
        // Back in the order asked for: the order they speak in.
        List<AgentId> order = wanted.stream().map(Participant::agentId).toList();
        chosen.sort(Comparator.comparingInt(model -> order.indexOf(model.agentId())));
        if (!gone.isEmpty()) {
            notice.set("No longer an agent here: " + String.join(", ", gone));
        }
        select(chosen.stream().map(AgentNodeModel::id).toList(), false);
        return chosen;
    }

    public void select(Collection<InstanceId> ids, boolean addToSelection) {
        if (!addToSelection) {
            agents.forEach(agent -> agent.selectedProperty().set(false));
        }
        ids.forEach(id -> find(id).ifPresent(agent -> agent.selectedProperty().set(true)));
    }

    public void toggleSelected(InstanceId id) {
        find(id).ifPresent(agent -> agent.selectedProperty().set(!agent.selectedProperty().get()));
    }

    public void selectAll() {
        agents.forEach(agent -> agent.selectedProperty().set(true));
    }

    public void clearSelection() {
        agents.forEach(agent -> agent.selectedProperty().set(false));
    }

    /** Selects every agent inside the world rectangle (rubber band). */
    public void selectWithin(Bounds area, boolean addToSelection) {
        select(agents.stream().filter(agent -> area.contains(agent.position())).map(AgentNodeModel::id).toList(),
                addToSelection);
    }

    public List<AgentNodeModel> selection() {
        return agents.stream().filter(agent -> agent.selectedProperty().get()).toList();
    }

    /**
     * Selects the agent after the one selected last in reading order (rows of one grid step, top to bottom, each
     * left to right), or before it when {@code backwards}: Tab on the canvas. Stepping past the last (or first)
     * agent clears the selection and returns empty, so that the keyboard's focus can move on from the canvas.
     */
    public Optional<AgentNodeModel> selectNext(boolean backwards) {
        List<AgentNodeModel> order = agents.stream().sorted(READING_ORDER).toList();
        if (order.isEmpty()) {
            return Optional.empty();
        }
        // From the last agent selected going on, from the first going back; from either end when none is.
        int first = -1;
        int last = -1;
        for (int i = 0; i < order.size(); i++) {
            if (order.get(i).selectedProperty().get()) {
                first = first == -1 ? i : first;
                last = i;
            }
        }
        int next = backwards ? (first == -1 ? order.size() - 1 : first - 1) : last + 1;
        if (next < 0 || next >= order.size()) {
            clearSelection();
            return Optional.empty();
        }
        AgentNodeModel chosen = order.get(next);
        select(List.of(chosen.id()), false);
        return Optional.of(chosen);
    }

    /**
     * Moves the selection by one grid step in a direction ({@code dx}, {@code dy} each -1, 0 or 1), as one step of
     * undo: the keyboard's way to move agents. A grid step, so that it lands on the next dot with snapping on.
     */
    public void nudgeSelection(int dx, int dy) {
        List<AgentNodeModel> moving = selection();
        if (moving.isEmpty()) {
            return;
        }
        Map<AgentNodeModel, Point> starts = new LinkedHashMap<>();
        moving.forEach(agent -> starts.put(agent, agent.position()));
        pickUp(moving);
        dragBy(starts, dx * SceneSettings.GRID_SPACING, dy * SceneSettings.GRID_SPACING);
        putDown(moving);
    }

    /** Starts moving the selection: the agents are picked up. */
    public void pickUp(Collection<AgentNodeModel> moving) {
        moving.forEach(agent -> agent.fire(AgentTrigger.PICK_UP));
    }

    /** Moves the agents by a world offset from where the drag began. */
    public void dragBy(Map<AgentNodeModel, Point> startPositions, double dx, double dy) {
        // With snapping on, the agent jumps from grid point to grid point under the mouse: where it will land.
        startPositions.forEach((agent, start) -> agent.dragTo(settings.get().placed(start.plus(dx, dy))));
    }

    /** Puts the agents down where they are: that is their new home. */
    public void putDown(Collection<AgentNodeModel> moving) {
        // The homes change only here, so the layout before this is where the drag began: one drag, one step.
        editing("move " + names(moving), () -> moving.forEach(agent -> {
            agent.putAt(agent.position());
            agent.fire(AgentTrigger.PUT_DOWN);
        }));
        sceneChanged();
    }

    public void setBehaviour(Collection<AgentNodeModel> targets, Behaviour behaviour) {
        editing("make " + names(targets) + " " + behaviour.name().toLowerCase(java.util.Locale.ROOT),
                () -> targets.forEach(agent -> agent.changeBehaviour(behaviour)));
        sceneChanged();
    }

    /** Ties a labelled rope between two agents; a second rope between the same pair replaces the label. */
    public Rope link(InstanceId from, InstanceId to, String label) {
        return edit("tie a rope", () -> tie(from, to, label));
    }

    private Rope tie(InstanceId from, InstanceId to, String label) {
        for (int i = 0; i < ropes.size(); i++) {
            Rope rope = ropes.get(i);
            if ((rope.from().equals(from) && rope.to().equals(to)) || (rope.from().equals(to) && rope.to().equals(from))) {
                Rope relabelled = rope.relabelled(label);
                ropes.set(i, relabelled);
                sceneChanged();
                return relabelled;
            }
        }
        Rope rope = Rope.between(from, to, label);
        ropes.add(rope);
        sceneChanged();
        return rope;
    }

    public void relabel(String ropeId, String label) {
        editing("rename a rope", () -> {
            for (int i = 0; i < ropes.size(); i++) {
                if (ropes.get(i).id().equals(ropeId)) {
                    ropes.set(i, ropes.get(i).relabelled(label));
                    sceneChanged();
                }
            }
        });
    }

    public void removeRope(String ropeId) {
        editing("cut a rope", () -> {
            if (ropes.removeIf(rope -> rope.id().equals(ropeId))) {
                sceneChanged();
            }
        });
    }

    /** Places a copy of each agent (same agent, same behaviour, a new id) a little below and to the right. */
    public List<AgentNodeModel> duplicate(Collection<AgentNodeModel> originals) {
        List<AgentNodeModel> copies = new ArrayList<>();
        editing("duplicate " + names(originals), () -> {
            for (AgentNodeModel original : List.copyOf(originals)) {
                definition(original.agentId()).ifPresent(definition -> copies.add(add(new AgentInstance(
                        InstanceId.generate(), original.agentId(),
                        original.home().plus(DUPLICATE_OFFSET, DUPLICATE_OFFSET),
                        original.behaviourProperty().get()), definition)));
            }
        });
        select(copies.stream().map(AgentNodeModel::id).toList(), false);
        sceneChanged();
        return copies;
    }

    /** The running conversations that removing these agents would end. */
    public Set<ConversationId> conversationsOf(Collection<AgentNodeModel> targets) {
        Set<ConversationId> ids = new LinkedHashSet<>();
        targets.forEach(agent -> ids.addAll(agent.conversations()));
        return ids;
    }

    /**
     * Removes agents, their ropes, and ends (as completed, with the reason) each running conversation they
     * take part in; the view asks first when {@link #conversationsOf} is not empty.
     */
    public void remove(Collection<AgentNodeModel> targets) {
        List<AgentNodeModel> removing = List.copyOf(targets);
        editing("remove " + names(removing), () -> {
            for (AgentNodeModel agent : removing) {
                for (ConversationId conversation : List.copyOf(agent.conversations())) {
                    String reason = "Agent " + agent.name() + " was removed from the canvas";
                    background("end conversation", () -> workspace.bridge().end(conversation, reason));
                }
                takeOff(agent);
            }
        });
        sceneChanged();
    }

    private void takeOff(AgentNodeModel agent) {
        agents.remove(agent);
        byId.remove(agent.id());
        ropes.removeIf(rope -> rope.touches(agent.id()));
    }

    // ---- undo and redo --------------------------------------------------------------------------------------

    /** Runs one user edit of the layout and records it as a step, unless it changed nothing. */
    private <T> T edit(String label, Supplier<T> change) {
        EditHistory.Layout before = layout();
        T result = change.get();
        if (history.record(label, before, layout())) {
            historyChanged();
        }
        return result;
    }

    private void editing(String label, Runnable change) {
        edit(label, () -> {
            change.run();
            return label;
        });
    }

    private EditHistory.Layout layout() {
        return EditHistory.Layout.of(agents.stream().map(AgentNodeModel::toInstance).toList(), ropes);
    }

    /**
     * Takes the latest edit back. An edit whose undoing would take an agent off the canvas while it is in a
     * running conversation is not undone (that would end the conversation): the notice says why.
     */
    public boolean undo() {
        return step(history.nextUndo(), "undo", history::undo, "Undone: ");
    }

    public boolean redo() {
        return step(history.nextRedo(), "redo", history::redo, "Redone: ");
    }

    private boolean step(Optional<EditHistory.Change> next, String verb, Supplier<Optional<EditHistory.Change>> take,
                         String done) {
        if (next.isEmpty()) {
            return false;
        }
        Optional<AgentNodeModel> talking = next.get().removedInstances().stream().map(this::find)
                .flatMap(Optional::stream).filter(agent -> !agent.conversations().isEmpty()).findFirst();
        if (talking.isPresent()) {
            notice.set("Cannot " + verb + " \"" + next.get().label() + "\": " + talking.get().name()
                    + " is in a running conversation. Stop it first.");
            return false;
        }
        EditHistory.Change change = take.get().orElseThrow();
        apply(change);
        historyChanged();
        notice.set(done + change.label());
        return true;
    }

    private void apply(EditHistory.Change change) {
        List<InstanceId> touched = new ArrayList<>();
        change.instances().forEach((id, target) -> {
            Optional<AgentNodeModel> present = find(id);
            if (target.isEmpty()) {
                present.ifPresent(this::takeOff);
            } else if (present.isPresent()) {
                present.get().putAt(target.get().position());
                present.get().changeBehaviour(target.get().behaviour());
                touched.add(id);
            } else {
                // An agent whose definition was removed since cannot come back.
                definition(target.get().agentId()).ifPresent(definition -> touched.add(add(target.get(), definition).id()));
            }
        });
        change.ropes().forEach((id, target) -> {
            ropes.removeIf(rope -> rope.id().equals(id));
            target.filter(rope -> byId.containsKey(rope.from()) && byId.containsKey(rope.to())).ifPresent(ropes::add);
        });
        // The agents the step brought back or moved become the selection; taking one away leaves the rest.
        if (!touched.isEmpty()) {
            select(touched, false);
        }
        sceneChanged();
    }

    private void historyChanged() {
        canUndo.set(history.canUndo());
        canRedo.set(history.canRedo());
        undoLabel.set(history.nextUndo().map(EditHistory.Change::label).orElse(""));
        redoLabel.set(history.nextRedo().map(EditHistory.Change::label).orElse(""));
    }

    /** "Ada", "Ada and Bo" or "3 agents", for the names of steps. */
    private static String names(Collection<AgentNodeModel> targets) {
        List<AgentNodeModel> list = List.copyOf(targets);
        return switch (list.size()) {
            case 1 -> list.get(0).name();
            case 2 -> list.get(0).name() + " and " + list.get(1).name();
            default -> list.size() + " agents";
        };
    }

    public ReadOnlyBooleanProperty canUndoProperty() {
        return canUndo.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canRedoProperty() {
        return canRedo.getReadOnlyProperty();
    }

    /** What Undo would take back ("move Ada"), or empty. */
    public ReadOnlyStringProperty undoLabelProperty() {
        return undoLabel.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty redoLabelProperty() {
        return redoLabel.getReadOnlyProperty();
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
        ConversationId id = ConversationId.random();
        conversationInstances.put(id, participants.stream().map(AgentNodeModel::id).toList());
        List<AgentId> agentIds = new ArrayList<>(participants.stream().map(AgentNodeModel::agentId).toList());
        if (withYou) {
            agentIds.add(Participant.HUMAN);
        }
        sceneChanged();
        if (agentIds.size() == 1) {
            background("assign the task", () -> {
                workspace.bridge().assignTask(id, agentIds.get(0), task, OptionalInt.of(maxTurns));
                fx.execute(() -> onShowConversation.accept(id));
            });
        } else {
            background("start the conversation", () -> {
                workspace.bridge().startConversation(id, agentIds, task, OptionalInt.of(maxTurns));
                fx.execute(() -> onShowConversation.accept(id));
            });
        }
    }

    private void background(String what, Runnable work) {
        Thread.ofVirtual().name("canvas-" + what.replace(' ', '-')).start(() -> {
            try {
                work.run();
            } catch (RuntimeException e) {
                fx.execute(() -> notice.set("Could not " + what + ": " + e.getMessage()));
            }
        });
    }

    /**
     * At launch, what no loop will say again because none runs: conversations that wait for the user keep their
     * rope and their agents stay "in conversation", and the agents whose turn failed a conversation show the
     * error again, as before the restart. The marks of a failed conversation that is no longer failed (resumed
     * or deleted from the command line meanwhile) are dropped. None places an agent: a conversation whose
     * figures are no longer on the canvas shows only in the sidebar. One already linked (the user answered
     * between the read and this call) is left to its loop's events.
     *
     * @param conversations every stored conversation, as read just after the scene was loaded
     */
    public void showAtLaunch(List<ConversationState> conversations) {
        showFailedMarks(conversations);
        for (ConversationState state : conversations) {
            if (state.status() != ConversationStatus.WAITING) {
                continue;
            }
            if (links.stream().anyMatch(link -> link.id().equals(state.id()))) {
                // Read a moment ago: the user has answered since, and its loop already showed it.
                continue;
            }
            List<InstanceId> known = conversationInstances.getOrDefault(state.id(), List.of());
            long members = state.participants().stream().filter(participant -> !participant.isHuman()).count();
            // A restored or forked conversation paused before an agent's turn waits for a Resume, not for an
            // answer: nothing is under way, so it gets no rope and no "Waiting for you".
            if (state.status() == ConversationStatus.WAITING && !GatewayBridge.canResume(state) && !known.isEmpty()
                    && known.size() == members && known.stream().allMatch(byId::containsKey)) {
                conversationStarted(state, false, false);
                participants(state.id()).forEach(agent -> agent.mark(state.id(), AgentMark.WAITING_FOR_YOU));
            }
        }
    }

    private void showFailedMarks(List<ConversationState> conversations) {
        Set<ConversationId> stillFailed = conversations.stream()
                .filter(state -> state.status() == ConversationStatus.FAILED).map(ConversationState::id)
                .collect(Collectors.toSet());
        if (failedMarks.keySet().retainAll(stillFailed)) {
            sceneChanged();
        }
        // An agent in a conversation started since the scene was loaded keeps the mark but shows what it does now.
        failedMarks.forEach((conversation, instances) -> instances.forEach(
                instance -> find(instance).ifPresent(agent -> agent.mark(conversation, AgentMark.FAILED))));
    }

    /**
     * @param resumed   resumed after a restart (its rope and figures say so)
     * @param beginning a new conversation or a follow-up, not one resumed: the agents have moved on from a failed
     *                  turn elsewhere, whose error marks go
     */
    void conversationStarted(ConversationState state, boolean resumed, boolean beginning) {
        // The human member, if any, has no figure on the canvas.
        List<InstanceId> instances = instancesFor(state.id(),
                state.participants().stream().filter(participant -> !participant.isHuman()).toList());
        links.removeIf(link -> link.id().equals(state.id()));
        links.add(new ConversationLink(state.id(), instances, resumed, Optional.empty()));
        for (InstanceId id : instances) {
            find(id).ifPresent(agent -> {
                if (beginning && agent.hasFailed()) {
                    agent.forgetFailures();
                    forgetFailedMark(agent.id());
                }
                agent.mark(state.id(), AgentMark.NONE);
                agent.join(state.id());
                agent.fire(AgentTrigger.CONVERSATION_START);
                if (resumed) {
                    agent.resumedProperty().set(true);
                }
            });
        }
    }

    /** The instances the conversation runs on; a participant with none on the canvas gets one placed now. */
    private List<InstanceId> instancesFor(ConversationId id, List<Participant> participants) {
        List<InstanceId> known = conversationInstances.getOrDefault(id, List.of());
        if (known.size() == participants.size() && known.stream().allMatch(byId::containsKey)) {
            return known;
        }
        CanvasScene planned = SceneRestore.placeParticipants(snapshot(),
                List.of(new SceneRestore.Resumable(id,
                        participants.stream().map(Participant::agentId).toList())),
                agent -> definition(agent).isPresent());
        for (AgentInstance instance : planned.instances()) {
            if (!byId.containsKey(instance.id())) {
                definition(instance.agentId()).ifPresent(definition -> add(instance, definition));
            }
        }
        List<InstanceId> placed = planned.conversationInstances().getOrDefault(id, List.of());
        conversationInstances.put(id, placed);
        sceneChanged();
        return placed;
    }

    private void onEvent(LoopEvent event) {
        switch (event) {
            case LoopEvent.TurnStarted turn -> turnStarted(turn);
            case LoopEvent.Message message -> messageRecorded(message);
            case LoopEvent.Ended ended -> conversationEnded(ended);
            case LoopEvent.Error error -> notice.set(error.message());
            case LoopEvent.Warning warning -> notice.set(warning.message());
            case LoopEvent.SaveFailed failed -> notice.set(failed.message());
            case LoopEvent.Started started -> { }
            case LoopEvent.TurnRetry retry -> { }
            case LoopEvent.TeamReady ready -> { }
            case LoopEvent.SessionRestored restored -> { }
            case LoopEvent.SessionSaved saved -> { }
            case LoopEvent.Renamed renamed -> { }
            // A deleted conversation was stopped first: its Ended already took its rope away, and now its marks go.
            case LoopEvent.Deleted deleted -> unmark(deleted.conversationId());
            case LoopEvent.Undeleted undeleted -> { }
            case LoopEvent.Queued queued -> participants(queued.conversationId())
                    .forEach(agent -> agent.mark(queued.conversationId(), AgentMark.QUEUED));
            case LoopEvent.Token token -> { }
        }
    }

    private void turnStarted(LoopEvent.TurnStarted turn) {
        Optional<InstanceId> speaker = speakerOf(turn.conversationId(), turn.speakerId());
        participants(turn.conversationId()).forEach(agent -> {
            boolean speaking = speaker.isPresent() && speaker.get().equals(agent.id());
            agent.fire(speaking ? AgentTrigger.TURN_START : AgentTrigger.OTHER_TURN_START);
            if (speaking) {
                agent.say("", new MessageRef(turn.conversationId(), turn.turnIndex()));
            }
        });
        replaceLink(turn.conversationId(), link -> link.speaking(speaker));
    }

    private void messageRecorded(LoopEvent.Message message) {
        Optional<InstanceId> speaker = speakerOf(message.conversationId(), message.speakerId());
        participants(message.conversationId()).forEach(agent -> agent.fire(AgentTrigger.TURN_END));
        speaker.flatMap(this::find).ifPresent(agent -> agent.say(cut(message.content()),
                new MessageRef(message.conversationId(), message.turnIndex())));
    }

    private void conversationEnded(LoopEvent.Ended ended) {
        if (ended.status() == ConversationStatus.WAITING) {
            // Paused for the human's message: the agents stay in the conversation, nobody is speaking.
            replaceLink(ended.conversationId(), link -> link.speaking(Optional.empty()));
            participants(ended.conversationId()).forEach(agent -> agent.mark(ended.conversationId(), AgentMark.WAITING_FOR_YOU));
            notice.set("Your turn in " + nameOf(ended.conversationId()) + ": write in the sidebar");
            return;
        }
        markEnd(ended);
        Optional<InstanceId> speaking = links.stream().filter(link -> link.id().equals(ended.conversationId()))
                .findFirst().flatMap(ConversationLink::speaker);
        for (AgentNodeModel agent : participants(ended.conversationId())) {
            agent.leave(ended.conversationId());
            if (agent.conversations().isEmpty()) {
                agent.fire(AgentTrigger.CONVERSATION_END);
                agent.resumedProperty().set(false);
            } else if (speaking.isPresent() && speaking.get().equals(agent.id())) {
                showTurnsElsewhere(agent);
            }
        }
        links.removeIf(link -> link.id().equals(ended.conversationId()));
        if (ended.status() != ConversationStatus.COMPLETED || !ended.reason().isEmpty()) {
            String name = nameOf(ended.conversationId());
            notice.set(Character.toUpperCase(name.charAt(0)) + name.substring(1) + " "
                    + ended.status().name().toLowerCase(java.util.Locale.ROOT)
                    + (ended.reason().isEmpty() ? "" : ": " + ended.reason()));
        }
        // An interrupted conversation resumes on the same instances, so only a final end forgets them.
        if (ended.status().isFinal() && conversationInstances.remove(ended.conversationId()) != null) {
            sceneChanged();
        }
    }

    /**
     * The agent's turn ended with its conversation, and it is in others still: it shows what it does there —
     * reading while another agent writes, writing if its own turn is under way in one of them.
     */
    private void showTurnsElsewhere(AgentNodeModel agent) {
        List<Optional<InstanceId>> speakers = links.stream().filter(link -> agent.conversations().contains(link.id()))
                .map(ConversationLink::speaker).toList();
        if (speakers.contains(Optional.of(agent.id()))) {
            return;
        }
        agent.fire(AgentTrigger.TURN_END);
        if (speakers.stream().anyMatch(Optional::isPresent)) {
            agent.fire(AgentTrigger.OTHER_TURN_START);
        }
    }

    /**
     * A conversation stopped by a failed turn (failed, or interrupted by an error) marks the agent whose turn
     * failed (every member when the canvas did not see the turn start); any other end takes the marks away.
     */
    private void markEnd(LoopEvent.Ended ended) {
        boolean turnFailed = GatewayBridge.stoppedByAFailure(ended.status(), ended.reason());
        Optional<InstanceId> failing = !turnFailed ? Optional.empty()
                : links.stream().filter(link -> link.id().equals(ended.conversationId())).findFirst()
                        .flatMap(ConversationLink::speaker);
        List<InstanceId> failed = new ArrayList<>();
        for (AgentNodeModel agent : participants(ended.conversationId())) {
            boolean failedHere = turnFailed && (failing.isEmpty() || failing.get().equals(agent.id()));
            agent.mark(ended.conversationId(), failedHere ? AgentMark.FAILED : AgentMark.NONE);
            if (failedHere) {
                failed.add(agent.id());
            }
        }
        boolean changed = failed.isEmpty() ? failedMarks.remove(ended.conversationId()) != null
                : !failed.equals(failedMarks.put(ended.conversationId(), failed));
        if (changed) {
            sceneChanged();
        }
    }

    /** The agent's error mark was taken away (its next conversation started): a restart must not show it again. */
    private void forgetFailedMark(InstanceId agent) {
        failedMarks.replaceAll((conversation, instances) -> instances.contains(agent)
                ? instances.stream().filter(instance -> !instance.equals(agent)).toList() : instances);
        failedMarks.values().removeIf(List::isEmpty);
        sceneChanged();
    }

    /** A conversation that is deleted (failed, or waiting for the user) no longer leaves its agents marked. */
    private void unmark(ConversationId id) {
        byId.values().forEach(agent -> agent.mark(id, AgentMark.NONE));
        if (failedMarks.remove(id) != null) {
            sceneChanged();
        }
    }

    /** The conversation as the sidebar names it: its title in quotes, else "conversation" and its id's start. */
    private String nameOf(ConversationId id) {
        return titleOf.apply(id).filter(title -> !title.isBlank())
                .map(title -> "\u201c" + (title.length() > TITLE_IN_NOTICE ? title.substring(0, TITLE_IN_NOTICE - 1).strip()
                        + "…" : title) + "\u201d")
                .orElse("conversation " + shortId(id));
    }

    private static String shortId(ConversationId id) {
        return id.value().length() > 8 ? id.value().substring(0, 8) : id.value();
    }

    /** The instance that speaks for {@code speaker} in this conversation. */
    private Optional<InstanceId> speakerOf(ConversationId conversation, AgentId speaker) {
        return participants(conversation).stream().filter(agent -> agent.agentId().equals(speaker))
                .map(AgentNodeModel::id).findFirst();
    }

    private List<AgentNodeModel> participants(ConversationId conversation) {
        List<AgentNodeModel> found = new ArrayList<>();
        for (InstanceId id : conversationInstances.getOrDefault(conversation, List.of())) {
            find(id).ifPresent(found::add);
        }
        return found;
    }

    private void replaceLink(ConversationId id, UnaryOperator<ConversationLink> change) {
        for (int i = 0; i < links.size(); i++) {
            if (links.get(i).id().equals(id)) {
                links.set(i, change.apply(links.get(i)));
            }
        }
    }

    /** A bubble's text: plain, one line, about 120 characters. */
    static String cut(String text) {
        return PlainText.cut(text, BUBBLE_CHARS);
    }

    // ---- camera and animation -------------------------------------------------------------------------------

    public void pan(double dx, double dy) {
        camera.set(camera.get().pannedBy(dx, dy));
    }

    public void zoomAt(double factor, double screenX, double screenY) {
        camera.set(camera.get().zoomedAt(factor, screenX, screenY));
    }

    public void resetZoom(double viewWidth, double viewHeight) {
        camera.set(camera.get().resetZoom(viewWidth, viewHeight));
    }

    public void fitAll(double viewWidth, double viewHeight) {
        Bounds bounds = Bounds.of(agents.stream().map(AgentNodeModel::position).toList());
        if (!bounds.isEmpty()) {
            camera.set(Camera.fitting(bounds, viewWidth, viewHeight, 120));
        }
    }

    /** Advances walking, cooldowns and bubbles by {@code seconds}; called once per frame. */
    public void advance(double seconds) {
        for (AgentNodeModel agent : agents) {
            agent.advance(seconds);
        }
    }

    /** Whether {@link #advance} would change anything: some agent walks, cools down, thinks or has a bubble. */
    public boolean movesOnItsOwn() {
        for (AgentNodeModel agent : agents) {
            if (agent.movesOnItsOwn()) {
                return true;
            }
        }
        return false;
    }

    public void setTheme(SceneSettings.Theme theme) {
        settings.set(settings.get().withTheme(theme));
    }

    /** What the operating system prefers, for the System theme (found off the FX thread by the view). */
    public void setSystemPrefersDark(boolean prefersDark) {
        systemPrefersDark.set(prefersDark);
    }

    /** Whether to paint dark now: the chosen theme, or the system's when the choice is System. */
    public javafx.beans.binding.BooleanExpression darkProperty() {
        return dark;
    }

    public void setSnapToGrid(boolean snap) {
        settings.set(settings.get().withSnapToGrid(snap));
    }

    public void setMinimap(boolean shown) {
        settings.set(settings.get().withMinimap(shown));
    }

    /** Moves the view so that {@code world} is in its middle, at the same zoom (a click on the minimap). */
    public void centreOn(Point world, double viewWidth, double viewHeight) {
        camera.set(camera.get().centredOn(world, viewWidth, viewHeight));
    }

    // ---- saving ---------------------------------------------------------------------------------------------

    /** The scene as it would be saved now. */
    public CanvasScene snapshot() {
        return new CanvasScene(agents.stream().map(AgentNodeModel::toInstance).toList(), List.copyOf(ropes),
                camera.get(), settings.get(), conversationInstances, failedMarks);
    }

    private void sceneChanged() {
        if (loaded) {
            workspace.scene().saveSoon(snapshot());
        }
    }

    // ---- read-only views ------------------------------------------------------------------------------------

    public Optional<AgentNodeModel> find(InstanceId id) {
        return Optional.ofNullable(byId.get(id));
    }

    public ObservableList<AgentNodeModel> agents() {
        return agents;
    }

    public ObservableList<Rope> ropes() {
        return ropes;
    }

    public ObservableList<ConversationLink> links() {
        return links;
    }

    public ObservableList<AgentDefinition> palette() {
        return palette;
    }

    public ObjectProperty<Camera> cameraProperty() {
        return camera;
    }

    public ObjectProperty<SceneSettings> settingsProperty() {
        return settings;
    }

    public int defaultMaxTurns() {
        return workspace.bridge().settings().defaultMaxTurns();
    }

    /** Where notices find a conversation's title (the app asks the sidebar's rows); without it they use its id. */
    public void setTitleLookup(java.util.function.Function<ConversationId, Optional<String>> lookup) {
        titleOf = Objects.requireNonNull(lookup, "lookup");
    }

    /** What opening a speech bubble does: the app shows that message in the sidebar. */
    public void setOnOpenMessage(Consumer<MessageRef> action) {
        onOpenMessage = Objects.requireNonNull(action, "action");
    }

    /**
     * How a conversation the user asked for is shown: one they started here, once it is stored, or the one an
     * agent's menu leads to. The app shows it in the sidebar, even when another one was open there (the user
     * just asked for this one).
     */
    public void setOnShowConversation(Consumer<ConversationId> action) {
        onShowConversation = Objects.requireNonNull(action, "action");
    }

    /** What "Edit agent…" does: the app opens the agent editor on that definition. */
    public void setOnEditAgent(Consumer<AgentId> action) {
        onEditAgent = Objects.requireNonNull(action, "action");
    }

    public void editAgent(AgentNodeModel agent) {
        onEditAgent.accept(agent.agentId());
    }

    /**
     * The conversation an agent's figure stands for now: the one whose mark it shows (the failed turn, the
     * conversation waiting for you), else the one it takes part in (the latest, if several). None for an agent
     * at rest.
     */
    public Optional<ConversationId> conversationOf(AgentNodeModel agent) {
        return agent.markedConversation().or(() -> agent.conversations().stream().reduce((first, second) -> second));
    }

    /** Shows the agent's {@link #conversationOf conversation} in the sidebar, if it has one. */
    public void showConversationOf(AgentNodeModel agent) {
        conversationOf(agent).ifPresent(onShowConversation);
    }

    /** Opens the message that {@code agent}'s speech bubble shows (or whose turn it is writing), if any. */
    public void openBubble(AgentNodeModel agent) {
        agent.said().ifPresent(onOpenMessage);
    }

    /** The latest thing worth telling the user (a conversation that ended with a reason, a failed save). */
    public ReadOnlyStringProperty noticeProperty() {
        return notice.getReadOnlyProperty();
    }
}
