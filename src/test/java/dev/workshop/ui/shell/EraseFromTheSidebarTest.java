package dev.workshop.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.workshop.CanaryScan;
import dev.workshop.Wiring;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.canvas.WindowLayout;
import dev.workshop.domain.canvas.Bounds;
import dev.workshop.orchestration.Workspace;
import dev.workshop.store.Conversations;
import dev.workshop.ui.fx.FxExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Labeled;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The sidebar's Erase permanently… in the real window (docs/decisions/0031): it asks first, naming what goes and that
 * there is no undo, with Cancel the default; once confirmed the data is opened again, the conversation is gone from
 * the list and from every byte of the data directory, and the status bar says so.
 */
@dev.workshop.testing.Slow
@org.junit.jupiter.api.extension.ExtendWith(ApplicationExtension.class)
class EraseFromTheSidebarTest {
    private static final String CANARY = "CANARY-sidebar-erase";
    private Path dir;
    private ShellViewModel viewModel;

    @Start
    void start(Stage stage) throws Exception {
        dir = dev.workshop.testing.ScratchDirs.create("workshop-erase");
        try (Workspace workspace = Wiring.openWorkspace(dir)) {
            for (String task : List.of(CANARY + " picnic", "Keep the shop open")) {
                workspace.store().append(workspace.tenant(), ConversationId.random(), 0, List.of(
                        new ConversationEvent.ConversationStarted(ConversationKind.CONVERSATION,
                                List.of(Conversations.ADA, Conversations.BOB), task, 4),
                        new ConversationEvent.StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN,
                                "All 4 turns were taken")));
            }
        }
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        viewModel = new ShellViewModel(dir, Wiring::openWorkspace, FxExecutor.platform());
        ShellView view = new ShellView(viewModel);
        view.restoreLayout(new WindowLayout(Bounds.EMPTY, false, 0.4, 0.3));
        stage.setScene(new Scene(view, 1000, 700));
        stage.sizeToScene();
        stage.show();
        viewModel.open();
    }

    @AfterEach
    void close() {
        viewModel.close();
    }

    /** Once the data is open: the canary's conversation picked in the list, and the list's menu. */
    private javafx.scene.control.ContextMenu canaryPickedAndItsMenu(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> viewModel.readyProperty().get());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".row-title").queryAll().size() == 2);
        robot.clickOn(robot.lookup(".row-title").queryAll().stream()
                .filter(title -> ((Labeled) title).getText().startsWith(CANARY)).findFirst().orElseThrow());
        return robot.lookup("#conversation-list").queryListView().getContextMenu();
    }

    /** The titles the list shows, read on the FX thread. */
    private static List<String> rowTitles(FxRobot robot) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> robot.lookup(".row-title").queryAll().stream()
                .map(title -> ((Labeled) title).getText()).toList()).get(5, TimeUnit.SECONDS);
    }

    private static javafx.scene.control.MenuItem item(javafx.scene.control.ContextMenu menu, String id) {
        return menu.getItems().stream().filter(candidate -> id.equals(candidate.getId())).findFirst().orElseThrow();
    }

    @Test
    void eraseAsksThenTakesTheConversationOutOfEveryPlace(FxRobot robot) throws Exception {
        javafx.scene.control.ContextMenu menu = canaryPickedAndItsMenu(robot);
        javafx.scene.control.MenuItem erase = item(menu, "erase-menu-item");
        robot.interact(() -> menu.show(robot.lookup("#conversation-list").query(), javafx.geometry.Side.BOTTOM, 0, 0));
        assertThat(erase.isDisable()).isFalse();
        robot.interact(menu::hide);
        // The question waits for an answer on the FX thread: fired without waiting for it to return.
        WaitForAsyncUtils.asyncFx(erase::fire);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#confirm-erase").tryQuery().isPresent());
        DialogPane dialog = robot.lookup("#confirm-erase").query();
        assertThat(dialog.getHeaderText()).isEqualTo("Erase \u201c" + CANARY + " picnic\u201d for good?");
        assertThat(dialog.getContentText()).contains("There is no undo");
        assertThat(((Button) dialog.lookupButton(ButtonType.CANCEL)).isDefaultButton()).isTrue();
        robot.clickOn(robot.lookup("#confirm-erase").lookup(".button").match(node ->
                "Erase permanently".equals(((Labeled) node).getText())).<Node>query());

        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> viewModel.noticeProperty().get()
                .startsWith("1 conversation was erased for good"));
        // The reopen after the erase builds a new list, filled in the background: waited for whole, read on the FX
        // thread (a count read from the test's thread can see the list before it was replaced).
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> rowTitles(robot).equals(List.of("Keep the shop open")));
        assertThat(rowTitles(robot)).containsExactly("Keep the shop open");
        assertThat(CanaryScan.find(dir, CANARY)).isEmpty();
    }

    @Test
    void recentlyDeletedErasesWhatIsPickedForGoodAfterAsking(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> viewModel.readyProperty().get());
        Workspace open = viewModel.workspace().orElseThrow();
        var canary = open.engine().conversations().stream().filter(state -> state.title().startsWith(CANARY))
                .findFirst().orElseThrow();
        open.engine().delete(canary.id(), java.time.Duration.ofSeconds(10));

        robot.clickOn("#recently-deleted-button");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#deleted-list").tryQuery()
                .map(list -> !((javafx.scene.control.ListView<?>) list).getItems().isEmpty()).orElse(false));
        robot.clickOn("#erase-deleted");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#confirm-erase").tryQuery().isPresent());
        robot.clickOn(robot.lookup("#confirm-erase").lookup(".button").match(node ->
                "Erase permanently".equals(((Labeled) node).getText())).<Node>query());

        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> viewModel.noticeProperty().get()
                .startsWith("1 conversation was erased for good"));
        assertThat(viewModel.workspace().orElseThrow().engine().deletedConversations()).isEmpty();
        assertThat(CanaryScan.find(dir, CANARY)).isEmpty();
    }

    @Test
    void theMenuStarsAndHoldsAndAHeldConversationCannotBeErased(FxRobot robot) throws Exception {
        javafx.scene.control.ContextMenu menu = canaryPickedAndItsMenu(robot);
        Node list = robot.lookup("#conversation-list").query();
        java.util.function.Function<String, javafx.scene.control.MenuItem> item = id -> item(menu, id);

        robot.interact(() -> menu.show(list, javafx.geometry.Side.BOTTOM, 0, 0));
        robot.interact(() -> {
            menu.hide();
            item.apply("star-menu-item").fire();
            item.apply("legal-hold-menu-item").fire();
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> rowTitles(robot).contains("\u2605 [legal hold] " + CANARY + " picnic"));
        robot.interact(() -> menu.show(list, javafx.geometry.Side.BOTTOM, 0, 0));

        assertThat(item.apply("erase-menu-item").isDisable()).as("a legal hold refuses an erase").isTrue();
        assertThat(item.apply("legal-hold-menu-item").getText()).isEqualTo("Release the legal hold");
        assertThat(item.apply("star-menu-item").getText()).isEqualTo("Remove the star");
        robot.interact(menu::hide);
        var state = viewModel.workspace().orElseThrow().engine().conversations().stream()
                .filter(conversation -> conversation.title().startsWith(CANARY)).findFirst().orElseThrow();
        assertThat(state.marks()).containsExactlyInAnyOrder(dev.workshop.domain.conversation.Mark.STARRED,
                dev.workshop.domain.conversation.Mark.LEGAL_HOLD);
    }
}
