package dev.workshop.ui.canvas;

import dev.workshop.domain.canvas.Bounds;
import dev.workshop.domain.canvas.Camera;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.canvas.Rope;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.shape.Rectangle;

/**
 * What the pointer does on the canvas: pan, move the selection, tie a rope (Shift+drag from an agent), select
 * with a rubber band, zoom with the wheel, open a bubble's message, and open the menu of what is under it.
 */
final class CanvasGestures {
    private static final double DRAG_THRESHOLD = 4;

    private enum Gesture { NONE, PAN, MOVE, ROPE, RUBBER_BAND }

    private final CanvasView view;
    private final CanvasViewModel viewModel;
    private final CanvasDialogs dialogs;
    private final CanvasMenus menus;
    private final Rectangle rubberBand;
    /** The bubble drawn for each agent that has one. */
    private final Map<AgentNodeModel, BubbleNode> bubbleNodes;
    /** Where each agent was drawn in the last frame (for hitting a rope). */
    private final Map<InstanceId, Point> positions;
    private final Runnable repaintRopes;
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
    private Map<AgentNodeModel, Point> dragStarts = Map.of();
    private Point2D ropeEnd;
    /** Space is held: a drag pans wherever it starts, over an agent too (as in drawing tools). */
    private boolean spaceHeld;

    CanvasGestures(CanvasView view, CanvasViewModel viewModel, CanvasDialogs dialogs, CanvasMenus menus,
                   Rectangle rubberBand, Map<AgentNodeModel, BubbleNode> bubbleNodes, Map<InstanceId, Point> positions,
                   Runnable repaintRopes) {
        this.view = view;
        this.viewModel = viewModel;
        this.dialogs = dialogs;
        this.menus = menus;
        this.rubberBand = rubberBand;
        this.bubbleNodes = bubbleNodes;
        this.positions = positions;
        this.repaintRopes = repaintRopes;
    }

    /** Space went down or up: while it is held, a drag pans, and the pointer says so. */
    void holdSpace(boolean held) {
        spaceHeld = held;
        view.setCursor(held ? javafx.scene.Cursor.OPEN_HAND : null);
    }

    /** The rope being tied, from its agent to the pointer (world, then screen point), while Shift+dragging. */
    Optional<Point[]> ropeBeingTied() {
        return gesture == Gesture.ROPE && ropeEnd != null
                ? Optional.of(new Point[] {pressedAgent.position(), new Point(ropeEnd.getX(), ropeEnd.getY())})
                : Optional.empty();
    }

