package dev.workshop.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.workshop.Wiring;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.orchestration.LoopSettings;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.ui.fx.FxExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The team server this device was pointed at cannot be reached: the window says so in one sentence and offers,
 * besides Try again and Quit, to point it elsewhere; back on this device's own data it opens.
 */
@dev.workshop.testing.Slow
@ExtendWith(ApplicationExtension.class)
class UnreachableTeamServerTest {
    private Path dir;
    private ShellViewModel shell;

    @Start
    void start(Stage stage) throws Exception {
        dir = dev.workshop.testing.ScratchDirs.create("workshop-unreachable");
        int nobodyListens;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            nobodyListens = socket.getLocalPort();
        }
        Files.writeString(dir.resolve("team-server.json"), "{\"url\": \"jdbc:postgresql://localhost:" + nobodyListens
                + "/postgres\", \"team\": \"design\"}");
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        WorkspaceOptions options = new WorkspaceOptions(2000, LoopSettings.DEFAULTS, new TenantId("design"), false,
                Optional.of("jdbc:postgresql://localhost:" + nobodyListens + "/postgres"));
        shell = new ShellViewModel(dir, Wiring::openWorkspace, FxExecutor.platform(), options);
        shell.offerTeamServerSettings(Wiring.teamServerSettings(dir));
        ShellOnStage.show(stage, shell, 1200, 760);
    }

    @AfterEach
    void close() {
        shell.close();
    }

    /**
     * The error's Team server… button is on screen: found by the same visibility test the robot clicks with (the
     * button and every parent visible, in a window that is showing), so the click that follows finds it too.
     */
    private static Optional<javafx.scene.Node> errorButton(FxRobot robot) {
        return robot.lookup("Team server…").match(org.testfx.util.NodeQueryUtils.isVisible())
                .match((javafx.scene.Node node) -> node instanceof javafx.scene.control.Button).tryQuery();
    }

    private static boolean errorShown(FxRobot robot) {
        return errorButton(robot).isPresent();
    }

    @Test
    void theErrorOffersTheTeamServerSettingsAndThisDevicesOwnDataOpens(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> errorShown(robot));
        assertThat(shell.fatalErrorProperty().get()).startsWith("Cannot reach the team server at localhost:");
        robot.clickOn(errorButton(robot).orElseThrow());
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#team-server-dialog").tryQuery().isPresent());
        robot.clickOn("#team-server-this-device");
        robot.clickOn("Switch");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> shell.readyProperty().get()
                && shell.workspace().map(Workspace::tenant).filter(TenantId.LOCAL::equals).isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("Team server…").tryQuery()).as("the error is not shown again").isEmpty();
        assertThat(Files.exists(dir.resolve("team-server.json"))).isFalse();
        assertThat(shell.teamServerTextProperty().get()).isEmpty();
    }

    @Test
    void theErrorHiddenWithoutAnAnswerLeavesTheAppRunning(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> errorShown(robot));
        javafx.stage.Window errorWindow = robot.window(window -> window.getScene() != null
                && window.getScene().lookup(".dialog-pane") instanceof javafx.scene.control.DialogPane pane
                && "Workshop cannot open its data".equals(pane.getHeaderText()));

        // As TestFX's clean-up, or a closing owner, hides it: no Quit was pressed.
        robot.interact(errorWindow::hide);

        java.util.concurrent.CountDownLatch stillRunning = new java.util.concurrent.CountDownLatch(1);
        javafx.application.Platform.runLater(stillRunning::countDown);
        assertThat(stillRunning.await(10, TimeUnit.SECONDS)).as("the JavaFX toolkit still runs").isTrue();
        assertThat(robot.listWindows()).as("the main window stays").anySatisfy(window -> assertThat(window.isShowing()).isTrue());
    }
}
