package dev.workshop.ui.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.workshop.Wiring;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.shell.ShellOnStage;
import dev.workshop.ui.shell.ShellViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.application.Application;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The shared elements in the real window, headless: placed from the palette, opened, and acted on as the user. */
@dev.workshop.testing.Slow
@ExtendWith(ApplicationExtension.class)
class ElementCardsViewTest {
    private Path dir;
    private ShellViewModel shell;

    @Start
    void start(Stage stage) throws Exception {
        dir = dev.workshop.testing.ScratchDirs.create("workshop-elements");
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        stage.setTitle("Workshop");
        shell = new ShellViewModel(dir, Wiring::openWorkspace, FxExecutor.platform(), new WorkspaceOptions(150));
        ShellOnStage.show(stage, shell, 1260, 780);
    }

    @AfterEach
    void close() {
        if (shell != null) {
            shell.close();
        }
    }

    /** Waits for {@code condition}, read on the FX thread (the scene graph is the FX thread's). */
    private static void waitOnFx(Callable<Boolean> condition) throws TimeoutException {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(condition).get());
    }

    @Test
    void aPinboardDoubleClickedInThePaletteIsPlacedOpenedAndPinnedOn(FxRobot robot) throws Exception {
        waitOnFx(() -> robot.lookup("#palette-element-pinboard").tryQuery().isPresent());
        robot.doubleClickOn("#palette-element-pinboard");
        waitOnFx(() -> robot.lookup(".element-card.pinboard").tryQuery().isPresent());
        Node card = robot.lookup(".element-card.pinboard").query();
        assertThat(robot.from(card).lookup(".element-name").queryAs(Label.class).getText()).isEqualTo("Pinboard");

        robot.clickOn(card);
        waitOnFx(() -> robot.lookup("#element-write").tryQuery().isPresent());
        robot.clickOn("#element-write").write("Open on Sundays");
        robot.clickOn("#element-send");

        waitOnFx(() -> robot.lookup("#pin-P1").tryQuery().isPresent());
        waitOnFx(() -> robot.from(card).lookup(".element-glance").queryAs(Label.class).getText()
                .contains("Open on Sundays"));
        assertThat(robot.lookup("#element-write").queryAs(TextField.class).getText()).isEmpty();
    }
}
