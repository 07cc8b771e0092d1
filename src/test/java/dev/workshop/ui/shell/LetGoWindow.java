package dev.workshop.ui.shell;

import atlantafx.base.theme.PrimerLight;
import dev.workshop.Wiring;
import dev.workshop.ui.fx.FxExecutor;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.testfx.util.WaitForAsyncUtils;

/**
 * For tests of views a window lets go of: the main window on a new data directory on the test's stage, then another
 * scene put in its place (the old scene keeps its nodes, in no window), then the old one shown again.
 */
public final class LetGoWindow {
    private final Stage stage;
    private final ShellViewModel shell;
    private Scene shellScene;

    private LetGoWindow(Stage stage, ShellViewModel shell) {
        this.stage = stage;
        this.shell = shell;
    }

    /** The main window on {@code stage}, opening a new data directory. */
    public static LetGoWindow show(Stage stage) {
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        ShellViewModel shell = new ShellViewModel(dev.workshop.testing.ScratchDirs.create("workshop-let-go"),
                Wiring::openWorkspace, FxExecutor.platform());
        ShellOnStage.show(stage, shell, 1000, 700);
        return new LetGoWindow(stage, shell);
    }

    public ShellViewModel shell() {
        return shell;
    }

    /** Puts another scene in the window: the main window's scene keeps its nodes, in no window. */
    public void letGo() throws Exception {
        onFx(() -> {
            shellScene = stage.getScene();
            stage.setScene(new Scene(new Label("another view"), 300, 200));
            return null;
        });
    }

    /** Shows the main window's scene again. */
    public void showAgain() throws Exception {
        onFx(() -> {
            stage.setScene(shellScene);
            return null;
        });
    }

    public void close() {
        shell.close();
    }

    /** {@code work}'s answer, asked on the FX thread. */
    public static <T> T onFx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get(10, TimeUnit.SECONDS);
    }
}
