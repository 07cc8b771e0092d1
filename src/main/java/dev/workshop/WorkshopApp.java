package dev.workshop;

import atlantafx.base.theme.PrimerLight;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.shell.ShellView;
import dev.workshop.ui.shell.ShellViewModel;
import java.nio.file.Path;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.stage.Stage;

/** The desktop app. The window appears at once; the data directory opens in the background. */
public final class WorkshopApp extends Application {
    private static final String DATA_DIR = "data-dir";
    private ShellViewModel shell;

    /** Opens the app on {@code dataDirectory} and returns when its window is closed. */
    public static void launchOn(Path dataDirectory) {
        Application.launch(WorkshopApp.class, "--" + DATA_DIR + "=" + dataDirectory);
    }

    @Override
    public void start(Stage stage) {
        Path dataDirectory = Path.of(getParameters().getNamed().get(DATA_DIR));
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        shell = new ShellViewModel(dataDirectory, Wiring::openWorkspace, FxExecutor.platform());
        stage.setTitle("Workshop");
        stage.setScene(new Scene(new ShellView(shell), 1200, 780));
        stage.setMinWidth(640);
        stage.setMinHeight(420);
        stage.show();
        shell.open();
    }

    @Override
    public void stop() {
        if (shell != null) {
            shell.close();
        }
    }
}
