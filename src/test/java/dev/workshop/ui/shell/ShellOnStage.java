package dev.workshop.ui.shell;

import javafx.scene.Scene;
import javafx.stage.Stage;

/** The main window as the UI tests put it up: the shell's view on the test's stage, at a size of their choosing. */
public final class ShellOnStage {
    private ShellOnStage() {
    }

    /** Shows {@code shell} on {@code stage} at {@code width} × {@code height}, then opens it; its view. */
    public static ShellView show(Stage stage, ShellViewModel shell, double width, double height) {
        ShellView view = new ShellView(shell);
        stage.setScene(new Scene(view, width, height));
        // The stage is shared by every UI test in the JVM: it takes this scene's size, whatever the last one left
        // (a narrower list wraps its rows anew while it scrolls: in a random class order this once missed by 126 px).
        stage.sizeToScene();
        stage.show();
        shell.open();
        return view;
    }
}
