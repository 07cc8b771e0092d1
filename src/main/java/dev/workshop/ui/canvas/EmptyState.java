package dev.workshop.ui.canvas;

import dev.workshop.domain.canvas.Camera;
import java.util.List;
import java.util.function.BiConsumer;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * What an empty canvas shows: how to begin, and the guided start (two agents placed and the start dialog open,
 * one click from a first conversation).
 */
final class EmptyState extends VBox {
    EmptyState(CanvasViewModel viewModel, Region view, BiConsumer<List<AgentNodeModel>, String> startConversation) {
        super(6);
        Label heading = new Label("Drag an agent here");
        heading.getStyleClass().add("empty-heading");
        heading.setWrapText(true);
        heading.setTextAlignment(javafx.scene.text.TextAlignment.CENTER);
        Label hint = new Label("Drop two or more agents from the palette, select them and right-click → Start conversation.");
        hint.getStyleClass().add("empty-hint");
        // Wrapped under the heading rather than cut off with an ellipsis when the canvas is narrow.
        hint.setWrapText(true);
        hint.setMaxWidth(380);
        hint.setTextAlignment(javafx.scene.text.TextAlignment.CENTER);
        // The guided start: two agents placed and the start dialog open, one click from a first conversation.
        Button tryIt = new Button();
        tryIt.setId("quick-start");
        tryIt.getStyleClass().add("accent");
        tryIt.setGraphic(new FontIcon(Feather.PLAY));
        tryIt.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> viewModel.palette().size() < 2
                ? "" : "Try it: " + viewModel.palette().get(0).name() + " and " + viewModel.palette().get(1).name()
                        + " talk", viewModel.palette()));
        tryIt.visibleProperty().bind(javafx.beans.binding.Bindings.size(viewModel.palette()).greaterThanOrEqualTo(2));
        // Two lines on a narrow canvas rather than the second agent's name cut off.
        tryIt.setWrapText(true);
        tryIt.setTextAlignment(javafx.scene.text.TextAlignment.CENTER);
        tryIt.setTooltip(new Tooltip("Places them on the canvas and suggests a topic (Ctrl+Enter starts it)"));
        tryIt.setOnAction(event -> {
            Camera camera = viewModel.cameraProperty().get();
            List<AgentNodeModel> pair = viewModel.edits().placeStarterPair(camera.toWorld(view.getWidth() / 2, view.getHeight() / 2));
            if (!pair.isEmpty()) {
                // A first conversation should be one key away: the example is written in and selected, so
                // Ctrl+Enter runs it and typing replaces it.
                startConversation.accept(pair, CanvasView.QUICK_START_TASK);
                // The button went with the empty canvas: keys go to the canvas, not to the next field along.
                view.requestFocus();
            }
        });
        // Its clicks stop at the button, so the canvas does not pan or deselect under it.
        tryIt.addEventHandler(MouseEvent.ANY, MouseEvent::consume);
        VBox.setMargin(tryIt, new javafx.geometry.Insets(10, 0, 0, 0));
        getChildren().addAll(new FontIcon(Feather.USERS), heading, hint, tryIt);
        getStyleClass().add("empty-state");
        setAlignment(javafx.geometry.Pos.CENTER);
        setPadding(new javafx.geometry.Insets(0, 12, 0, 12));
        // Only the button takes the mouse: the rest of the box lets a drag on the canvas pan it, as before.
        setPickOnBounds(false);
        getChildren().stream().filter(child -> child != tryIt).forEach(child -> child.setMouseTransparent(true));
        setManaged(false);
    }
}
