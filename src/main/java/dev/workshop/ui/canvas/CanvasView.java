package dev.workshop.ui.canvas;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.canvas.Behaviour;
import dev.workshop.domain.canvas.Bounds;
import dev.workshop.domain.canvas.Camera;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.canvas.Rope;
import dev.workshop.domain.canvas.SceneSettings;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.fsm.AgentState;
import dev.workshop.ui.dialogs.StartConversationDialog;
import dev.workshop.ui.fx.IconOnly;
import dev.workshop.ui.palette.DropTarget;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javafx.collections.ListChangeListener;
import javafx.geometry.Point2D;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.InputEvent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Rectangle;
import javafx.scene.transform.Scale;
import javafx.scene.transform.Translate;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The canvas: a dot grid, the ropes (one Canvas), the agents and their speech bubbles (light nodes in one
 * world group under the camera transform), and the gestures — drag empty space to pan, wheel to zoom toward
 * the cursor, drag agents to move them, Shift-drag from an agent to another to tie a rope, Shift-drag on empty
 * space to select with a rubber band. One animation timer walks the agents and repaints the ropes, running only
 * while something on the canvas changes or moves ({@link FramePacer}).
 */
public final class CanvasView extends Pane implements DropTarget {
    /** What the quick start suggests talking about. */
    static final String QUICK_START_TASK = "Plan a weekend in Lisbon on a budget of 500 €";
    private static final double DRAG_THRESHOLD = 4;
    private static final double DETAIL_ZOOM = 0.45;
    static final KeyCombination FIT = new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN);
    static final KeyCombination RESET = new KeyCodeCombination(KeyCode.DIGIT0, KeyCombination.SHORTCUT_DOWN);
    static final KeyCombination DUPLICATE = new KeyCodeCombination(KeyCode.D, KeyCombination.SHORTCUT_DOWN);
    private static final KeyCombination SELECT_ALL = new KeyCodeCombination(KeyCode.A, KeyCombination.SHORTCUT_DOWN);
    static final KeyCombination UNDO = new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN);
    static final KeyCombination REDO = new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN,
            KeyCombination.SHIFT_DOWN);
    private static final KeyCombination REDO_Y = new KeyCodeCombination(KeyCode.Y, KeyCombination.SHORTCUT_DOWN);
    private static final KeyCombination RESET_NUMPAD = new KeyCodeCombination(KeyCode.NUMPAD0, KeyCombination.SHORTCUT_DOWN);

    private final CanvasViewModel viewModel;
    private final GridLayer grid = new GridLayer();
    private final Minimap minimap;
    private final RopeLayer ropeLayer = new RopeLayer();
    private final Group agentsGroup = new Group();
    private final Group bubbles = new Group();
    private final Group world = new Group(agentsGroup, bubbles);
    private final Scale scale = new Scale(1, 1, 0, 0);
    private final Translate translate = new Translate();
    private final Rectangle rubberBand = new Rectangle();
    private final Circle ghost = new Circle(AgentNode.RADIUS);
    private final ZoomBar zoomBar;
    private final EmptyState emptyState;
    private final CanvasDialogs dialogs;
    private final CanvasMenus menus;
    private final Map<AgentNodeModel, AgentNode> nodes = new HashMap<>();
    private final Map<AgentNodeModel, BubbleNode> bubbleNodes = new HashMap<>();
    /** Bubbles whose message, or whose thinking dots, are new this frame; brought to the front after it. */
    private final List<BubbleNode> freshlySaid = new ArrayList<>();
    private final List<BubbleNode> freshlyThinking = new ArrayList<>();
    /** Where each agent was drawn in the last frame (for ropes and their hit-testing). */
    private final Map<InstanceId, Point> positions = new HashMap<>();
    /** Agents at the end of a rope or link: when one of them moves, the rope layer is repainted. */
    private final Set<InstanceId> tied = new java.util.HashSet<>();
    private final FramePacer frames;
    /** Wakes the frames when an agent moves, changes state or says something. */
    private final javafx.beans.InvalidationListener redraw = observable -> wake();
    private ContextMenu openMenu;
    /** Whether the current press already opened a context menu (so its release does not open another). */
    private boolean menuRequested;
    private Gesture gesture = Gesture.NONE;
    private double pressX;
    private double pressY;
    private double lastX;
    private double lastY;
    private AgentNodeModel pressedAgent;
    /** The agent whose speech bubble the mouse went down on: a click there opens its message. */
    private AgentNodeModel pressedBubble;
    /**
     * The speech bubble the pointer rests on, or null. It keeps its place while the others are arranged around
     * it: a new message lifting it away would turn a click on it into a click on another.
     */
    private BubbleNode bubbleUnderPointer;
    private Map<AgentNodeModel, Point> dragStarts = Map.of();
    private Point2D ropeEnd;
    private boolean ropesDirty = true;
    private double clock;

    private enum Gesture { NONE, PAN, MOVE, ROPE, RUBBER_BAND }

    public CanvasView(CanvasViewModel viewModel) {
        this.viewModel = viewModel;
        this.frames = new FramePacer(this::frame, viewModel::movesOnItsOwn);
        getStyleClass().add("workshop-canvas");
        getStylesheets().add(CanvasView.class.getResource("canvas.css").toExternalForm());
        setId("canvas");
        setFocusTraversable(true);
        setMinSize(0, 0);
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(widthProperty());
        clip.heightProperty().bind(heightProperty());
        setClip(clip);
        world.getTransforms().setAll(scale, translate);
        rubberBand.getStyleClass().add("rubber-band");
        rubberBand.setVisible(false);
        rubberBand.setManaged(false);
        rubberBand.setMouseTransparent(true);
        ghost.getStyleClass().add("drop-ghost");
        ghost.setVisible(false);
        ghost.setManaged(false);
        ghost.setMouseTransparent(true);
        dialogs = new CanvasDialogs(viewModel, this);
        menus = new CanvasMenus(viewModel, this, dialogs);
        emptyState = new EmptyState(viewModel, this, dialogs::startConversation);
        minimap = new Minimap(point -> viewModel.centreOn(point, getWidth(), getHeight()));
        zoomBar = new ZoomBar(viewModel, this, this::showShortcuts);
        getChildren().addAll(grid, ropeLayer, world, rubberBand, ghost, emptyState, minimap, zoomBar);

        viewModel.agents().addListener((ListChangeListener<AgentNodeModel>) change -> syncAgents());
        viewModel.ropes().addListener((ListChangeListener<Object>) change -> retie());
        viewModel.links().addListener((ListChangeListener<Object>) change -> retie());
        viewModel.cameraProperty().addListener((property, old, camera) -> applyCamera(camera));
        viewModel.darkProperty().addListener((property, old, dark) -> applyTheme(dark));
        minimap.visibleProperty().bind(viewModel.settingsProperty().map(settings -> settings.minimap()));
        syncAgents();
        applyCamera(viewModel.cameraProperty().get());
        applyTheme(viewModel.darkProperty().get());

        addEventHandler(MouseEvent.MOUSE_PRESSED, this::pressed);
        addEventHandler(MouseEvent.MOUSE_DRAGGED, this::dragged);
        addEventHandler(MouseEvent.MOUSE_RELEASED, this::released);
        // The bubble under the pointer holds still, so the message aimed at is the one clicked.
        addEventHandler(MouseEvent.MOUSE_MOVED, event -> bubbleUnderPointer = bubbleNodeAt(event.getTarget()));
        addEventHandler(MouseEvent.MOUSE_EXITED, event -> bubbleUnderPointer = null);
        addEventHandler(ScrollEvent.SCROLL, this::scrolled);
        addEventHandler(KeyEvent.KEY_PRESSED, this::keyPressed);
        addEventHandler(ContextMenuEvent.CONTEXT_MENU_REQUESTED, this::contextMenu);

        // Any input may start a gesture, move the pointer over a bubble or end one: each is drawn by a frame.
        addEventFilter(InputEvent.ANY, event -> wake());
        minimap.visibleProperty().addListener(redraw);
        sceneProperty().addListener((property, old, scene) -> frames.setAttached(scene != null));
        frames.setAttached(getScene() != null);
    }

    // ---- frame -------------------------------------------------------------------------------------------------

    /** Draws again soon: something the canvas shows has changed. */
    private void wake() {
        frames.wake();
    }

    /** Whether the canvas is drawing frames now (it stops while nothing on it changes or moves). */
    boolean drawsFrames() {
        return frames.isRunning();
    }

    private void repaintRopes() {
        ropesDirty = true;
        wake();
    }

    private void frame(double seconds) {
        clock += seconds;
        viewModel.advance(seconds);
        Camera camera = viewModel.cameraProperty().get();
        Bounds visible = camera.visible(getWidth(), getHeight()).grownBy(AgentNode.RADIUS * 4);
        boolean readable = camera.zoom() >= DETAIL_ZOOM;
        positions.clear();
        for (Map.Entry<AgentNodeModel, AgentNode> entry : nodes.entrySet()) {
            AgentNodeModel model = entry.getKey();
            AgentNode node = entry.getValue();
            Point at = snapped(model.position(), camera);
            positions.put(model.id(), at);
            boolean onScreen = visible.contains(at);
            node.setVisible(onScreen);
            if (node.getLayoutX() != at.x() || node.getLayoutY() != at.y()) {
                node.setLayoutX(at.x());
                node.setLayoutY(at.y());
                // Only an agent at the end of a rope or a conversation link makes the rope layer repaint.
                ropesDirty |= tied.contains(model.id());
            }
            updateBubble(model, at, onScreen, readable);
        }
        // Agents side by side have overlapping bubbles: the newest turn's goes on top. A message and the next
        // turn's start often arrive in the same frame, and the turn that starts is the newer of the two.
        freshlySaid.forEach(BubbleNode::toFront);
        freshlyThinking.forEach(BubbleNode::toFront);
        freshlySaid.clear();
        freshlyThinking.clear();
        BubbleStack.arrange(bubbles.getChildren(), camera.visible(getWidth(), getHeight()), camera.zoom(),
                bubbleUnderPointer);
        if (ropesDirty) {
            ropesDirty = false;
            ropeLayer.fitTo(getWidth(), getHeight());
            Optional<Point[]> pending = gesture == Gesture.ROPE && ropeEnd != null
                    ? Optional.of(new Point[] {pressedAgent.position(), new Point(ropeEnd.getX(), ropeEnd.getY())})
                    : Optional.empty();
            ropeLayer.paint(camera, positions, viewModel.ropes(), viewModel.links(), pending);
        }
        if (minimap.isVisible()) {
            minimap.paint(viewModel.agents(), camera.visible(getWidth(), getHeight()));
        }
    }

    /**
     * The world point whose screen position is the nearest whole pixel: cached agent bitmaps are then copied,
     * not resampled, and a slow walk moves a node only when it crosses a pixel.
     */
    private static Point snapped(Point world, Camera camera) {
        double zoom = camera.zoom();
        return new Point(Math.round((world.x() - camera.originX()) * zoom) / zoom + camera.originX(),
                Math.round((world.y() - camera.originY()) * zoom) / zoom + camera.originY());
    }

    /**
     * Bubbles are the costliest thing to paint (text on a rounded box), so there is one only for an agent on
     * screen with something to say, only when zoomed in enough to read it, and it is laid out again only when
     * its text changes.
     */
    private void updateBubble(AgentNodeModel model, Point at, boolean onScreen, boolean readable) {
        String text = model.bubbleProperty().get();
        boolean thinking = model.state() == AgentState.THINKING;
        BubbleNode bubble = bubbleNodes.get(model);
        if (!readable || !onScreen || (!thinking && text.isEmpty())) {
            if (bubble != null) {
                bubbles.getChildren().remove(bubble);
                bubbleNodes.remove(model);
            }
            return;
        }
        if (bubble == null) {
            bubble = new BubbleNode();
            bubbleNodes.put(model, bubble);
            bubbles.getChildren().add(bubble);
        }
        if (thinking ? bubble.showThinking(clock) : bubble.showSaid(text, model.bubbleOpacity())) {
            (thinking ? freshlyThinking : freshlySaid).add(bubble);
        }
        bubble.anchorAbove(at.x(), at.y());
    }

    private void retie() {
        tied.clear();
        viewModel.ropes().forEach(rope -> {
            tied.add(rope.from());
            tied.add(rope.to());
        });
        viewModel.links().forEach(link -> tied.addAll(link.participants()));
        repaintRopes();
    }

    private void syncAgents() {
        Set<AgentNodeModel> current = Set.copyOf(viewModel.agents());
        nodes.keySet().removeIf(model -> {
            if (!current.contains(model)) {
                watch(model, false);
                agentsGroup.getChildren().remove(nodes.get(model));
                Optional.ofNullable(bubbleNodes.remove(model)).ifPresent(bubbles.getChildren()::remove);
                return true;
            }
            return false;
        });
        for (AgentNodeModel model : viewModel.agents()) {
            nodes.computeIfAbsent(model, this::createNode);
        }
        emptyState.setVisible(viewModel.agents().isEmpty());
        repaintRopes();
    }

    private AgentNode createNode(AgentNodeModel model) {
        AgentNode node = new AgentNode(model);
        node.setLayoutX(model.position().x());
        node.setLayoutY(model.position().y());
        node.setDetailed(viewModel.cameraProperty().get().zoom() >= DETAIL_ZOOM);
        agentsGroup.getChildren().add(node);
        watch(model, true);
        return node;
    }

    /** What a frame draws of an agent: where it is, its state (thinking dots) and its bubble. */
    private void watch(AgentNodeModel model, boolean watched) {
        for (javafx.beans.Observable shown : List.of(model.xProperty(), model.yProperty(), model.stateProperty(),
                model.bubbleProperty())) {
            if (watched) {
                shown.addListener(redraw);
            } else {
                shown.removeListener(redraw);
            }
        }
    }

    private void applyCamera(Camera camera) {
        scale.setX(camera.zoom());
        scale.setY(camera.zoom());
        translate.setX(-camera.originX());
        translate.setY(-camera.originY());
        zoomBar.showZoom(camera.zoom());
        boolean detailed = camera.zoom() >= DETAIL_ZOOM;
        nodes.values().forEach(node -> node.setDetailed(detailed));
        grid.paint(camera, getWidth(), getHeight());
        repaintRopes();
    }

    private void applyTheme(boolean dark) {
        minimap.setDark(dark);
        ropeLayer.setPalette(dark ? RopeLayer.Palette.DARK : RopeLayer.Palette.LIGHT);
        grid.setDotColour(dark ? Color.rgb(139, 148, 158, 0.28) : Color.rgb(110, 119, 129, 0.35));
        grid.paint(viewModel.cameraProperty().get(), getWidth(), getHeight());
        repaintRopes();
    }

    @Override
    protected void layoutChildren() {
        super.layoutChildren();
        grid.paint(viewModel.cameraProperty().get(), getWidth(), getHeight());
        emptyState.resizeRelocate(0, 0, getWidth(), getHeight());
        // Top right: the bottom edge has the tool bar, which a narrow canvas fills.
        minimap.relocate(getWidth() - Minimap.WIDTH - 12, 12);
        zoomBar.fitTo(getWidth() - 24);
        zoomBar.autosize();
        zoomBar.relocate(getWidth() - zoomBar.getLayoutBounds().getWidth() - 12,
                getHeight() - zoomBar.getLayoutBounds().getHeight() - 12);
        repaintRopes();
    }

    // ---- mouse -------------------------------------------------------------------------------------------------

    private Optional<AgentNodeModel> agentAt(Object target) {
        Node node = target instanceof Node n ? n : null;
        while (node != null && node != this) {
            if (node instanceof AgentNode agent) {
                return Optional.of(agent.model());
            }
            node = node.getParent();
        }
        return Optional.empty();
    }

    /** The agent whose speech bubble holds {@code target}, if it is in one. */
    private Optional<AgentNodeModel> bubbleAt(Object target) {
        BubbleNode bubble = bubbleNodeAt(target);
        return bubble == null ? Optional.empty() : bubbleNodes.entrySet().stream()
                .filter(entry -> entry.getValue() == bubble).map(Map.Entry::getKey).findFirst();
    }

    /** The speech bubble that holds {@code target}, or null. */
    private BubbleNode bubbleNodeAt(Object target) {
        Node node = target instanceof Node n ? n : null;
        while (node != null && node != this && !(node instanceof BubbleNode)) {
            node = node.getParent();
        }
        return node instanceof BubbleNode bubble ? bubble : null;
    }

    private Optional<AgentNodeModel> agentAtPoint(double x, double y) {
        Point world = viewModel.cameraProperty().get().toWorld(x, y);
        AgentNodeModel best = null;
        for (AgentNodeModel model : viewModel.agents()) {
            if (model.position().distanceTo(world) <= AgentNode.RADIUS + 6
                    && (best == null || model.position().distanceTo(world) < best.position().distanceTo(world))) {
                best = model;
            }
        }
        return Optional.ofNullable(best);
    }

    private void pressed(MouseEvent event) {
        requestFocus();
        closeMenu();
        menuRequested = false;
        pressX = lastX = event.getX();
        pressY = lastY = event.getY();
        pressedAgent = agentAt(event.getTarget()).orElse(null);
        pressedBubble = bubbleAt(event.getTarget()).orElse(null);
        if (event.getButton() == MouseButton.MIDDLE) {
            gesture = Gesture.PAN;
        } else if (event.getButton() != MouseButton.PRIMARY) {
            gesture = Gesture.NONE;
        } else if (pressedAgent != null && event.isShiftDown()) {
            gesture = Gesture.ROPE;
        } else if (pressedAgent != null) {
            if (event.isShortcutDown()) {
                viewModel.toggleSelected(pressedAgent.id());
            } else if (!pressedAgent.selectedProperty().get()) {
                viewModel.select(List.of(pressedAgent.id()), false);
            }
            gesture = pressedAgent.selectedProperty().get() ? Gesture.MOVE : Gesture.NONE;
            dragStarts = Map.of();
        } else if (event.isShiftDown()) {
            gesture = Gesture.RUBBER_BAND;
        } else {
            gesture = Gesture.PAN;
        }
        event.consume();
    }

    private void dragged(MouseEvent event) {
        double dx = event.getX() - lastX;
        double dy = event.getY() - lastY;
        boolean moved = Math.hypot(event.getX() - pressX, event.getY() - pressY) >= DRAG_THRESHOLD;
        switch (gesture) {
            case PAN -> viewModel.pan(dx, dy);
            case MOVE -> {
                if (moved && dragStarts.isEmpty()) {
                    dragStarts = new LinkedHashMap<>();
                    for (AgentNodeModel agent : viewModel.selection()) {
                        dragStarts.put(agent, agent.position());
                    }
                    viewModel.pickUp(dragStarts.keySet());
                }
                if (!dragStarts.isEmpty()) {
                    double zoom = viewModel.cameraProperty().get().zoom();
                    viewModel.dragBy(dragStarts, (event.getX() - pressX) / zoom, (event.getY() - pressY) / zoom);
                }
            }
            case ROPE -> {
                ropeEnd = new Point2D(event.getX(), event.getY());
                repaintRopes();
            }
            case RUBBER_BAND -> showRubberBand(event.getX(), event.getY());
            case NONE -> { }
        }
        lastX = event.getX();
        lastY = event.getY();
        event.consume();
    }

    private void released(MouseEvent event) {
        boolean click = Math.hypot(event.getX() - pressX, event.getY() - pressY) < DRAG_THRESHOLD;
        // Platforms that send no context-menu request for a right click (headless Monocle) get the menu here.
        if (event.getButton() == MouseButton.SECONDARY && click && !menuRequested) {
            showMenu(event.getTarget(), event.getX(), event.getY(), event.getScreenX(), event.getScreenY());
        }
        switch (gesture) {
            case PAN -> {
                if (click && event.getButton() == MouseButton.PRIMARY && pressedBubble != null) {
                    viewModel.openBubble(pressedBubble);
                } else if (click && event.getButton() == MouseButton.PRIMARY && !event.isShortcutDown()) {
                    viewModel.clearSelection();
                }
            }
            case MOVE -> {
                if (!dragStarts.isEmpty()) {
                    viewModel.putDown(dragStarts.keySet());
                    dragStarts = Map.of();
                }
            }
            case ROPE -> {
                if (click) {
                    viewModel.toggleSelected(pressedAgent.id());
                } else {
                    finishRope(event.getX(), event.getY());
                }
            }
            case RUBBER_BAND -> {
                rubberBand.setVisible(false);
                Camera camera = viewModel.cameraProperty().get();
                viewModel.selectWithin(Bounds.spanning(camera.toWorld(pressX, pressY),
                        camera.toWorld(event.getX(), event.getY())), event.isShiftDown() || event.isShortcutDown());
            }
            case NONE -> { }
        }
        gesture = Gesture.NONE;
        pressedBubble = null;
        ropeEnd = null;
        repaintRopes();
        event.consume();
    }

    private void showRubberBand(double x, double y) {
        rubberBand.setX(Math.min(pressX, x));
        rubberBand.setY(Math.min(pressY, y));
        rubberBand.setWidth(Math.abs(x - pressX));
        rubberBand.setHeight(Math.abs(y - pressY));
        rubberBand.setVisible(true);
    }

    private void finishRope(double x, double y) {
        AgentNodeModel from = pressedAgent;
        Optional<AgentNodeModel> to = agentAtPoint(x, y).filter(agent -> agent != from);
        if (from == null || to.isEmpty()) {
            return;
        }
        dialogs.askLabel("Tie a rope", "How are " + from.name() + " and " + to.get().name() + " related?", "")
                .ifPresent(label -> {
            try {
                viewModel.link(from.id(), to.get().id(), label);
            } catch (IllegalArgumentException e) {
                dialogs.showProblem(e.getMessage());
            }
        });
    }

    private void scrolled(ScrollEvent event) {
        if (event.getDeltaY() != 0) {
            viewModel.zoomAt(Math.pow(1.0015, event.getDeltaY()), event.getX(), event.getY());
        }
        event.consume();
    }

    // ---- keyboard ----------------------------------------------------------------------------------------------

    private void keyPressed(KeyEvent event) {
        if (FIT.match(event)) {
            viewModel.fitAll(getWidth(), getHeight());
        } else if (RESET.match(event) || RESET_NUMPAD.match(event)) {
            viewModel.resetZoom(getWidth(), getHeight());
        } else if (event.getCode() == KeyCode.DELETE || event.getCode() == KeyCode.BACK_SPACE) {
            dialogs.removeWithConfirmation(viewModel.selection());
        } else if (DUPLICATE.match(event)) {
            viewModel.duplicate(viewModel.selection());
        } else if (SELECT_ALL.match(event)) {
            viewModel.selectAll();
        } else if (UNDO.match(event)) {
            viewModel.undo();
        } else if (REDO.match(event) || REDO_Y.match(event)) {
            viewModel.redo();
        } else if (event.getCode() == KeyCode.ESCAPE) {
            viewModel.clearSelection();
        } else if (event.getCode() == KeyCode.PLUS || event.getCode() == KeyCode.EQUALS || event.getCode() == KeyCode.ADD) {
            viewModel.zoomAt(1.2, getWidth() / 2, getHeight() / 2);
        } else if (event.getCode() == KeyCode.MINUS || event.getCode() == KeyCode.SUBTRACT) {
            viewModel.zoomAt(1 / 1.2, getWidth() / 2, getHeight() / 2);
        } else if (event.getCode() == KeyCode.CONTEXT_MENU || (event.getCode() == KeyCode.F10 && event.isShiftDown())) {
            if (!showSelectionMenu()) {
                return;
            }
        } else if (event.getCode() == KeyCode.TAB && !event.isShortcutDown() && !event.isAltDown()) {
            // Tab steps through the agents; past the last one it is not consumed, so the focus moves on.
            Optional<AgentNodeModel> next = viewModel.selectNext(event.isShiftDown());
            if (next.isEmpty()) {
                return;
            }
            keepInView(next.get());
        } else if (event.getCode().isArrowKey() && event.isAltDown()) {
            switch (event.getCode()) {
                case LEFT -> viewModel.nudgeSelection(-1, 0);
                case RIGHT -> viewModel.nudgeSelection(1, 0);
                case UP -> viewModel.nudgeSelection(0, -1);
                default -> viewModel.nudgeSelection(0, 1);
            }
            viewModel.selection().stream().findFirst().ifPresent(this::keepInView);
        } else if (event.getCode().isArrowKey()) {
            double step = event.isShiftDown() ? 200 : 50;
            switch (event.getCode()) {
                case LEFT -> viewModel.pan(step, 0);
                case RIGHT -> viewModel.pan(-step, 0);
                case UP -> viewModel.pan(0, step);
                default -> viewModel.pan(0, -step);
            }
        } else {
            return;
        }
        event.consume();
    }

    // ---- menus and dialogs -------------------------------------------------------------------------------------

    private void contextMenu(ContextMenuEvent event) {
        if (!event.isKeyboardTrigger() || !showSelectionMenu()) {
            showMenu(event.getPickResult().getIntersectedNode(), event.getX(), event.getY(), event.getScreenX(),
                    event.getScreenY());
        }
        event.consume();
    }

    /**
     * The menu key or Shift+F10: the selection's menu, opened at its first agent rather than at the pointer.
     * The keys are read here too, as not every platform's toolkit turns them into a menu request.
     */
    private boolean showSelectionMenu() {
        List<AgentNodeModel> selected = viewModel.selection();
        if (selected.isEmpty()) {
            return false;
        }
        Point at = viewModel.cameraProperty().get().toScreen(selected.getFirst().position());
        Point2D screen = localToScreen(at.x(), at.y());
        showMenu(selected.getFirst(), at.x(), at.y(), screen.getX(), screen.getY());
        return true;
    }

    /** Pans so that an agent the keyboard picked or moved is in view, if it is not already. */
    private void keepInView(AgentNodeModel agent) {
        Point at = viewModel.cameraProperty().get().toScreen(agent.position());
        double margin = AgentNode.RADIUS * 2;
        if (at.x() < margin || at.y() < margin || at.x() > getWidth() - margin || at.y() > getHeight() - margin) {
            viewModel.centreOn(agent.position(), getWidth(), getHeight());
        }
    }

    private void showMenu(Object target, double x, double y, double screenX, double screenY) {
        closeMenu();
        menuRequested = true;
        Optional<AgentNodeModel> agent = target instanceof AgentNodeModel model ? Optional.of(model)
                : agentAt(target).or(() -> agentAtPoint(x, y));
        Optional<Rope> rope = agent.isPresent() ? Optional.empty()
                : RopeLayer.ropeAt(x, y, viewModel.cameraProperty().get(), positions, viewModel.ropes());
        ContextMenu menu = agent.map(menus::agentMenu)
                .orElseGet(() -> rope.map(menus::ropeMenu).orElseGet(() -> menus.canvasMenu(x, y)));
        openMenu = menu;
        menu.show(this, screenX, screenY);
    }

    private void closeMenu() {
        if (openMenu != null) {
            openMenu.hide();
            openMenu = null;
        }
    }

    /** Opens the start dialog with the selection preselected. */
    public void startConversation(List<AgentNodeModel> preselected) {
        dialogs.startConversation(preselected);
    }

    /** As {@link CanvasDialogs#startAgain}: the start dialog filled in from a conversation. */
    public void startAgain(ConversationState state) {
        dialogs.startAgain(state);
    }

    /** The sheet of every mouse gesture and key (Ctrl+/ or F1 anywhere in the window). */
    public void showShortcuts() {
        dialogs.showShortcuts();
    }

    // ---- palette drops -----------------------------------------------------------------------------------------

    @Override
    public void hover(AgentDefinition agent, double sceneX, double sceneY) {
        Point2D local = sceneToLocal(sceneX, sceneY);
        boolean inside = agent != null && contains(local);
        ghost.setVisible(inside);
        if (inside) {
            double zoom = viewModel.cameraProperty().get().zoom();
            ghost.setRadius(AgentNode.RADIUS * zoom);
            ghost.setFill(Color.web(agent.avatarColor(), 0.45));
            ghost.setCenterX(local.getX());
            ghost.setCenterY(local.getY());
        }
    }

    @Override
    public boolean drop(AgentDefinition agent, double sceneX, double sceneY) {
        ghost.setVisible(false);
        Point2D local = sceneToLocal(sceneX, sceneY);
        if (!contains(local)) {
            return false;
        }
        requestFocus();
        return viewModel.place(agent.id(), viewModel.cameraProperty().get().toWorld(local.getX(), local.getY()))
                .isPresent();
    }

    @Override
    public void placeInView(AgentDefinition agent) {
        Camera camera = viewModel.cameraProperty().get();
        Point centre = camera.toWorld(getWidth() / 2, getHeight() / 2);
        List<Point> taken = viewModel.agents().stream().map(AgentNodeModel::position).toList();
        Point spot = dev.workshop.domain.canvas.Placement.freeSpots(taken, centre, 1).get(0);
        viewModel.place(agent.id(), spot);
    }

    // ---- chrome ------------------------------------------------------------------------------------------------


}
