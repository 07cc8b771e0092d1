package dev.workshop.ui.canvas;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.canvas.Behaviour;
import dev.workshop.domain.canvas.Rope;
import java.util.List;
import java.util.Locale;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** The canvas's context menus: an agent's (or the selection's), a rope's, and the empty canvas's. */
final class CanvasMenus {
    private final CanvasViewModel viewModel;
    private final Region view;
    private final CanvasDialogs dialogs;

    CanvasMenus(CanvasViewModel viewModel, Region view, CanvasDialogs dialogs) {
        this.viewModel = viewModel;
        this.view = view;
        this.dialogs = dialogs;
    }

    ContextMenu agentMenu(AgentNodeModel agent) {
        if (!agent.selectedProperty().get()) {
            viewModel.selecting().select(List.of(agent.id()), false);
        }
        List<AgentNodeModel> selection = viewModel.selecting().selection();
        MenuItem start = item("Start conversation…", Feather.MESSAGE_SQUARE, "menu-start-conversation");
        start.setOnAction(event -> dialogs.startConversation(selection));
        start.setDisable(viewModel.agents().size() < 2);
        MenuItem task = item("Assign task…", Feather.CLIPBOARD, "menu-assign-task");
        task.setOnAction(event -> dialogs.assignTask(agent));
        // From a figure to what it is doing, or to the turn that failed: the sidebar shows that conversation.
        boolean showsFailure = agent.mark() == AgentMark.FAILED;
        MenuItem show = item(showsFailure ? "Show the failed conversation" : "Show conversation",
                showsFailure ? Feather.ALERT_TRIANGLE : Feather.MESSAGE_CIRCLE, "menu-show-conversation");
        show.setDisable(viewModel.waysOut().conversationOf(agent).isEmpty());
        show.setOnAction(event -> viewModel.waysOut().showConversationOf(agent));
        Menu behaviour = new Menu("Behaviour");
        behaviour.setGraphic(new FontIcon(Feather.ACTIVITY));
        ToggleGroup choices = new ToggleGroup();
        for (Behaviour option : Behaviour.values()) {
            RadioMenuItem choice = new RadioMenuItem(option.label());
            choice.setId("menu-behaviour-" + option.name().toLowerCase(Locale.ROOT));
            choice.setToggleGroup(choices);
            choice.setSelected(agent.behaviourProperty().get() == option);
            choice.setOnAction(event -> viewModel.edits().setBehaviour(selection, option));
            behaviour.getItems().add(choice);
        }
        MenuItem inspect = item("Inspect agent…", Feather.SEARCH, "menu-inspect-agent");
        inspect.setOnAction(event -> dialogs.inspect(agent));
        MenuItem edit = item("Edit agent…", Feather.EDIT_2, "menu-edit-agent");
        edit.setOnAction(event -> viewModel.waysOut().editAgent(agent));
        MenuItem duplicate = item("Duplicate", Feather.COPY, "menu-duplicate");
        duplicate.setAccelerator(CanvasKeys.DUPLICATE);
        duplicate.setOnAction(event -> viewModel.edits().duplicate(selection));
        MenuItem remove = item(selection.size() > 1 ? "Remove " + selection.size() + " agents" : "Remove",
                Feather.TRASH_2, "menu-remove");
        remove.setAccelerator(new KeyCodeCombination(KeyCode.DELETE));
        remove.setOnAction(event -> dialogs.removeWithConfirmation(selection));
        ContextMenu menu = new ContextMenu(start, task, show, behaviour, new SeparatorMenuItem(), inspect, edit, duplicate,
                remove);
        menu.setId("agent-menu");
        return menu;
    }

    ContextMenu ropeMenu(Rope rope) {
        MenuItem rename = item("Rename…", Feather.EDIT_2, "menu-rename-rope");
        rename.setOnAction(event -> dialogs.askLabel("Rename the rope", "What is this relationship?", rope.label())
                .ifPresent(label -> viewModel.edits().relabel(rope.id(), label)));
        MenuItem remove = item("Remove rope", Feather.SCISSORS, "menu-remove-rope");
        remove.setOnAction(event -> viewModel.edits().removeRope(rope.id()));
        ContextMenu menu = new ContextMenu(rename, remove);
        menu.setId("rope-menu");
        return menu;
    }

    ContextMenu canvasMenu(double x, double y) {
        Menu add = new Menu("Add agent");
        add.setGraphic(new FontIcon(Feather.USER_PLUS));
        for (AgentDefinition definition : viewModel.palette()) {
            MenuItem choice = new MenuItem(definition.name());
            choice.setOnAction(event -> viewModel.edits().place(definition.id(), viewModel.cameraProperty().get().toWorld(x, y)));
            add.getItems().add(choice);
        }
        MenuItem fit = item("Fit all", Feather.MAXIMIZE, "menu-fit");
        fit.setAccelerator(CanvasKeys.FIT);
        fit.setOnAction(event -> viewModel.fitAll(view.getWidth(), view.getHeight()));
        MenuItem reset = item("Reset zoom (100 %)", Feather.ZOOM_IN, "menu-reset-zoom");
        reset.setAccelerator(CanvasKeys.RESET);
        reset.setOnAction(event -> viewModel.camera().resetZoom(view.getWidth(), view.getHeight()));
        MenuItem start = item("Start conversation…", Feather.MESSAGE_SQUARE, "menu-canvas-start");
        MenuItem undo = item(ZoomBar.stepText("Undo", viewModel.steps().undoLabelProperty().get()), Feather.CORNER_UP_LEFT, "menu-undo");
        undo.setAccelerator(CanvasKeys.UNDO);
        undo.setDisable(!viewModel.steps().canUndoProperty().get());
        undo.setOnAction(event -> viewModel.steps().undo());
        MenuItem redo = item(ZoomBar.stepText("Redo", viewModel.steps().redoLabelProperty().get()), Feather.CORNER_UP_RIGHT, "menu-redo");
        redo.setAccelerator(CanvasKeys.REDO);
        redo.setDisable(!viewModel.steps().canRedoProperty().get());
        redo.setOnAction(event -> viewModel.steps().redo());
        start.setDisable(viewModel.agents().size() < 2);
        start.setOnAction(event -> dialogs.startConversation(viewModel.selecting().selection()));
        CheckMenuItem snap = new CheckMenuItem("Snap to grid");
        snap.setId("menu-snap");
        snap.setSelected(viewModel.settingsProperty().get().snapToGrid());
        snap.setOnAction(event -> viewModel.camera().setSnapToGrid(snap.isSelected()));
        CheckMenuItem map = new CheckMenuItem("Minimap");
        map.setId("menu-minimap");
        map.setSelected(viewModel.settingsProperty().get().minimap());
        map.setOnAction(event -> viewModel.camera().setMinimap(map.isSelected()));
        ContextMenu menu = new ContextMenu(add, start, new SeparatorMenuItem(), undo, redo, new SeparatorMenuItem(), fit,
                reset, snap, map);
        menu.setId("canvas-menu");
        return menu;
    }

    private static MenuItem item(String text, Feather icon, String id) {
        MenuItem item = new MenuItem(text, new FontIcon(icon));
        item.setId(id);
        return item;
    }
}
