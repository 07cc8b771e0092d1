package dev.workshop.ui.sidebar;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.shell.ShellOnStage;
import dev.workshop.ui.shell.ShellViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.control.Labeled;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A turn that failed reads as failed, not as an abort: one way on (Retry), and the detail behind Details…. */
@ExtendWith(ApplicationExtension.class)
class FailedTurnViewTest {
    private static final Participant ADA = new Participant(new AgentId("starter-ada"), "Ada");
    private static final Participant BRUNO = new Participant(new AgentId("starter-bruno"), "Bruno");
    private static final String REASON = "Bruno: http://localhost:11434/v1/chat/completions refused the connection"
            + " (is the server running?) (gave up after 4 attempts; resume the conversation once localhost answers"
            + " again)";
    private ShellViewModel shell;

    /** Failed for good: an interrupted one would be asked again at launch (SidebarViewModelTest covers it). */
    @Start
    void start(Stage stage) throws Exception {
        Path dir = dev.workshop.testing.ScratchDirs.create("workshop-failed-turn");
        try (Workspace workspace = Wiring.openWorkspace(dir)) {
            workspace.store().append(workspace.tenant(), ConversationId.random(), 0, List.<ConversationEvent>of(
                    new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BRUNO), "Plan a picnic", 4),
                    new MessageRecorded(0, ADA.agentId(), "Ada", "Sandwiches?"),
                    new StatusChanged(ConversationStatus.FAILED, StatusCause.ENDPOINT_REFUSED, REASON)));
        }
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        shell = new ShellViewModel(dir, Wiring::openWorkspace, FxExecutor.platform(), new WorkspaceOptions(2000));
        ShellOnStage.show(stage, shell, 1200, 760);
    }

    @AfterEach
    void close() {
        shell.close();
    }

    @Test
    void aFailedTurnSaysFailedOffersRetryAloneAndKeepsTheDetailBehindDetails(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup(".row-title").tryQuery().isPresent());
        assertThat(robot.lookup("#conversation-list").lookup(".status-marker").queryAll()).extracting(node -> ((Labeled) node).getText())
                .contains("Failed").doesNotContain("Interrupted");
        robot.clickOn("Plan a picnic");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#failure-banner").query().isVisible());

        assertThat(robot.lookup("#detail-status").queryLabeled().getText()).isEqualTo("Failed");
        assertThat(robot.lookup("#resume-conversation").query().isVisible()).as("Retry is the one way on").isFalse();
        assertThat(robot.lookup("#retry-turn").query().isVisible()).isTrue();
        assertThat(robot.lookup("#detail-reason").queryLabeled().getText()).as("said once, in the banner").isEmpty();
        assertThat(robot.lookup("#failure-text").queryLabeled().getText())
                .isEqualTo("Turn 2 failed: Bruno: localhost:11434 refused the connection (is the server running?)");
        assertThat(robot.lookup("#composer").queryAs(TextArea.class).getPromptText()).startsWith("Retry (above)");

        robot.clickOn("#failure-details");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#text-window-text").tryQuery().isPresent());
        TextArea whole = robot.lookup("#text-window-text").query();
        assertThat(whole.getText()).contains(REASON);
        robot.clickOn("Close");
    }

}