    private Optional<AgentNodeModel> agentAt(Object target) {
        Node node = target instanceof Node n ? n : null;
        while (node != null && node != view) {
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
    BubbleNode bubbleNodeAt(Object target) {
        Node node = target instanceof Node n ? n : null;
        while (node != null && node != view && !(node instanceof BubbleNode)) {
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

    void pressed(MouseEvent event) {
        view.requestFocus();
        closeMenu();
        menuRequested = false;
        pressX = lastX = event.getX();
        pressY = lastY = event.getY();
        pressedAgent = agentAt(event.getTarget()).orElse(null);
        pressedBubble = bubbleAt(event.getTarget()).orElse(null);
        if (event.getButton() == MouseButton.MIDDLE || (spaceHeld && event.getButton() == MouseButton.PRIMARY)) {
            gesture = Gesture.PAN;
        } else if (event.getButton() != MouseButton.PRIMARY) {
            gesture = Gesture.NONE;
        } else if (pressedAgent != null && event.isShiftDown()) {
            gesture = Gesture.ROPE;
        } else if (pressedAgent != null) {
            if (event.isShortcutDown()) {
                viewModel.selecting().toggleSelected(pressedAgent.id());
            } else if (!pressedAgent.selectedProperty().get()) {
                viewModel.selecting().select(List.of(pressedAgent.id()), false);
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

    void dragged(MouseEvent event) {
        double dx = event.getX() - lastX;
        double dy = event.getY() - lastY;
        boolean moved = Math.hypot(event.getX() - pressX, event.getY() - pressY) >= DRAG_THRESHOLD;
        switch (gesture) {
            case PAN -> viewModel.camera().pan(dx, dy);
            case MOVE -> {
                if (moved && dragStarts.isEmpty()) {
                    dragStarts = new LinkedHashMap<>();
                    for (AgentNodeModel agent : viewModel.selecting().selection()) {
                        dragStarts.put(agent, agent.position());
                    }
                    viewModel.edits().pickUp(dragStarts.keySet());
                }
                if (!dragStarts.isEmpty()) {
                    double zoom = viewModel.cameraProperty().get().zoom();
                    viewModel.edits().dragBy(dragStarts, (event.getX() - pressX) / zoom, (event.getY() - pressY) / zoom);
                }
            }
            case ROPE -> {
                ropeEnd = new Point2D(event.getX(), event.getY());
                repaintRopes.run();
            }
            case RUBBER_BAND -> showRubberBand(event.getX(), event.getY());
            case NONE -> { }
        }
        lastX = event.getX();
        lastY = event.getY();
        event.consume();
    }

    void released(MouseEvent event) {
        boolean click = Math.hypot(event.getX() - pressX, event.getY() - pressY) < DRAG_THRESHOLD;
        // Platforms that send no context-menu request for a right click (headless Monocle) get the menu here.
        if (event.getButton() == MouseButton.SECONDARY && click && !menuRequested) {
            showMenu(event.getTarget(), event.getX(), event.getY(), event.getScreenX(), event.getScreenY());
        }
        switch (gesture) {
            case PAN -> {
                if (click && event.getButton() == MouseButton.PRIMARY && pressedBubble != null) {
                    viewModel.waysOut().openBubble(pressedBubble);
                } else if (click && event.getButton() == MouseButton.PRIMARY && !event.isShortcutDown()) {
                    viewModel.selecting().clearSelection();
                }
            }
            case MOVE -> {
                if (!dragStarts.isEmpty()) {
                    viewModel.edits().putDown(dragStarts.keySet());
                    dragStarts = Map.of();
                }
            }
            case ROPE -> {
                if (click) {
                    viewModel.selecting().toggleSelected(pressedAgent.id());
                } else {
                    finishRope(event.getX(), event.getY());
                }
            }
            case RUBBER_BAND -> {
                rubberBand.setVisible(false);
                Camera camera = viewModel.cameraProperty().get();
                viewModel.selecting().selectWithin(Bounds.spanning(camera.toWorld(pressX, pressY),
                        camera.toWorld(event.getX(), event.getY())), event.isShiftDown() || event.isShortcutDown());
            }
            case NONE -> { }
        }
        gesture = Gesture.NONE;
        pressedBubble = null;
        ropeEnd = null;
        repaintRopes.run();
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
                viewModel.edits().link(from.id(), to.get().id(), label);
            } catch (IllegalArgumentException e) {
                dialogs.showProblem(e.getMessage());
            }
        });
    }

    void scrolled(ScrollEvent event) {
        if (event.getDeltaY() != 0) {
            viewModel.camera().zoomAt(Math.pow(1.0015, event.getDeltaY()), event.getX(), event.getY());
        }
        event.consume();
    }

    void contextMenu(ContextMenuEvent event) {
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
    boolean showSelectionMenu() {
        List<AgentNodeModel> selected = viewModel.selecting().selection();
        if (selected.isEmpty()) {
            return false;
        }
        Point at = viewModel.cameraProperty().get().toScreen(selected.getFirst().position());
        Point2D screen = view.localToScreen(at.x(), at.y());
        showMenu(selected.getFirst(), at.x(), at.y(), screen.getX(), screen.getY());
        return true;
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
        menu.show(view, screenX, screenY);
    }

    void closeMenu() {
        if (openMenu != null) {
            openMenu.hide();
            openMenu = null;
        }
    }
}
