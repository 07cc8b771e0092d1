package dev.workshop.ui.canvas;

import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.stage.Modality;
import javafx.stage.Window;

/**
 * What the canvas's dialogs that stay open beside it share (an element opened, an agent inspected): not modal, so
 * the agents go on meanwhile, shown over the middle of the window they came from, and their wrapped labels.
 */
final class SideDialogs {
    private SideDialogs() {
    }

    /** Not modal, owned by {@code owner}, at least {@code width} × {@code height}. */
    static void prepare(Dialog<?> dialog, Window owner, double width, double height) {
        dialog.initOwner(owner);
        dialog.initModality(Modality.NONE);
        // Sized now: what it shows arrives after it has measured its first content.
        dialog.getDialogPane().setMinSize(width, height);
        dialog.getDialogPane().setPrefSize(width, height);
    }

    /** Shows it over the middle of its window: a window manager may put a dialog that is not modal anywhere. */
    static void showCentred(Dialog<?> dialog) {
        dialog.show();
        Window owner = dialog.getOwner();
        if (owner != null) {
            dialog.setX(owner.getX() + Math.max(0, (owner.getWidth() - dialog.getWidth()) / 2));
            dialog.setY(owner.getY() + Math.max(0, (owner.getHeight() - dialog.getHeight()) / 2));
        }
    }

    static Label wrapped(String text) {
        Label label = new Label(text);
        label.setWrapText(true);
        return label;
    }

    static Label muted(String text) {
        Label label = wrapped(text);
        label.getStyleClass().add("text-muted");
        return label;
    }
}
