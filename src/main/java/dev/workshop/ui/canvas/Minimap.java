package dev.workshop.ui.canvas;

import dev.workshop.domain.canvas.Bounds;
import dev.workshop.domain.canvas.MinimapProjection;
import dev.workshop.domain.canvas.Point;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.paint.Color;

/**
 * The overview in the canvas's corner: every agent as a dot in its colour, and the part of the world the
 * view shows as a frame. Pressing or dragging on it moves the view there. Painted on one Canvas each frame
 * while it is shown (a few hundred dots cost far less than the agents' nodes).
 */
final class Minimap extends Canvas {
    static final double WIDTH = 200;
    static final double HEIGHT = 130;

    private final Map<String, Color> colours = new HashMap<>();
    private MinimapProjection projection = MinimapProjection.fitting(Bounds.EMPTY, new Bounds(0, 0, 1, 1), WIDTH, HEIGHT);
    /** While the mouse drags on the map its scale stays put, so the frame follows the mouse, not a moving map. */
    private MinimapProjection held;
    private boolean dark;

    Minimap(Consumer<Point> moveViewTo) {
        super(WIDTH, HEIGHT);
        setId("minimap");
        getStyleClass().add("minimap");
        addEventHandler(MouseEvent.MOUSE_PRESSED, event -> {
            if (event.getButton() == MouseButton.PRIMARY) {
                held = projection;
                moveViewTo.accept(held.toWorld(event.getX(), event.getY()));
            }
            event.consume();
        });
        addEventHandler(MouseEvent.MOUSE_DRAGGED, event -> {
            if (held != null) {
                moveViewTo.accept(held.toWorld(clamp(event.getX(), WIDTH), clamp(event.getY(), HEIGHT)));
            }
            event.consume();
        });
        addEventHandler(MouseEvent.MOUSE_RELEASED, event -> {
            held = null;
            event.consume();
        });
        // Everything else the mouse does over the map stays there: no pan, no deselect, no zoom behind it.
        addEventHandler(MouseEvent.ANY, MouseEvent::consume);
        addEventHandler(ScrollEvent.ANY, ScrollEvent::consume);
    }

    void setDark(boolean dark) {
        this.dark = dark;
    }

    void paint(List<AgentNodeModel> agents, Bounds view) {
        projection = held != null ? held
                : MinimapProjection.fitting(Bounds.of(agents.stream().map(AgentNodeModel::position).toList()), view,
                        WIDTH, HEIGHT);
        GraphicsContext g = getGraphicsContext2D();
        g.clearRect(0, 0, WIDTH, HEIGHT);
        g.setFill(dark ? Color.rgb(22, 27, 34, 0.92) : Color.rgb(255, 255, 255, 0.92));
        g.fillRoundRect(0.5, 0.5, WIDTH - 1, HEIGHT - 1, 10, 10);
        g.setStroke(dark ? Color.rgb(48, 54, 61) : Color.rgb(208, 215, 222));
        g.setLineWidth(1);
        g.strokeRoundRect(0.5, 0.5, WIDTH - 1, HEIGHT - 1, 10, 10);
        for (AgentNodeModel agent : agents) {
            Point at = projection.toMap(agent.position());
            double radius = agent.selectedProperty().get() ? 4.5 : 3;
            g.setFill(colours.computeIfAbsent(agent.colour(), Color::web));
            g.fillOval(at.x() - radius, at.y() - radius, radius * 2, radius * 2);
        }
        Point from = projection.toMap(new Point(view.minX(), view.minY()));
        Point to = projection.toMap(new Point(view.maxX(), view.maxY()));
        g.setStroke(dark ? Color.rgb(88, 166, 255) : Color.rgb(9, 105, 218));
        g.setLineWidth(1.5);
        g.strokeRect(from.x(), from.y(), to.x() - from.x(), to.y() - from.y());
    }

    /** Where the map maps {@code world}, as last painted (tests click there). */
    Point mapPoint(Point world) {
        return projection.toMap(world);
    }

    private static double clamp(double value, double max) {
        return Math.max(0, Math.min(max, value));
    }
}
