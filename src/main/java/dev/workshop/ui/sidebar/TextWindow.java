package dev.workshop.ui.sidebar;

import dev.workshop.ui.fx.ModalOver;
import dev.workshop.ui.fx.SystemClipboard;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** The sidebar's small windows and placeholders, each owned by the window the sidebar is in. */
final class TextWindow {
    private TextWindow() {
    }

    /**
     * A text in a window of its own, selectable, with a Copy button: a failed turn's whole reason, or a message
     * whose words the reader wants to pick (the Markdown view draws text that cannot be selected).
     */
    static void show(Node owner, String title, String text) {
        TextArea whole = new TextArea(text);
        whole.setId("text-window-text");
        whole.setEditable(false);
        whole.setWrapText(true);
        whole.setPrefRowCount(12);
        whole.setPrefColumnCount(56);
        // Its twelve rows at the least: an Alert otherwise gives its content the height of a line or two.
        whole.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        VBox.setVgrow(whole, javafx.scene.layout.Priority.ALWAYS);
        Button copy = new Button("Copy all", new FontIcon(Feather.COPY));
        copy.setOnAction(event -> SystemClipboard.put(text));
        Alert dialog = new Alert(Alert.AlertType.NONE, "", ButtonType.CLOSE);
        dialog.setTitle(title);
        dialog.setHeaderText(null);
        dialog.getDialogPane().setContent(new VBox(8, whole, copy));
        dialog.getDialogPane().setId("text-window");
        dialog.setResizable(true);
        ownedBy(dialog, owner);
        dialog.show();
    }

    /** A dialog over {@code owner}'s window, in the window's stylesheets (its theme, its colours). */
    static void ownedBy(Dialog<?> dialog, Node owner) {
        Parent root = owner.getScene() == null ? null : owner.getScene().getRoot();
        if (root != null) {
            dialog.getDialogPane().getStylesheets().addAll(root.getStylesheets());
        }
        ModalOver.owner(dialog, owner.getScene() == null ? null : owner.getScene().getWindow());
    }

    /** What an empty list says: a heading and, under it, a hint of what to do. */
    static Label placeholder(String heading, String hint) {
        Label label = new Label(hint.isEmpty() ? heading : heading + "\n" + hint);
        label.getStyleClass().add("sidebar-placeholder");
        label.setWrapText(true);
        return label;
    }
}
