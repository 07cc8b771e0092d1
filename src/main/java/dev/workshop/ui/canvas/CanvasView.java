package dev.workshop.ui.canvas;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.canvas.Bounds;
import dev.workshop.domain.canvas.Camera;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.ui.palette.DropTarget;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.collections.ListChangeListener;
import javafx.geometry.Point2D;
import javafx.scene.CacheHint;
import javafx.scene.Group;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.InputEvent;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Rectangle;
import javafx.scene.transform.Scale;
import javafx.scene.transform.Translate;

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
    private static final double DETAIL_ZOOM = 0.45;
    /** How long the zoom must rest before the agents are drawn sharp again. */
    private static final javafx.util.Duration ZOOM_SETTLE = javafx.util.Duration.millis(250);
    private final CanvasViewModel viewModel;
    private final GridLayer grid = new GridLayer();
    private final Minimap minimap;
    private final RopeLayer ropeLayer = new RopeLayer();
    private final Group agentsGroup = new Group();
    private final BubbleLayer bubbles = new BubbleLayer();
    private final ElementLayer elementLayer;
    private final Group world = new Group(agentsGroup, bubbles.group());
    private final Scale scale = new Scale(1, 1, 0, 0);
    private final Translate translate = new Translate();
    private final Rectangle rubberBand = new Rectangle();
    private final Circle ghost = new Circle(AgentNode.RADIUS);
    private final ZoomBar zoomBar;
    private final EmptyState emptyState;
    private final CanvasDialogs dialogs;
    private final CanvasMenus menus;
    private final Map<AgentNodeModel, AgentNode> nodes = new HashMap<>();
    /** Where each agent was drawn in the last frame (for ropes and their hit-testing). */
    private final Map<InstanceId, Point> positions = new HashMap<>();
    /** Agents at the end of a rope or link: when one of them moves, the rope layer is repainted. */
    private final Set<InstanceId> tied = new java.util.HashSet<>();
    private final FramePacer frames;
    /** Runs out a moment after the last zoom step: then the agents are drawn sharp again. */
    private final javafx.animation.PauseTransition zoomSettles = new javafx.animation.PauseTransition(ZOOM_SETTLE);
    /** When the zoom last changed ({@link System#nanoTime()}). */
    private long lastZoomStep;
    /** Wakes the frames when an agent moves, changes state or says something. */
    private final javafx.beans.InvalidationListener redraw = observable -> wake();
    private final CanvasGestures gestures;
    /**
     * The speech bubble the pointer rests on, or null. It keeps its place while the others are arranged around
     * it: a new message lifting it away would turn a click on it into a click on another.
     */
    private BubbleNode bubbleUnderPointer;
    private boolean ropesDirty = true;
    private double clock;

    public CanvasView(CanvasViewModel viewModel) {
        this.viewModel = viewModel;
        this.frames = new FramePacer(this::frame, viewModel::movesOnItsOwn);
        zoomSettles.setOnFinished(event -> zoomPauseOver());
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
        // Behind the agents: an agent walking over a card stays in view.
        elementLayer = new ElementLayer(viewModel.placedElements(), viewModel.elements(), dialogs::openElement);
        world.getChildren().addFirst(elementLayer.group());
        menus = new CanvasMenus(viewModel, this, dialogs);
        emptyState = new EmptyState(viewModel, this, dialogs::startConversation);
        minimap = new Minimap(point -> viewModel.camera().centreOn(point, getWidth(), getHeight()));
        zoomBar = new ZoomBar(viewModel, this, this::showShortcuts);
        getChildren().addAll(grid, ropeLayer, world, rubberBand, ghost, emptyState, minimap, zoomBar);

        viewModel.agents().addListener((ListChangeListener<AgentNodeModel>) change -> syncAgents());
        viewModel.ropes().addListener((ListChangeListener<Object>) change -> retie());
        viewModel.links().addListener((ListChangeListener<Object>) change -> retie());
        viewModel.cameraProperty().addListener((property, old, camera) -> applyCamera(camera));
        viewModel.camera().darkProperty().addListener((property, old, dark) -> applyTheme(dark));
        minimap.visibleProperty().bind(viewModel.settingsProperty().map(settings -> settings.minimap()));
        syncAgents();
        applyCamera(viewModel.cameraProperty().get());
        applyTheme(viewModel.camera().darkProperty().get());

        gestures = new CanvasGestures(this, viewModel, dialogs, menus, rubberBand, bubbles.byAgent(), positions,
                this::repaintRopes);
        CanvasKeys keys = new CanvasKeys(this, viewModel, dialogs, gestures);
        addEventHandler(MouseEvent.MOUSE_PRESSED, gestures::pressed);
        addEventHandler(MouseEvent.MOUSE_DRAGGED, gestures::dragged);
        addEventHandler(MouseEvent.MOUSE_RELEASED, gestures::released);
        // The bubble under the pointer holds still, so the message aimed at is the one clicked.
        addEventHandler(MouseEvent.MOUSE_MOVED, event -> bubbleUnderPointer = gestures.bubbleNodeAt(event.getTarget()));
        addEventHandler(MouseEvent.MOUSE_EXITED, event -> bubbleUnderPointer = null);
        addEventHandler(ScrollEvent.SCROLL, gestures::scrolled);
        addEventHandler(KeyEvent.KEY_PRESSED, keys::keyPressed);
        addEventHandler(KeyEvent.KEY_RELEASED, keys::keyReleased);
        // Space held while the canvas lost the focus would otherwise stay held.
        focusedProperty().addListener((property, was, focused) -> {
            if (!focused) {
                gestures.holdSpace(false);
            }
        });
        addEventHandler(ContextMenuEvent.CONTEXT_MENU_REQUESTED, gestures::contextMenu);

        // Any input may start a gesture, move the pointer over a bubble or end one: each is drawn by a frame.
        addEventFilter(InputEvent.ANY, event -> wake());
        minimap.visibleProperty().addListener(redraw);
        dev.workshop.ui.fx.Showing.of(this).subscribe(frames::setAttached);
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
            bubbles.update(model, at, onScreen && readable, clock);
        }
        bubbles.arrange(camera.visible(getWidth(), getHeight()), camera.zoom(), bubbleUnderPointer, nodes);
        if (ropesDirty) {
            ropesDirty = false;
            ropeLayer.fitTo(getWidth(), getHeight());
            ropeLayer.paint(camera, positions, viewModel.ropes(), viewModel.links(), gestures.ropeBeingTied());
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
                bubbles.remove(model);
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
        if (camera.zoom() != scale.getX()) {
            zooming();
        }
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

    /**
     * The zoom changes: while it does, each agent's cached picture is scaled rather than drawn again at every step
     * (hundreds of agents redrawn each frame took zooming to ~37 fps at 300); once the zoom has settled for a
     * moment, they are drawn again, sharp. (Keeping the level of detail as it was until then was tried: slower,
     * and with bubbles kept too, JavaFX 21's software pipeline stopped drawing altogether.)
     */
    private void zooming() {
        lastZoomStep = System.nanoTime();
        // Started once, not again at every step: stopping an animation from within a pulse (a step comes from
        // an animation timer or a scroll) could take other timers off the pulse in JavaFX 21, frames stopped.
        if (zoomSettles.getStatus() != javafx.animation.Animation.Status.RUNNING) {
            nodes.values().forEach(node -> node.setCacheHint(CacheHint.SCALE));
            zoomSettles.playFromStart();
        }
    }

    /** The pause ran out: settled if no zoom step came in its last stretch, else another pause. */
    private void zoomPauseOver() {
        if (System.nanoTime() - lastZoomStep < ZOOM_SETTLE.toMillis() * 1_000_000) {
            zoomSettles.playFromStart();
        } else {
            zoomSettled();
        }
    }

    private void zoomSettled() {
        nodes.values().forEach(node -> node.setCacheHint(CacheHint.DEFAULT));
        wake();
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
        return viewModel.edits().place(agent.id(), viewModel.cameraProperty().get().toWorld(local.getX(), local.getY()))
                .isPresent();
    }

    @Override
    public boolean dropElement(dev.workshop.domain.element.ElementKind kind, double sceneX, double sceneY) {
        Point2D local = sceneToLocal(sceneX, sceneY);
        if (!contains(local)) {
            return false;
        }
        requestFocus();
        viewModel.elements().place(kind, viewModel.cameraProperty().get().toWorld(local.getX(), local.getY()));
        return true;
    }

    @Override
    public void placeElement(dev.workshop.domain.element.ElementKind kind) {
        Camera camera = viewModel.cameraProperty().get();
        Point centre = camera.toWorld(getWidth() / 2, getHeight() / 2);
        Point near = new Point(centre.x() - ElementNode.WIDTH / 2, centre.y() - ElementNode.WIDTH / 3);
        viewModel.elements().place(kind, dev.workshop.domain.canvas.Placement.freeCardSpot(
                viewModel.agents().stream().map(AgentNodeModel::position).toList(),
                viewModel.placedElements().stream().map(ElementNodeModel::position).toList(), near));
        requestFocus();
    }

    @Override
    public void placeInView(AgentDefinition agent) {
        Camera camera = viewModel.cameraProperty().get();
        Point centre = camera.toWorld(getWidth() / 2, getHeight() / 2);
        List<Point> taken = viewModel.agents().stream().map(AgentNodeModel::position).toList();
        Point spot = dev.workshop.domain.canvas.Placement.freeSpots(taken, centre, 1).get(0);
        viewModel.edits().place(agent.id(), spot);
    }

}
