package dev.workshop.ui.shell;

import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;

/** The canvas area's dot grid, painted once per resize on one Canvas node rather than as many shapes. */
final class GridBackground extends Region {
    private static final double SPACING = 24;
    private final Canvas canvas = new Canvas();

    GridBackground() {
        getStyleClass().add("grid-background");
        getChildren().add(canvas);
        canvas.setMouseTransparent(true);
    }

    @Override
    protected void layoutChildren() {
        double width = getWidth();
        double height = getHeight();
        if (canvas.getWidth() != width || canvas.getHeight() != height) {
            canvas.setWidth(width);
            canvas.setHeight(height);
            paint(width, height);
        }
    }

    private void paint(double width, double height) {
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.clearRect(0, 0, width, height);
        g.setFill(Color.rgb(120, 130, 150, 0.35));
        for (double x = SPACING / 2; x < width; x += SPACING) {
            for (double y = SPACING / 2; y < height; y += SPACING) {
                g.fillOval(x - 1, y - 1, 2, 2);
            }
        }
    }
}
