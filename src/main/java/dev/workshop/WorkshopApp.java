package dev.workshop;

import atlantafx.base.theme.PrimerLight;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.shell.ShellView;
import dev.workshop.ui.shell.ShellViewModel;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;

/** The desktop app. The window appears at once; the data directory opens in the background. */
public final class WorkshopApp extends Application {
    private static final String DATA_DIR = "data-dir";
    /** The data directory, opened while the toolkit starts (both take a good part of a second). */
    private static volatile CompletableFuture<Workspace> opening;
    private ShellViewModel shell;

    /** Opens the app on {@code dataDirectory} and returns when its window is closed. */
    public static void launchOn(Path dataDirectory) {
        opening = CompletableFuture.supplyAsync(() -> Wiring.openWorkspace(dataDirectory, WorkspaceOptions.DESKTOP),
                runnable -> Thread.ofVirtual().name("workshop-early-open").start(runnable));
        Application.launch(WorkshopApp.class, "--" + DATA_DIR + "=" + dataDirectory);
    }

    /** The workspace opened early when there is one for this directory, else opened now. */
    private static Workspace open(Path dataDirectory, WorkspaceOptions options) {
        CompletableFuture<Workspace> early = opening;
        opening = null;
        if (early == null) {
            return Wiring.openWorkspace(dataDirectory, options);
        }
        try {
            return early.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        }
    }

    @Override
    public void start(Stage stage) {
        Path dataDirectory = Path.of(getParameters().getNamed().get(DATA_DIR));
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        shell = new ShellViewModel(dataDirectory, WorkshopApp::open, FxExecutor.platform());
        stage.setTitle("Workshop");
        // Most of the screen, up to a comfortable size; never more than the screen has.
        javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        stage.setScene(new Scene(new ShellView(shell), Math.min(1440, screen.getWidth() * 0.94),
                Math.min(920, screen.getHeight() * 0.94)));
        stage.setMinWidth(640);
        stage.setMinHeight(420);
        stage.setOnCloseRequest(event -> {
            // Stopping loops and flushing the store can take a moment: never on the FX thread.
            event.consume();
            shell.closeInBackground(Platform::exit);
        });
        stage.show();
        shell.open();
    }

    /** Reached after the window closed (the workspace is closed by then) or on another exit path. */
    @Override
    public void stop() {
        if (shell != null && shell.workspace().isPresent()) {
            shell.close();
        }
    }
}
