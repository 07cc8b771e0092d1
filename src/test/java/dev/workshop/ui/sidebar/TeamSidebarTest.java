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
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.orchestration.Heard;
import dev.workshop.orchestration.LoopSettings;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.store.jdbc.team.PostgresConversationStore;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.shell.ShellOnStage;
import dev.workshop.ui.shell.ShellViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The app on a team server while another device works on the same team: its conversations appear, their new
 * messages arrive in the conversation shown, and the list says which device drives each, all without reopening.
 */
@dev.workshop.testing.Slow
@ExtendWith(ApplicationExtension.class)
class TeamSidebarTest {
    private static final Participant ADA = new Participant(new AgentId("starter-ada"), "Ada");
    private static final Participant BRUNO = new Participant(new AgentId("starter-bruno"), "Bruno");
    private static final TenantId TEAM = new TenantId("sidebar-team");
    @org.junit.jupiter.api.extension.RegisterExtension
    static final dev.workshop.store.jdbc.team.EmbeddedTeamServer SERVER = new dev.workshop.store.jdbc.team.EmbeddedTeamServer();
    private ShellViewModel shell;

    @Start
    void start(Stage stage) throws Exception {
        Path dir = dev.workshop.testing.ScratchDirs.create("workshop-team-sidebar");
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        WorkspaceOptions options = new WorkspaceOptions(2000, LoopSettings.DEFAULTS, TEAM, false, Optional.of(SERVER.url()));
        shell = new ShellViewModel(dir, Wiring::openWorkspace, FxExecutor.platform(), options);
        ShellOnStage.show(stage, shell, 1200, 760);
    }

    @AfterEach
    void close() {
        shell.close();
    }

    @Test
    void anotherDevicesConversationAppearsGrowsLiveAndSaysWhoDrivesIt(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup("#conversation-list").tryQuery().isPresent());
        ListView<ConversationRow> list = robot.lookup("#conversation-list").queryListView();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> shell.sidebarProperty().get() != null);
        try (PostgresConversationStore otherDevice = PostgresConversationStore.open(SERVER.url())) {
            ConversationId id = ConversationId.random();
            // The other device drives it, so this app does not take it over.
            assertThat(otherDevice.drive(TEAM, id)).isTrue();
            otherDevice.append(TEAM, id, 0, List.of(
                    new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BRUNO), "Plan the offsite", 6),
                    new MessageRecorded(0, ADA.agentId(), "Ada", "Let us start with the venue.")));

            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> list.getItems().stream()
                    .anyMatch(row -> row.id().equals(id) && row.drivenElsewhere()));
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup(".row-driver").queryAllAs(Label.class)
                    .stream().anyMatch(label -> label.isVisible() && label.getText().startsWith("driven by ")
                            && label.getText().contains("(process " + ProcessHandle.current().pid() + ")")));

            // Picked as a click picks it (a row the list is still laying out can leave the scene under the pointer).
            robot.interact(() -> list.getSelectionModel().select(list.getItems().stream()
                    .filter(row -> row.id().equals(id)).findFirst().orElseThrow()));
            ListView<MessageItem> messages = robot.lookup("#message-list").queryListView();
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> messages.getItems().size() == 1);
            otherDevice.append(TEAM, id, 2, List.of(
                    new MessageRecorded(1, BRUNO.agentId(), "Bruno", "Somewhere with a garden.")));
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> messages.getItems().size() == 2
                    && messages.getItems().get(1).content().equals("Somewhere with a garden."));

            List<ConversationEvent> end = List.of(new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, ""));
            otherDevice.append(TEAM, id, 3, end);
            otherDevice.stopDriving(TEAM, id);
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> list.getItems().stream()
                    .anyMatch(row -> row.id().equals(id) && row.status() == ConversationStatus.COMPLETED
                            && !row.drivenElsewhere()));
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(robot.lookup(".row-driver").queryAllAs(Label.class)).noneMatch(Label::isVisible);
        }
    }

    @Test
    void aReplyWaitingForTheServerIsShownAsNotYetSavedUntilItIsSaved(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup("#conversation-list").tryQuery().isPresent());
        ListView<ConversationRow> list = robot.lookup("#conversation-list").queryListView();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> shell.sidebarProperty().get() != null);
        SidebarViewModel sidebar = shell.sidebarProperty().get();
        ConversationId id = ConversationId.random();
        try (PostgresConversationStore otherDevice = PostgresConversationStore.open(SERVER.url())) {
            otherDevice.append(TEAM, id, 0, List.of(
                    new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BRUNO), "Name the garden", 6),
                    new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, "")));
        }
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> list.getItems().stream().anyMatch(row -> row.id().equals(id)));
        robot.interact(() -> list.getSelectionModel().select(list.getItems().stream()
                .filter(row -> row.id().equals(id)).findFirst().orElseThrow()));
        WaitForAsyncUtils.waitForFxEvents();

        // As this app's loop reports it: a reply streamed in whole, then the server went away before it was saved.
        java.time.Instant now = java.time.Instant.now();
        ConversationState stored = shell.workspace().orElseThrow().store().state(TEAM, id).orElseThrow();
        sidebar.onLoopEvent(Heard.recorded(stored, new ConversationEvent.TurnStarted(0, ADA.agentId(), false)));
        sidebar.onLoopEvent(new dev.workshop.orchestration.LoopEvent.Token(id, 1, now, 0, ADA.agentId(),
                "The Quiet Corner"));
        sidebar.onLoopEvent(new dev.workshop.orchestration.LoopEvent.SavePending(id, 1, now,
                "Waiting for the team server: it cannot be reached; what is to be saved is kept and saved once it"
                        + " is back"));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#writing .writing").tryQueryAs(Label.class)
                .filter(label -> label.getText().equals("Not yet saved") && label.getTooltip().getText()
                        .startsWith("Not yet saved. Waiting for the team server")).isPresent());

        sidebar.onLoopEvent(Heard.recorded(stored, new ConversationEvent.TurnStarted(0, ADA.agentId(), false),
                new ConversationEvent.MessageRecorded(0, ADA.agentId(), "Ada", "The Quiet Corner")));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#writing").tryQuery().isEmpty());
        ListView<MessageItem> messages = robot.lookup("#message-list").queryListView();
        // The writing row gives way to the message in one step on the FX thread; wait for that step, not for the
        // row alone to be gone.
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> messages.getItems().stream().map(MessageItem::content)
                .toList().equals(java.util.List.of("The Quiet Corner")));
        assertThat(messages.getItems()).extracting(MessageItem::content).containsExactly("The Quiet Corner");
    }
}
