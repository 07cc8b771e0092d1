package dev.workshop.ui.canvas;

import dev.workshop.domain.canvas.Point;
import java.util.Optional;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;

/**
 * What the keys do on the canvas: fit and reset the zoom, zoom, pan, step through the agents with Tab and nudge
 * them with Alt+arrows, select all, duplicate, delete, undo and redo, and open the selection's menu.
 */
final class CanvasKeys {
    static final KeyCombination FIT = new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN);
    static final KeyCombination RESET = new KeyCodeCombination(KeyCode.DIGIT0, KeyCombination.SHORTCUT_DOWN);
    static final KeyCombination DUPLICATE = new KeyCodeCombination(KeyCode.D, KeyCombination.SHORTCUT_DOWN);
    private static final KeyCombination SELECT_ALL = new KeyCodeCombination(KeyCode.A, KeyCombination.SHORTCUT_DOWN);
    static final KeyCombination UNDO = new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN);
    static final KeyCombination REDO = new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN,
            KeyCombination.SHIFT_DOWN);
    private static final KeyCombination REDO_Y = new KeyCodeCombination(KeyCode.Y, KeyCombination.SHORTCUT_DOWN);
    private static final KeyCombination RESET_NUMPAD = new KeyCodeCombination(KeyCode.NUMPAD0, KeyCombination.SHORTCUT_DOWN);

    private final CanvasView view;
    private final CanvasViewModel viewModel;
    private final CanvasDialogs dialogs;
    private final CanvasGestures gestures;

    CanvasKeys(CanvasView view, CanvasViewModel viewModel, CanvasDialogs dialogs, CanvasGestures gestures) {
        this.view = view;
        this.viewModel = viewModel;
        this.dialogs = dialogs;
        this.gestures = gestures;
    }

    void keyPressed(KeyEvent event) {
        if (event.getCode() == KeyCode.SPACE && !event.isShortcutDown()) {
            gestures.holdSpace(true);
        } else if (FIT.match(event)) {
            viewModel.fitAll(view.getWidth(), view.getHeight());
        } else if (RESET.match(event) || RESET_NUMPAD.match(event)) {
            viewModel.camera().resetZoom(view.getWidth(), view.getHeight());
        } else if (event.getCode() == KeyCode.DELETE || event.getCode() == KeyCode.BACK_SPACE) {
            dialogs.removeWithConfirmation(viewModel.selecting().selection());
        } else if (DUPLICATE.match(event)) {
            viewModel.edits().duplicate(viewModel.selecting().selection());
        } else if (SELECT_ALL.match(event)) {
            viewModel.selecting().selectAll();
        } else if (UNDO.match(event)) {
            viewModel.steps().undo();
        } else if (REDO.match(event) || REDO_Y.match(event)) {
            viewModel.steps().redo();
        } else if (event.getCode() == KeyCode.ESCAPE) {
            viewModel.selecting().clearSelection();
        } else if (event.getCode() == KeyCode.PLUS || event.getCode() == KeyCode.EQUALS || event.getCode() == KeyCode.ADD) {
            viewModel.camera().zoomAt(1.2, view.getWidth() / 2, view.getHeight() / 2);
        } else if (event.getCode() == KeyCode.MINUS || event.getCode() == KeyCode.SUBTRACT) {
            viewModel.camera().zoomAt(1 / 1.2, view.getWidth() / 2, view.getHeight() / 2);
        } else if (event.getCode() == KeyCode.CONTEXT_MENU || (event.getCode() == KeyCode.F10 && event.isShiftDown())) {
            if (!gestures.showSelectionMenu()) {
                return;
            }
        } else if (event.getCode() == KeyCode.TAB && !event.isShortcutDown() && !event.isAltDown()) {
            // Tab steps through the agents; past the last one it is not consumed, so the focus moves on.
            Optional<AgentNodeModel> next = viewModel.selecting().selectNext(event.isShiftDown());
            if (next.isEmpty()) {
                return;
            }
            keepInView(next.get());
        } else if (event.getCode().isArrowKey() && event.isAltDown()) {
            switch (event.getCode()) {
                case LEFT -> viewModel.edits().nudgeSelection(-1, 0);
                case RIGHT -> viewModel.edits().nudgeSelection(1, 0);
                case UP -> viewModel.edits().nudgeSelection(0, -1);
                default -> viewModel.edits().nudgeSelection(0, 1);
            }
            viewModel.selecting().selection().stream().findFirst().ifPresent(this::keepInView);
        } else if (event.getCode().isArrowKey()) {
            double step = event.isShiftDown() ? 200 : 50;
            switch (event.getCode()) {
                case LEFT -> viewModel.camera().pan(step, 0);
                case RIGHT -> viewModel.camera().pan(-step, 0);
                case UP -> viewModel.camera().pan(0, step);
                default -> viewModel.camera().pan(0, -step);
            }
        } else {
            return;
        }
        event.consume();
    }

    void keyReleased(KeyEvent event) {
        if (event.getCode() == KeyCode.SPACE) {
            gestures.holdSpace(false);
            event.consume();
        }
    }

    /** Pans so that an agent the keyboard picked or moved is in view, if it is not already. */
    private void keepInView(AgentNodeModel agent) {
        Point at = viewModel.cameraProperty().get().toScreen(agent.position());
        double margin = AgentNode.RADIUS * 2;
        if (at.x() < margin || at.y() < margin || at.x() > view.getWidth() - margin || at.y() > view.getHeight() - margin) {
            viewModel.camera().centreOn(agent.position(), view.getWidth(), view.getHeight());
        }
    }
}
