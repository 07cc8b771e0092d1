package dev.workshop.ui.canvas;

import dev.workshop.domain.canvas.Camera;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/** The dot grid behind the agents, painted on one Canvas only when the camera or the size changes. */
final class GridLayer extends Canvas {
    private static final double SPACING = 40;
    private Camera painted;
    private Color dots = Color.rgb(120, 130, 150, 0.35);

    GridLayer() {
        setMouseTransparent(true);
    }

    void setDotColour(Color colour) {
        dots = colour;
        painted = null;
    }

    void paint(Camera camera, double width, double height) {
        if (getWidth() != width || getHeight() != height) {
            setWidth(width);
            setHeight(height);
            painted = null;
        }
        if (camera.equals(painted)) {
            return;
        }
        painted = camera;
        GraphicsContext g = getGraphicsContext2D();
        g.clearRect(0, 0, width, height);
        g.setFill(dots);
        // Far out, every second (fourth…) dot only, so the grid never turns into noise.
        double spacing = SPACING;
        while (spacing * camera.zoom() < 20) {
            spacing *= 2;
        }
        double step = spacing * camera.zoom();
        double startX = (Math.ceil(camera.originX() / spacing) * spacing - camera.originX()) * camera.zoom();
        double startY = (Math.ceil(camera.originY() / spacing) * spacing - camera.originY()) * camera.zoom();
        double size = Math.max(1.5, Math.min(3, 2.5 * camera.zoom()));
        for (double x = startX; x < width; x += step) {
            for (double y = startY; y < height; y += step) {
                g.fillOval(x - size / 2, y - size / 2, size, size);
            }
        }
    }
}
