package dev.workshop.ui.sidebar;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.orchestration.Workspace;
import dev.workshop.ui.fx.Background;
import dev.workshop.ui.fx.FxExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ListView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** While a conversation's messages load, the list shows the spinner, not "No messages yet" under it. */
@ExtendWith(ApplicationExtension.class)
class LoadingPlaceholderTest {
    private static final Participant ADA = new Participant(new AgentId("starter-ada"), "Ada");
    private static final Participant BRUNO = new Participant(new AgentId("starter-bruno"), "Bruno");
    /** The sidebar's store work, held until the test lets it run. */
    private final BlockingQueue<Runnable> held = new LinkedBlockingQueue<>();
    private Workspace workspace;
    private SidebarViewModel sidebar;
    private ConversationId id;

    @Start
    void start(Stage stage) throws Exception {
        workspace = Wiring.openWorkspace(dev.workshop.testing.ScratchDirs.create("workshop-loading"));
        id = ConversationId.random();
        workspace.store().append(workspace.tenant(), id, 0,
                List.of(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BRUNO), "Name a cat", 4)));
        Background holding = (name, work) -> held.add(work);
        sidebar = new SidebarViewModel(workspace, FxExecutor.platform(), holding);
        stage.setScene(new Scene(new SidebarView(sidebar), 500, 700));
        // The stage is shared by the UI tests in this JVM: it takes this scene's size, whatever the last one left.
        stage.sizeToScene();
        stage.show();
        sidebar.start();
    }

    @AfterEach
    void close() {
        workspace.close();
    }

    /** Runs the store work held so far, off the FX thread, as the app's background would. */
    private void runHeld() throws InterruptedException {
        Runnable work;
        while ((work = held.poll()) != null) {
            work.run();
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void whileTheMessagesLoadOnlyTheSpinnerShows(FxRobot robot) throws Exception {
        runHeld();
        ConversationRow row = WaitForAsyncUtils.asyncFx(() -> sidebar.allRows().getFirst()).get(5, TimeUnit.SECONDS);
        robot.interact(() -> sidebar.select(row));

        ListView<?> list = robot.lookup("#message-list").queryListView();
        Node placeholder = list.getPlaceholder();
        assertThat(robot.lookup("#history-loading").query().isVisible()).as("loading").isTrue();
        assertThat(placeholder.isVisible()).as("no 'No messages yet' while loading").isFalse();

        runHeld();
        assertThat(robot.lookup("#history-loading").query().isVisible()).isFalse();
        assertThat(placeholder.isVisible()).as("now it is true: there are none").isTrue();
    }
}
