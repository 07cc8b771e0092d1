package dev.workshop.ui.canvas;

import dev.workshop.domain.canvas.SceneSettings;
import dev.workshop.ui.fx.IconOnly;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The tool bar at the canvas's bottom right: undo and redo, snap and minimap, zoom out, the zoom (click for
 * 100 %), zoom in, fit all, and the shortcut sheet. A narrow canvas leaves groups out, least needed first.
 */
final class ZoomBar extends HBox {
    private final CanvasViewModel viewModel;
    private final Label zoomLabel = new Label("100 %");
    /** Groups of the tool bar that a narrow canvas leaves out, least needed first. */
    private final List<List<Node>> droppableTools;

    ZoomBar(CanvasViewModel viewModel, Region view, Runnable showShortcuts) {
        super(2);
        this.viewModel = viewModel;
        Button out = toolButton(Feather.MINUS, "Zoom out (−)", "zoom-out",
                () -> viewModel.camera().zoomAt(1 / 1.2, view.getWidth() / 2, view.getHeight() / 2));
        Button in = toolButton(Feather.PLUS, "Zoom in (+)", "zoom-in",
                () -> viewModel.camera().zoomAt(1.2, view.getWidth() / 2, view.getHeight() / 2));
        Button fit = toolButton(Feather.MAXIMIZE, "Fit all (Ctrl+F)", "zoom-fit",
                () -> viewModel.fitAll(view.getWidth(), view.getHeight()));
        zoomLabel.setId("zoom-label");
        zoomLabel.getStyleClass().add("zoom-label");
        zoomLabel.setTooltip(new Tooltip("Click for 100 % (Ctrl+0)"));
        zoomLabel.setOnMouseClicked(event -> viewModel.camera().resetZoom(view.getWidth(), view.getHeight()));
        Button help = toolButton(Feather.HELP_CIRCLE, "Mouse and keyboard (Ctrl+/)", "shortcuts", showShortcuts);
        Button undo = toolButton(Feather.CORNER_UP_LEFT, "Undo (Ctrl+Z)", "undo", viewModel.steps()::undo);
        undo.disableProperty().bind(viewModel.steps().canUndoProperty().not());
        undo.getTooltip().textProperty().bind(viewModel.steps().undoLabelProperty().map(label -> stepText("Undo", label)
                + " (Ctrl+Z)"));
        Button redo = toolButton(Feather.CORNER_UP_RIGHT, "Redo (Ctrl+Shift+Z)", "redo", viewModel.steps()::redo);
        redo.disableProperty().bind(viewModel.steps().canRedoProperty().not());
        redo.getTooltip().textProperty().bind(viewModel.steps().redoLabelProperty().map(label -> stepText("Redo", label)
                + " (Ctrl+Shift+Z)"));
        ToggleButton snap = toggle(Feather.GRID, "Snap to grid: agents land on the dots", "toggle-snap",
                SceneSettings::snapToGrid, viewModel.camera()::setSnapToGrid);
        ToggleButton map = toggle(Feather.MAP, "Minimap: the whole canvas in the corner", "toggle-minimap",
                SceneSettings::minimap, viewModel.camera()::setMinimap);
        Separator afterEdits = new Separator(Orientation.VERTICAL);
        Separator afterToggles = new Separator(Orientation.VERTICAL);
        // What a narrow canvas leaves out first: each has a menu item or a key too, the zoom never goes.
        droppableTools = List.of(List.of(snap, map, afterToggles), List.of(undo, redo, afterEdits), List.of(help));
        getChildren().addAll(undo, redo, afterEdits, snap, map, afterToggles, out, zoomLabel, in, fit, help);
        getStyleClass().add("zoom-bar");
        setAlignment(Pos.CENTER);
        setManaged(false);
        // Its buttons see the mouse first; then it stops there, so the canvas does not pan or deselect.
        addEventHandler(MouseEvent.ANY, MouseEvent::consume);
    }

    /** Shows the zoom as a percentage. */
    void showZoom(double zoom) {
        zoomLabel.setText(Math.round(zoom * 100) + " %");
    }

    /**
     * Leaves tool groups out of the bar, least needed first, while it is wider than {@code available}: a bar
     * wider than the canvas would run under the palette, cut off at both ends.
     */
    void fitTo(double available) {
        double width = prefWidth(-1);
        for (List<Node> group : droppableTools) {
            if (!group.getFirst().isManaged()) {
                width += widthOf(group, getSpacing());
            }
        }
        // Measured as if every group showed, then left out from the first, so nothing flips on each pass.
        for (List<Node> group : droppableTools) {
            boolean fits = width <= available;
            show(group, fits);
            if (!fits) {
                width -= widthOf(group, getSpacing());
            }
        }
    }

    private static double widthOf(List<Node> group, double spacing) {
        return group.stream().mapToDouble(node -> node.prefWidth(-1) + spacing).sum();
    }

    private static void show(List<Node> group, boolean shown) {
        for (Node node : group) {
            if (node.isManaged() != shown) {
                node.setManaged(shown);
                node.setVisible(shown);
            }
        }
    }

    /** "Undo move Ada", or just "Undo" when there is nothing to undo. */
    static String stepText(String verb, String label) {
        return label.isEmpty() ? verb : verb + " " + label;
    }

    /** A toggle that shows one saved setting and changes it: pressed in while the setting is on. */
    private ToggleButton toggle(Feather icon, String tooltip, String id,
                                Predicate<SceneSettings> setting,
                                Consumer<Boolean> change) {
        ToggleButton button = new ToggleButton(null, new FontIcon(icon));
        button.getStyleClass().addAll("flat", "button-icon");
        IconOnly.withTip(button, tooltip);
        button.setId(id);
        button.setFocusTraversable(false);
        button.setSelected(setting.test(viewModel.settingsProperty().get()));
        viewModel.settingsProperty().addListener((property, old, now) -> button.setSelected(setting.test(now)));
        button.setOnAction(event -> change.accept(button.isSelected()));
        return button;
    }

    private static Button toolButton(Feather icon, String tooltip, String id, Runnable action) {
        Button button = new Button(null, new FontIcon(icon));
        button.getStyleClass().addAll("flat", "button-icon");
        IconOnly.withTip(button, tooltip);
        button.setId(id);
        button.setFocusTraversable(false);
        button.setOnAction(event -> action.run());
        return button;
    }
}
