package dev.workshop.ui.canvas;

import javafx.geometry.Pos;
import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/**
 * Every mouse gesture and key of the main window on one sheet. Two columns, so that it fits a laptop screen:
 * the keys that work anywhere and the sidebar's on the left; the canvas's mouse gestures and its keys
 * (everything it does without a mouse) on the right.
 */
final class ShortcutSheet {
    private static final String[][] ANYWHERE = {
            {"Ctrl+N", "start a conversation"},
            {"Ctrl+K", "search the conversations"},
            {"Ctrl+,", "agents and their models"},
            {"Ctrl+/ · F1", "this sheet"},
            {"Ctrl+Q", "quit (everything is kept)"}};
    private static final String[][] SIDEBAR = {
            {"Down · Enter in the search", "go to the conversations found"},
            {"Ctrl-click · Shift-click", "pick several conversations"},
            {"F2 · double-click", "rename the conversation"},
            {"Delete", "delete the picked conversations (asks first)"},
            {"Ctrl+F", "find in the conversation shown"},
            {"Drag · double-click · triple-click", "select a message's text · a word · a paragraph"},
            {"Ctrl+C", "copy the text selected (or the message picked)"},
            {"End", "jump to the latest message"},
            {"Ctrl+Enter", "send your message"}};
    private static final String[][] CANVAS_MOUSE = {
            {"Drag from the palette", "place an agent (double-click: place it in view)"},
            {"Drag an agent", "move it, with the rest of the selection"},
            {"Click · Ctrl-click · Shift-click", "select · add to the selection"},
            {"Shift-drag on empty space", "select with a rubber band"},
            {"Shift-drag from agent to agent", "tie a labelled rope"},
            {"Drag empty space · middle drag · Space+drag", "pan"},
            {"Wheel", "zoom toward the cursor"},
            {"Right-click", "actions for an agent, a rope or the canvas"}};
    private static final String[][] CANVAS_KEYS = {
            {"Tab · Shift+Tab", "select the next / previous agent"},
            {"Ctrl+A · Escape", "select every agent · clear the selection"},
            {"Alt+arrow keys", "move the selection one grid step"},
            {"Shift+F10 · Menu key", "actions for the selection"},
            {"Ctrl+D", "duplicate: a new agent like each selected one"},
            {"Delete", "remove the selection (asks if it is talking)"},
            {"Ctrl+Z · Ctrl+Shift+Z", "undo · redo a change to agents or ropes (Ctrl+Y redoes too)"},
            {"Arrow keys (Shift: faster)", "pan"},
            {"+ · − · Ctrl+0", "zoom in · out · to 100 %"},
            {"Ctrl+F", "fit everything in view"}};
    /** Meanings wrap beyond this, so that two columns stay narrower than a small screen. */
    private static final double MEANING_WIDTH = 250;

    private ShortcutSheet() {
    }

    static Alert create() {
        Alert sheet = new Alert(Alert.AlertType.INFORMATION);
        sheet.setTitle("Mouse and keyboard");
        sheet.setHeaderText(null);
        sheet.setGraphic(null);
        GridPane left = new GridPane();
        addSection(left, "Anywhere", ANYWHERE);
        addSection(left, "In the sidebar", SIDEBAR);
        GridPane right = new GridPane();
        addSection(right, "On the canvas", CANVAS_MOUSE);
        addSection(right, "Canvas keys", CANVAS_KEYS);
        HBox columns = new HBox(40, left, right);
        columns.setAlignment(Pos.TOP_LEFT);
        // Without a header the dialog's content would touch its edges.
        columns.setPadding(new javafx.geometry.Insets(8, 14, 0, 14));
        columns.setId("shortcut-sheet");
        sheet.getDialogPane().setContent(columns);
        sheet.getDialogPane().setMinWidth(Region.USE_PREF_SIZE);
        return sheet;
    }

    /** A heading and its rows below what the grid holds; one grid per column keeps its keys aligned. */
    private static void addSection(GridPane grid, String heading, String[][] rows) {
        grid.setHgap(20);
        grid.setVgap(6);
        int first = grid.getRowCount();
        Label title = new Label(heading);
        title.getStyleClass().add("shortcut-heading");
        if (first > 0) {
            GridPane.setMargin(title, new javafx.geometry.Insets(12, 0, 0, 0));
        }
        grid.add(title, 0, first, 2, 1);
        for (int i = 0; i < rows.length; i++) {
            Label keys = new Label(rows[i][0]);
            keys.getStyleClass().add("shortcut-keys");
            keys.setMinWidth(Region.USE_PREF_SIZE);
            Label meaning = new Label(rows[i][1]);
            meaning.setWrapText(true);
            meaning.setMaxWidth(MEANING_WIDTH);
            meaning.setMinHeight(Region.USE_PREF_SIZE);
            grid.addRow(first + 1 + i, keys, meaning);
        }
    }
}
