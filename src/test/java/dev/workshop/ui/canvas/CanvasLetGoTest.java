package dev.workshop.ui.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.workshop.Wiring;
import dev.workshop.domain.canvas.Behaviour;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.shell.ShellOnStage;
import dev.workshop.ui.shell.ShellViewModel;
import java.util.List;
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
 * A canvas whose window let go of its scene (another scene put in its place) draws no more frames, even with an agent
 * walking: an animation timer left on would pulse the toolkit for ever and keep the whole old view, its textures and
 * its workspace reachable (the test JVM's heap once held 75 such views).
 */
@ExtendWith(ApplicationExtension.class)
class CanvasLetGoTest {
    private Stage stage;
    private ShellViewModel shell;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        shell = new ShellViewModel(dev.workshop.testing.ScratchDirs.create("workshop-let-go"), Wiring::openWorkspace,
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
    void aCanvasItsWindowLetGoOfStopsDrawingAndDrawsAgainWhenShownAgain(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> onFx(() -> robot.lookup("#canvas").tryQuery().isPresent()));
        CanvasViewModel canvas = shell.canvasProperty().get();
        CanvasView view = onFx(() -> robot.lookup("#canvas").queryAs(CanvasView.class));
        Scene shellScene = stage.getScene();
        onFx(() -> {
            AgentNodeModel ada = canvas.edits().place(new AgentId("starter-ada"), new Point(200, 200)).orElseThrow();
            canvas.edits().setBehaviour(List.of(ada), Behaviour.WANDER);
            return null;
        });
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> onFx(view::drawsFrames));

        onFx(() -> {
            stage.setScene(new Scene(new Label("another view"), 300, 200));
            return null;
        });
        assertThat(onFx(view::drawsFrames)).as("still in its scene, but no longer in a window").isFalse();

        onFx(() -> {
            stage.setScene(shellScene);
            return null;
        });
        assertThat(onFx(view::drawsFrames)).as("shown again, the walk goes on").isTrue();
    }
}
