package dev.workshop.ui.dialogs;

import atlantafx.base.theme.PrimerLight;
import javafx.application.Application;
import javafx.stage.Stage;

/** The window a dialog test shows its dialog over: the app's theme, and a scene of its own. */
final class DialogOwner {
    private DialogOwner() {
    }

    static Stage shown(Stage stage) {
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        // A window shown without a scene has no view under Monocle: a modal dialog shown after it then fails to
        // disable it (a NullPointerException inside show) and the toolkit waits for ever for a frame. The app never
        // shows a window without its scene; neither does the test.
        stage.setScene(new javafx.scene.Scene(new javafx.scene.layout.StackPane(), 640, 480));
        // The stage is shared by the UI tests in this JVM: it takes this scene's size, whatever the last one left.
        stage.sizeToScene();
        stage.show();
        return stage;
    }
}
