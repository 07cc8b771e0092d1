package dev.workshop.ui.sidebar;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.workshop.Wiring;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.shell.ShellOnStage;
import dev.workshop.ui.shell.ShellViewModel;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The list's clock (relative times moving on) runs only while the list is in a showing window: left running in a
 * scene the window let go of, its sleeping thread kept the whole old view and its workspace reachable for ever.
 */
@ExtendWith(ApplicationExtension.class)
class SidebarClockLetGoTest {
    private Stage stage;
    private ShellViewModel shell;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        shell = new ShellViewModel(dev.workshop.testing.ScratchDirs.create("workshop-clock"), Wiring::openWorkspace,
                FxExecutor.platform());
        ShellOnStage.show(stage, shell, 1000, 700);
    }

    @AfterEach
    void close() {
        shell.close();
    }

    private static <T> T onFx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get(10, TimeUnit.SECONDS);
    }

    @Test
    void theClockStopsWhenTheWindowLetsGoOfTheListAndStartsWhenItIsShownAgain(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> onFx(() -> robot.lookup(".sidebar-list-pane").tryQuery().isPresent()));
        ConversationListPane list = onFx(() -> robot.lookup(".sidebar-list-pane").queryAs(ConversationListPane.class));
        Scene shellScene = stage.getScene();
        assertThat(onFx(list::keepsTimesCurrent)).isTrue();

        onFx(() -> {
            stage.setScene(new Scene(new Label("another view"), 300, 200));
            return null;
        });
        assertThat(onFx(list::keepsTimesCurrent)).as("still in its scene, but no longer in a window").isFalse();

        onFx(() -> {
            stage.setScene(shellScene);
            return null;
        });
        assertThat(onFx(list::keepsTimesCurrent)).isTrue();
    }
}
