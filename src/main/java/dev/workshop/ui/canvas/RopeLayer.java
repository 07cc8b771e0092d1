package dev.workshop.ui.canvas;

import dev.workshop.domain.canvas.Bounds;
import dev.workshop.domain.canvas.Camera;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.canvas.Rope;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.shape.StrokeLineCap;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;

/**
 * Relationship ropes and conversation links, drawn in screen coordinates on one Canvas. A rope sags a little
 * (a quadratic curve) and carries its label on a pill at the middle; a conversation is a dashed loop through
 * its participants with the current speaker's segment bold. Ropes wholly off screen are skipped; far out,
 * labels are left off.
 */
final class RopeLayer extends Canvas {
    private static final Font LABEL_FONT = Font.font(12);
    private static final String RESUMED = "↻ resumed after restart";
    private Palette palette = Palette.LIGHT;
    private final Map<String, Double> widths = new HashMap<>();

    /** Colours that follow the theme. */
    record Palette(Color rope, Color label, Color labelBackground, Color link, Color speaking, Color resumed) {
        static final Palette LIGHT = new Palette(Color.rgb(110, 119, 129), Color.rgb(36, 41, 47),
                Color.rgb(255, 255, 255, 0.92), Color.rgb(9, 105, 218, 0.55), Color.rgb(9, 105, 218),
                Color.rgb(154, 103, 0));
        static final Palette DARK = new Palette(Color.rgb(139, 148, 158), Color.rgb(230, 237, 243),
                Color.rgb(22, 27, 34, 0.92), Color.rgb(47, 129, 247, 0.6), Color.rgb(88, 166, 255),
                Color.rgb(210, 153, 34));
    }

    RopeLayer() {
        setMouseTransparent(true);
    }

    void setPalette(Palette palette) {
        this.palette = palette;
    }

    void fitTo(double width, double height) {
        if (getWidth() != width || getHeight() != height) {
            setWidth(width);
            setHeight(height);
        }
    }

    void paint(Camera camera, Map<InstanceId, Point> positions, List<Rope> ropes, List<ConversationLink> links,
               Optional<Point[]> pending) {
        GraphicsContext g = getGraphicsContext2D();
        g.clearRect(0, 0, getWidth(), getHeight());
        Bounds view = camera.visible(getWidth(), getHeight()).grownBy(200 / camera.zoom());
        boolean labels = camera.zoom() >= 0.45;
        g.setLineCap(StrokeLineCap.ROUND);
        g.setFont(LABEL_FONT);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        for (ConversationLink link : links) {
            paintLink(g, camera, positions, link, view, labels);
        }
        for (Rope rope : ropes) {
            Point from = positions.get(rope.from());
            Point to = positions.get(rope.to());
            if (from == null || to == null || (!view.contains(from) && !view.contains(to))) {
                continue;
            }
            Point a = camera.toScreen(from);
            Point b = camera.toScreen(to);
            Point control = sag(a, b);
            g.setStroke(palette.rope());
            g.setLineWidth(Math.max(1.2, 2.2 * camera.zoom()));
            g.setLineDashes();
            g.beginPath();
            g.moveTo(a.x(), a.y());
            g.quadraticCurveTo(control.x(), control.y(), b.x(), b.y());
            g.stroke();
            if (labels && !rope.label().isEmpty()) {
                // The curve's midpoint: halfway between the chord's middle and the control point.
                pill(g, rope.label(), (a.x() + b.x()) / 4 + control.x() / 2, (a.y() + b.y()) / 4 + control.y() / 2,
                        palette.label());
            }
        }
        pending.ifPresent(ends -> {
            Point a = camera.toScreen(ends[0]);
            g.setStroke(palette.speaking());
            g.setLineWidth(2);
            g.setLineDashes(6, 6);
            g.strokeLine(a.x(), a.y(), ends[1].x(), ends[1].y());
        });
    }

    private void paintLink(GraphicsContext g, Camera camera, Map<InstanceId, Point> positions, ConversationLink link,
                           Bounds view, boolean labels) {
        List<InstanceId> ids = link.participants();
        if (ids.size() < 2) {
            return;
        }
        int segments = ids.size() == 2 ? 1 : ids.size();
        for (int i = 0; i < segments; i++) {
            Point from = positions.get(ids.get(i));
            Point to = positions.get(ids.get((i + 1) % ids.size()));
            if (from == null || to == null || (!view.contains(from) && !view.contains(to))) {
                continue;
            }
            boolean speaking = link.speaker().map(ids.get(i)::equals).orElse(false)
                    || (segments == 1 && link.speaker().isPresent());
            g.setStroke(link.resumed() && !speaking ? palette.resumed() : speaking ? palette.speaking() : palette.link());
            g.setLineDashes(10, 8);
            g.setLineWidth((speaking ? 4 : 2.5) * Math.max(0.5, camera.zoom()));
            Point a = camera.toScreen(from);
            Point b = camera.toScreen(to);
            g.strokeLine(a.x(), a.y(), b.x(), b.y());
        }
        g.setLineDashes();
        if (labels && link.resumed()) {
            List<Point> team = new ArrayList<>(ids.size());
            ids.stream().map(positions::get).filter(Objects::nonNull).map(camera::toScreen).forEach(team::add);
            if (!team.isEmpty()) {
                Point at = TeamLabel.under(team, camera.zoom());
                pill(g, RESUMED, at.x(), at.y(), palette.resumed());
            }
        }
    }

    /** The rope drawn under a screen point (within a few pixels of its curve), if any. */
    static Optional<Rope> ropeAt(double x, double y, Camera camera, Map<InstanceId, Point> positions, List<Rope> ropes) {
        Rope nearest = null;
        double best = 7;
        for (Rope rope : ropes) {
            Point from = positions.get(rope.from());
            Point to = positions.get(rope.to());
            if (from == null || to == null) {
                continue;
            }
            Point a = camera.toScreen(from);
            Point b = camera.toScreen(to);
            Point control = sag(a, b);
            for (int i = 0; i <= 32; i++) {
                double t = i / 32.0;
                double u = 1 - t;
                double px = u * u * a.x() + 2 * u * t * control.x() + t * t * b.x();
                double py = u * u * a.y() + 2 * u * t * control.y() + t * t * b.y();
                double distance = Math.hypot(px - x, py - y);
                if (distance < best) {
                    best = distance;
                    nearest = rope;
                }
            }
        }
        return Optional.ofNullable(nearest);
    }

    private static double measure(String text) {
        Text probe = new Text(text);
        probe.setFont(LABEL_FONT);
        return probe.getLayoutBounds().getWidth();
    }

    private static Point sag(Point a, Point b) {
        double length = Math.hypot(b.x() - a.x(), b.y() - a.y());
        return new Point((a.x() + b.x()) / 2, (a.y() + b.y()) / 2 + Math.min(60, length * 0.18));
    }

    private void pill(GraphicsContext g, String text, double x, double y, Color colour) {
        double width = widths.computeIfAbsent(text, RopeLayer::measure) + 16;
        g.setFill(palette.labelBackground());
        g.fillRoundRect(x - width / 2, y - 10, width, 20, 20, 20);
        g.setStroke(colour);
        g.setLineWidth(1);
        g.setLineDashes();
        g.strokeRoundRect(x - width / 2, y - 10, width, 20, 20, 20);
        g.setFill(colour);
        g.fillText(text, x, y);
    }
}
