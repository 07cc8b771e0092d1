package dev.workshop.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.workshop.Wiring;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.store.Conversations;
import dev.workshop.store.jdbc.team.PostgresConversationStore;
import dev.workshop.ui.fx.FxExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
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

/**
 * Settings → Team server, as a user meets it: Test connection says what it finds, an address with a password is
 * refused, Switch reopens the window on the team's conversations (and says so in the status bar), and back.
 */
@dev.workshop.testing.Slow
@ExtendWith(ApplicationExtension.class)
class TeamServerSettingsTest {
    private static final TenantId TEAM = new TenantId("design");
    @org.junit.jupiter.api.extension.RegisterExtension
    static final dev.workshop.store.jdbc.team.EmbeddedTeamServer SERVER = new dev.workshop.store.jdbc.team.EmbeddedTeamServer();
    private Path dir;
    private ShellViewModel shell;

    @Start
    void start(Stage stage) throws Exception {
        dir = dev.workshop.testing.ScratchDirs.create("workshop-team-settings");
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        shell = new ShellViewModel(dir, Wiring::openWorkspace, FxExecutor.platform(), WorkspaceOptions.DESKTOP);
        shell.offerTeamServerSettings(Wiring.teamServerSettings(dir));
        ShellOnStage.show(stage, shell, 1200, 760);
    }

    @AfterEach
    void close() {
        shell.close();
    }

    @Test
    void testSwitchAndSwitchBack(FxRobot robot) throws Exception {
        ConversationId teams = ConversationId.random();
        try (PostgresConversationStore server = PostgresConversationStore.open(SERVER.url())) {
            server.append(TEAM, teams, 0, Conversations.startedWithMessages(10, 0));
        }
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> shell.readyProperty().get());
        Label status = robot.lookup("#status-team-server").queryAs(Label.class);
        assertThat(status.isVisible()).as("on this device, nothing about a team server").isFalse();

        robot.clickOn("#open-settings");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#preference-team-server").tryQuery().isPresent());
        assertThat(robot.lookup("#preference-team-server").queryAs(Label.class).getText()).isEqualTo("This device only");
        scrollSettingsToTheEnd(robot);
        robot.clickOn("#preference-team-server-change");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#team-server-dialog").tryQuery().isPresent());

        robot.clickOn("#team-server-remote");
        TextField address = robot.lookup("#team-server-url").query();
        TextField team = robot.lookup("#team-server-team").query();
        robot.interact(() -> {
            address.setText(SERVER.url());
            team.setText("design");
        });
        robot.clickOn("#team-server-test");
        Label result = robot.lookup("#team-server-result").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> result.getText().startsWith("Connected to PostgreSQL"));
        assertThat(result.getText()).endsWith("team design has 1 conversation there");

        robot.interact(() -> address.setText(SERVER.url() + "&password=hunter2"));
        robot.clickOn("Switch");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(result.getText()).startsWith("Take the password out of the address");
        assertThat(robot.lookup("#team-server-dialog").tryQuery()).as("the dialog stays for the fix").isPresent();

        robot.interact(() -> address.setText(SERVER.url()));
        robot.clickOn("Switch");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> status.isVisible() && shell.readyProperty().get());
        assertThat(status.getText()).isEqualTo("Team server: localhost:" + SERVER.postgres().getPort() + "/postgres · team design");
        Workspace onServer = shell.workspace().orElseThrow();
        assertThat(onServer.tenant()).isEqualTo(TEAM);
        // The window is rebuilt on the new data: the list is there again once it has loaded.
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#conversation-list")
                .tryQueryAs(javafx.scene.control.ListView.class).filter(list -> list.getItems().size() == 1)
                .isPresent());
        String kept = Files.readString(dir.resolve("team-server.json"));
        assertThat(kept).contains("\"team\" : \"design\"").doesNotContain("hunter2");

        // And back to this device's own conversations.
        robot.clickOn("#open-settings");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#preference-team-server").tryQuery().isPresent());
        assertThat(robot.lookup("#preference-team-server").queryAs(Label.class).getText())
                .startsWith("Team server: localhost:");
        scrollSettingsToTheEnd(robot);
        robot.clickOn("#preference-team-server-change");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#team-server-dialog").tryQuery().isPresent());
        robot.clickOn("#team-server-this-device");
        robot.clickOn("Switch");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !status.isVisible() && shell.readyProperty().get()
                && shell.workspace().map(Workspace::tenant).filter(TenantId.LOCAL::equals).isPresent());
        assertThat(Files.exists(dir.resolve("team-server.json"))).isFalse();
    }

    /** Settings scroll where the screen is short (the headless one is): the team server row is last; a user scrolls. */
    private static void scrollSettingsToTheEnd(FxRobot robot) {
        javafx.scene.control.ScrollPane rows = robot.lookup("#preferences-dialog").lookup(".scroll-pane").query();
        robot.interact(() -> rows.setVvalue(rows.getVmax()));
    }
}
