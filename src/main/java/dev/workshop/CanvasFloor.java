package dev.workshop;

import dev.workshop.domain.canvas.Camera;
import dev.workshop.domain.canvas.Point;
import java.util.List;
import javafx.scene.Group;
import javafx.scene.Scene;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.scene.transform.Scale;
import javafx.scene.transform.Translate;
import javafx.stage.Stage;

/**
 * The canvas benchmark's floor (issue #53): a bare JavaFX scene of as many plain circles as the canvas has agents,
 * where its agents stand, under the same camera transform, panned and zoomed the same way. What JavaFX itself does
 * with that many shapes on this machine in the same run, so that the canvas's frame rate is read as a share of it.
 */
final class CanvasFloor implements CanvasBenchmark.CameraMoves {
    /** An agent's size on the canvas ({@code AgentNode.RADIUS}). */
    private static final double RADIUS = 26;
    private final Scale scale = new Scale(1, 1, 0, 0);
    private final Translate translate = new Translate();
    private final Stage stage = new Stage();
    private Camera camera;

    CanvasFloor(List<Point> positions, Camera start, double width, double height) {
        Group world = new Group();
        for (Point position : positions) {
            Circle circle = new Circle(position.x(), position.y(), RADIUS, Color.web("#6d8fd6"));
            circle.setStroke(Color.web("#2f4f8f"));
            world.getChildren().add(circle);
        }
        world.getTransforms().setAll(scale, translate);
        Pane root = new Pane(world);
        root.setStyle("-fx-background-color: #f6f8fa");
        stage.setTitle("Canvas floor · " + positions.size() + " circles");
        stage.setScene(new Scene(root, width, height));
        show(start);
        stage.show();
    }

    @Override
    public void pan(double dx, double dy) {
        show(camera.pannedBy(dx, dy));
    }

    @Override
    public void zoomAt(double factor, double screenX, double screenY) {
        show(camera.zoomedAt(factor, screenX, screenY));
    }

    void close() {
        stage.close();
    }

    private void show(Camera next) {
        camera = next;
        scale.setX(next.zoom());
        scale.setY(next.zoom());
        translate.setX(-next.originX());
        translate.setY(-next.originY());
    }
}
