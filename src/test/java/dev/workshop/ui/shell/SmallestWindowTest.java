package dev.workshop.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.WindowLayout;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.ui.fx.FxExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The smallest window the app allows fits everything: the status bar, "Try it" clear of the zoom bar, a
 * conversation row, and its messages with Send (issue #48 item 5: at 640 × 420 the status bar was gone, Send was
 * clipped and the zoom bar covered "Try it"). The scene is the window less a window manager's title bar.
 */
@ExtendWith(ApplicationExtension.class)
class SmallestWindowTest {
    /** The most a window manager's frame takes of the height (mutter's title bar is the tallest, ~37 px). */
    private static final double FRAME = 40;
    private ShellViewModel shell;
    private ShellView view;

    @Start
    void start(Stage stage) throws Exception {
        Path dir = dev.workshop.testing.ScratchDirs.create("workshop-smallest");
        try (Workspace workspace = Wiring.openWorkspace(dir)) {
            Participant ada = new Participant(new AgentId("starter-ada"), "Ada");
            Participant bruno = new Participant(new AgentId("starter-bruno"), "Bruno");
            List<ConversationEvent> events = new ArrayList<>();
            events.add(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ada, bruno), "Plan a picnic", 4));
            events.add(new MessageRecorded(0, ada.agentId(), "Ada", "A first step, and who owns it."));
            events.add(new MessageRecorded(1, bruno.agentId(), "Bruno", "A small experiment first."));
            events.add(new ConversationEvent.StatusChanged(dev.workshop.domain.conversation.ConversationStatus.COMPLETED,
                    dev.workshop.domain.conversation.StatusCause.TURNS_TAKEN, ""));
            workspace.store().append(workspace.tenant(), ConversationId.random(), 0, events);
        }
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        shell = new ShellViewModel(dir, Wiring::openWorkspace, FxExecutor.platform(), new WorkspaceOptions(2000));
        view = ShellOnStage.show(stage, shell, WindowLayout.MIN_WIDTH, WindowLayout.MIN_HEIGHT - FRAME);
    }

    @AfterEach
    void close() {
        shell.close();
    }

    private Bounds inScene(FxRobot robot, String query) {
        Node node = robot.from(view).lookup(query).query();
        return node.localToScene(node.getBoundsInLocal());
    }

    private void assertInside(Bounds bounds, String what) {
        Scene scene = view.getScene();
        assertThat(bounds.getMinX()).as(what + " left").isGreaterThanOrEqualTo(0);
        assertThat(bounds.getMinY()).as(what + " top").isGreaterThanOrEqualTo(0);
        assertThat(bounds.getMaxX()).as(what + " right").isLessThanOrEqualTo(scene.getWidth() + 0.5);
        assertThat(bounds.getMaxY()).as(what + " bottom").isLessThanOrEqualTo(scene.getHeight() + 0.5);
    }

    @Test
    void everythingFitsAtTheSmallestSize(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !robot.from(view).lookup(".row-title").queryAll().isEmpty());
        WaitForAsyncUtils.waitForFxEvents(4);
        WaitForAsyncUtils.asyncFx(() -> {
            assertInside(inScene(robot, ".status-bar"), "the status bar");
            Bounds tryIt = inScene(robot, "#quick-start");
            assertInside(tryIt, "Try it");
            assertThat(tryIt.intersects(inScene(robot, ".zoom-bar"))).as("Try it is clear of the zoom bar").isFalse();
            return null;
        }).get();

        robot.interact(() -> shell.sidebarProperty().get().select(shell.sidebarProperty().get().rows().getFirst()));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> robot.from(view).lookup("#message-list").queryListView().getItems().size() == 2);
        WaitForAsyncUtils.waitForFxEvents(4);
        WaitForAsyncUtils.asyncFx(() -> {
            assertInside(inScene(robot, "#send-message"), "Send");
            assertInside(inScene(robot, ".status-bar"), "the status bar");
            assertThat(inScene(robot, "#message-list").getHeight()).as("the messages").isGreaterThanOrEqualTo(80);
            assertThat(inScene(robot, ".row-title").getMaxY()).as("a conversation row")
                    .isLessThanOrEqualTo(inScene(robot, "#message-list").getMinY());
            return null;
        }).get();
    }
}
