package dev.workshop.ui.canvas;

import static dev.workshop.ui.shell.LetGoWindow.onFx;
import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.Behaviour;
import dev.workshop.domain.canvas.Point;
import dev.workshop.ui.shell.LetGoWindow;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
    private LetGoWindow window;

    @Start
    void start(Stage stage) {
        window = LetGoWindow.show(stage);
    }

    @AfterEach
    void close() {
        window.close();
    }

    @Test
    void aCanvasItsWindowLetGoOfStopsDrawingAndDrawsAgainWhenShownAgain(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> onFx(() -> robot.lookup("#canvas").tryQuery().isPresent()));
        CanvasViewModel canvas = window.shell().canvasProperty().get();
        CanvasView view = onFx(() -> robot.lookup("#canvas").queryAs(CanvasView.class));
        onFx(() -> {
            AgentNodeModel ada = canvas.edits().place(new AgentId("starter-ada"), new Point(200, 200)).orElseThrow();
            canvas.edits().setBehaviour(List.of(ada), Behaviour.WANDER);
            return null;
        });
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> onFx(view::drawsFrames));

        window.letGo();
        assertThat(onFx(view::drawsFrames)).as("still in its scene, but no longer in a window").isFalse();

        window.showAgain();
        assertThat(onFx(view::drawsFrames)).as("shown again, the walk goes on").isTrue();
    }
}
