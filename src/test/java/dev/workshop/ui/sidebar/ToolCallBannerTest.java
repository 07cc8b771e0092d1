package dev.workshop.ui.sidebar;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.OutsideCallStep;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.tool.OutsideStep;
import dev.workshop.domain.tool.ToolHints;
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
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A turn paused for the user's word on an outside tool call shows the call, its arguments and the ways on in the
 * sidebar; the word given there is recorded and the turn goes on.
 */
@ExtendWith(ApplicationExtension.class)
class ToolCallBannerTest {
    private static final Participant ADA = new Participant(new AgentId("starter-ada"), "Ada");
    private static final Participant BRUNO = new Participant(new AgentId("starter-bruno"), "Bruno");
    private ShellViewModel shell;
    private Path dir;
    private final ConversationId approval = ConversationId.random();
    private final ConversationId doubt = ConversationId.random();

    @Start
    void start(Stage stage) throws Exception {
        dir = dev.workshop.testing.ScratchDirs.create("workshop-tool-call");
        try (Workspace workspace = Wiring.openWorkspace(dir)) {
            paused(workspace, approval, "Write the notes", true, StatusCause.APPROVAL_NEEDED,
                    "Ada wants to call files/write_file: approve, edit or deny it");
            paused(workspace, doubt, "Send the invoice", false, StatusCause.CALL_IN_DOUBT,
                    "Ada's call to files/write_file is in doubt: Workshop stopped after sending it, before its"
                            + " answer came; did it run?");
        }
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        shell = new ShellViewModel(dir, Wiring::openWorkspace, FxExecutor.platform(), new WorkspaceOptions(0));
        ShellOnStage.show(stage, shell, 1200, 760);
    }

    private static void paused(Workspace workspace, ConversationId id, String task, boolean approval,
                               StatusCause cause, String reason) {
        workspace.store().append(workspace.tenant(), id, 0, List.<ConversationEvent>of(
                new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BRUNO), task, 1),
                new TurnStarted(0, ADA.agentId(), false),
                new OutsideCallStep(0, 0, new OutsideStep.Asked("call_0", ADA.agentId().value(), "files",
                        "write_file", "{\"path\":\"notes.txt\"}", ToolHints.NONE, approval)),
                new StatusChanged(ConversationStatus.WAITING, cause, reason)));
    }

    /** The list row titled {@code title} that is on the stage (a cell being reused may hold it off the stage). */
    private static org.testfx.service.query.NodeQuery row(FxRobot robot, String title) {
        return robot.lookup(".row-title").match((javafx.scene.Node node) -> node.getScene() != null
                && node instanceof javafx.scene.control.Labeled label && title.equals(label.getText()) && shown(node));
    }

    /** Whether the node and every parent of it are visible. */
    private static boolean shown(javafx.scene.Node node) {
        for (javafx.scene.Node at = node; at != null; at = at.getParent()) {
            if (!at.isVisible()) {
                return false;
            }
        }
        return true;
    }

    @AfterEach
    void close() {
        shell.close();
    }

    private List<OutsideStep> steps(ConversationId id) {
        try (Workspace workspace = Wiring.openWorkspace(dir)) {
            return workspace.engine().history(id).stream().flatMap(recorded -> recorded.event().asOutsideCall()
                    .stream()).map(OutsideCallStep::step).toList();
        }
    }

    @Test
    void aCallAwaitingApprovalIsShownEditableAndDeniedWithAReasonTheTurnGoesOnWith(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> row(robot, "Write the notes").tryQuery().isPresent());
        robot.clickOn((javafx.scene.Node) row(robot, "Write the notes").query());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#tool-call-banner").query().isVisible());

        assertThat(robot.lookup("#tool-call-text").queryLabeled().getText())
                .isEqualTo("Ada wants to call files/write_file: approve, edit or deny it");
        assertThat(robot.lookup("#tool-call-arguments").queryAs(TextArea.class).getText())
                .isEqualTo("{\n  \"path\" : \"notes.txt\"\n}");
        assertThat(robot.lookup("#tool-call-arguments").queryAs(TextArea.class).isEditable()).isTrue();
        assertThat(shown(robot.lookup("#tool-call-ran").query())).isFalse();
        robot.clickOn("#tool-call-reason").write("not in this folder");
        robot.clickOn("#tool-call-deny");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !robot.lookup("#tool-call-banner").query().isVisible());
        shell.close();

        assertThat(steps(approval)).contains(new OutsideStep.Decided(false, System.getProperty("user.name", "you"),
                "{\"path\":\"notes.txt\"}", "", "not in this folder"));
    }

    @Test
    void aCallInDoubtAsksWhetherItRanAndTakesTheAnswer(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> row(robot, "Send the invoice").tryQuery().isPresent());
        robot.clickOn((javafx.scene.Node) row(robot, "Send the invoice").query());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#tool-call-banner").query().isVisible());

        assertThat(robot.lookup("#tool-call-text").queryLabeled().getText()).startsWith("Ada's call to files/write_file is in doubt")
                .endsWith("did it run? It may change something, so it is not sent again without your word.");
        assertThat(shown(robot.lookup("#tool-call-approve").query())).isFalse();
        assertThat(shown(robot.lookup("#tool-call-ran").query())).isTrue();
        assertThat(robot.lookup("#tool-call-arguments").queryAs(TextArea.class).isEditable()).isFalse();
        robot.clickOn("#tool-call-did-not-run");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !robot.lookup("#tool-call-banner").query().isVisible());
        shell.close();

        assertThat(steps(doubt)).contains(new OutsideStep.Settled(dev.workshop.domain.tool.Settlement.DID_NOT_RUN,
                System.getProperty("user.name", "you")));
    }
}
