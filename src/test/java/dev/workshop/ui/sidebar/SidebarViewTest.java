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
import dev.workshop.domain.conversation.DeletedConversation;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.conversation.Usage;
import dev.workshop.orchestration.LoopEvent;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.fx.FxPulses;
import dev.workshop.ui.shell.ShellOnStage;
import dev.workshop.ui.shell.ShellViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The sidebar in the real window, headless. */
@dev.workshop.testing.Slow
@ExtendWith(ApplicationExtension.class)
class SidebarViewTest {
    private static final Participant ADA = new Participant(new AgentId("starter-ada"), "Ada");
    private static final Participant BRUNO = new Participant(new AgentId("starter-bruno"), "Bruno");
    private static final String MARKDOWN = """
            ## Plan

            We **agree** on:

            - start small
            - check the *riskiest* assumption

            ```
            budget = 500
            ```
            """;
    /** Messages in the long conversation: more than the message list shows at once. */
    private static final int LONG = 40;
    private Path dir;
    private ShellViewModel shell;

    @Start
    void start(Stage stage) throws Exception {
        dir = dev.workshop.testing.ScratchDirs.create("workshop-sidebar");
        try (Workspace workspace = Wiring.openWorkspace(dir)) {
            List<ConversationEvent> lines = new java.util.ArrayList<>();
            for (int turn = 0; turn < LONG; turn++) {
                Participant speaker = turn % 2 == 0 ? ADA : BRUNO;
                lines.add(new MessageRecorded(turn, speaker.agentId(), speaker.name(), "Line " + (turn + 1)
                        + " of the poem, long enough to wrap onto a second line in a sidebar of the usual width."));
            }
            lines.add(new StatusChanged(ConversationStatus.INTERRUPTED, StatusCause.USER_ABORTED, "Aborted by the user"));
            append(workspace, "Write forty lines", lines.toArray(ConversationEvent[]::new));
            append(workspace, "Name a cat", new MessageRecorded(0, ADA.agentId(), "Ada", "Mochi",
                            new Usage(120, 3, 2400, "llama3.2")),
                    new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, ""));
            append(workspace, "Plan a weekend in Lisbon", new MessageRecorded(0, ADA.agentId(), "Ada", MARKDOWN),
                    new StatusChanged(ConversationStatus.INTERRUPTED, StatusCause.USER_ABORTED, "Aborted by the user"));
        }
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        shell = new ShellViewModel(dir, Wiring::openWorkspace, FxExecutor.platform(), new WorkspaceOptions(2000));
        ShellOnStage.show(stage, shell, 1200, 760);
    }

    private static void append(Workspace workspace, String task, ConversationEvent... events) throws InterruptedException {
        List<ConversationEvent> all = new java.util.ArrayList<>();
        all.add(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BRUNO), task, 4));
        all.addAll(List.of(events));
        ConversationId id = ConversationId.random();
        workspace.store().append(workspace.tenant(), id, 0, all);
        // The next one is newer: its events are stamped after these.
        java.time.Instant stamped = workspace.store().state(workspace.tenant(), id).orElseThrow().updatedAt();
        org.awaitility.Awaitility.await().until(() -> java.time.Instant.now().isAfter(stamped));
    }

    private static List<Node> ancestors(Node node) {
        List<Node> all = new java.util.ArrayList<>();
        for (Node parent = node.getParent(); parent != null; parent = parent.getParent()) {
            all.add(parent);
        }
        return all;
    }

    @AfterEach
    void close() {
        shell.close();
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get(5, TimeUnit.SECONDS);
    }

    private ListView<ConversationRow> list(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup("#conversation-list").tryQuery().isPresent());
        ListView<ConversationRow> list = robot.lookup("#conversation-list").queryListView();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> list.getItems().size() == 3);
        // The rows are drawn on a later pulse than the items arrive: wait until all can be clicked.
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".row-title").queryAll().size() == 3);
        // And until the list has settled: a lookup by text walks the scene from this thread, and a row cell
        // the list is still re-laying out can leave the scene under it.
        WaitForAsyncUtils.waitForFxEvents();
        return list;
    }

    /** {@code row} as after its conversation moved on just now (a turn taken elsewhere, say). */
    private static ConversationRow movedOnNow(ConversationRow row) {
        return new ConversationRow(row.id(), row.title(), row.status(), row.statusReason(), row.statusCause(),
                row.kind(), row.participants(), row.turnCount(), row.maxTurns(), java.time.Instant.now(),
                row.withYou(), row.entryAgent(), row.resumable(), row.agentCount(), row.endRecorded(), row.drivenBy(),
                row.marks(), row.version() + 1);
    }

    @Test
    void theRowsHoldStillUnderThePointerAndAClickOpensWhatWasUnderIt(FxRobot robot) throws Exception {
        ListView<ConversationRow> list = list(robot);
        assertThat(list.getItems()).extracting(ConversationRow::title)
                .containsExactly("Plan a weekend in Lisbon", "Name a cat", "Write forty lines");
        robot.moveTo("Plan a weekend in Lisbon");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, list::isHover);

        // The oldest conversation moves on while the user aims at the first row.
        SidebarViewModel sidebar = shell.sidebarProperty().get();
        ConversationRow oldest = onFx(() -> list.getItems().getLast());
        robot.interact(() -> sidebar.upsert(movedOnNow(oldest)));
        assertThat(list.getItems()).as("nothing moves under the pointer").extracting(ConversationRow::title)
                .containsExactly("Plan a weekend in Lisbon", "Name a cat", "Write forty lines");
        robot.clickOn(javafx.scene.input.MouseButton.PRIMARY);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(sidebar.selectedProperty().get().title()).as("the click opened what was under it")
                .isEqualTo("Plan a weekend in Lisbon");

        // Once the pointer has left (and a moment after), the list is newest first again.
        robot.moveTo("#canvas");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> onFx(() -> list.getItems().getFirst().title())
                .equals("Write forty lines"));
        assertThat(sidebar.selectedProperty().get().title()).as("still the one clicked")
                .isEqualTo("Plan a weekend in Lisbon");
    }

    @Test
    void listsConversationsAndShowsTheSelectedOneAsMarkdownWithACopyButton(FxRobot robot) throws Exception {
        ListView<ConversationRow> list = list(robot);
        assertThat(list.getItems()).extracting(ConversationRow::title)
                .containsExactly("Plan a weekend in Lisbon", "Name a cat", "Write forty lines");

        robot.clickOn("Plan a weekend in Lisbon");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".md-code-block").tryQuery().isPresent());

        assertThat(robot.lookup("#detail-turns").queryLabeled().getText()).isEqualTo("Turn 1 / 4");
        assertThat(robot.lookup("#detail-status").queryLabeled().getText()).isEqualTo("Interrupted");
        assertThat(robot.lookup(".md-h2").tryQuery()).isPresent();
        assertThat(robot.lookup(".md-strong").queryAll()).extracting(node -> ((Text) node).getText()).contains("agree");
        assertThat(robot.lookup("#message-list").lookup(".md-list-marker").queryAll()).hasSize(2);
        assertThat(robot.lookup("#resume-conversation").query().isVisible()).isTrue();
        assertThat(robot.lookup("#abort-conversation").query().isVisible()).isFalse();

        robot.clickOn(".md-copy");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get())
                .isEqualTo("budget = 500");
        assertThat(robot.lookup(".md-copy").queryAs(Labeled.class).getText()).isEqualTo("Copied");
    }

    @Test
    void selectTextOpensTheWholeMessageToPickWordsFromAndCopy(FxRobot robot) throws Exception {
        list(robot);
        robot.clickOn("Plan a weekend in Lisbon");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".md-h2").tryQuery().isPresent());

        // Headless Monocle sends no context-menu request for a right click: the menu's item is fired instead.
        javafx.scene.Node heading = robot.lookup(".md-h2").query();
        javafx.scene.control.ListCell<?> cell = null;
        for (javafx.scene.Node node = heading; node != null && cell == null; node = node.getParent()) {
            if (node instanceof javafx.scene.control.ListCell<?> found) {
                cell = found;
            }
        }
        assertThat(cell).isNotNull();
        javafx.scene.control.MenuItem select = cell.getContextMenu().getItems().stream()
                .filter(item -> "Show as Markdown…".equals(item.getText())).findFirst().orElseThrow();
        robot.interact(select::fire);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#text-window-text").tryQuery().isPresent());

        javafx.scene.control.TextArea text = robot.lookup("#text-window-text").query();
        assertThat(text.getText()).isEqualTo(MARKDOWN);
        assertThat(text.isEditable()).isFalse();
        robot.clickOn("Copy all");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get()).isEqualTo(MARKDOWN);
        robot.clickOn("Close");
    }

    @Test
    void dragAcrossAMessageSelectsItsTextInPlaceAndCtrlCCopiesIt(FxRobot robot) throws Exception {
        list(robot);
        robot.clickOn("Plan a weekend in Lisbon");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".md-h2").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.text.TextFlow heading = robot.lookup(".md-h2").query();
        javafx.scene.text.TextFlow agree = (javafx.scene.text.TextFlow) robot.lookup(".md-strong").query().getParent();
        javafx.geometry.Bounds from = heading.localToScreen(heading.getLayoutBounds());
        javafx.geometry.Bounds to = agree.localToScreen(agree.getLayoutBounds());

        // From just before "Plan" down to the end of "We agree on:", across two blocks of the message.
        robot.moveTo(new javafx.geometry.Point2D(from.getMinX() + 1, from.getCenterY()))
                .press(javafx.scene.input.MouseButton.PRIMARY)
                .moveTo(new javafx.geometry.Point2D(from.getCenterX(), to.getMinY() + 2))
                .moveTo(new javafx.geometry.Point2D(to.getMaxX() - 2, to.getCenterY()))
                .release(javafx.scene.input.MouseButton.PRIMARY);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup(".md-selection").tryQuery()).as("the selection is marked").isPresent();
        robot.interact(() -> Clipboard.getSystemClipboard().clear());
        robot.press(KeyCode.CONTROL).type(KeyCode.C).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(onFx(() -> Clipboard.getSystemClipboard().getString())).isEqualTo("Plan\nWe agree on:");

        // A double-click takes a word, and a click elsewhere ends the selection: Ctrl+C then copies the message.
        Text word = robot.lookup(".md-strong").query();
        robot.doubleClickOn(word);
        robot.press(KeyCode.CONTROL).type(KeyCode.C).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(onFx(() -> Clipboard.getSystemClipboard().getString())).isEqualTo("agree");
        robot.clickOn(".message-speaker");
        assertThat(robot.lookup(".md-selection").tryQuery()).isEmpty();
        robot.press(KeyCode.CONTROL).type(KeyCode.C).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(onFx(() -> Clipboard.getSystemClipboard().getString())).isEqualTo(MARKDOWN);
    }

    @Test
    void theStatusFilterAndTheSearchBoxNarrowTheList(FxRobot robot) throws Exception {
        ListView<ConversationRow> list = list(robot);
        ComboBox<ConversationStatus> filter = robot.lookup("#status-filter").queryComboBox();

        robot.interact(() -> filter.setValue(ConversationStatus.COMPLETED));
        assertThat(list.getItems()).extracting(ConversationRow::title).containsExactly("Name a cat");
        assertThat(filter.getConverter().toString(ConversationStatus.WAITING)).as("it lists paused ones too")
                .isEqualTo("Waiting for you, or paused");
        robot.interact(() -> filter.setValue(null));

        robot.clickOn("#conversation-search").write("lisbon");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(list.getItems()).extracting(ConversationRow::title).containsExactly("Plan a weekend in Lisbon");

        // Down goes from the search into its results and shows the first; Escape in the search clears it.
        robot.type(KeyCode.DOWN);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS,
                () -> "Plan a weekend in Lisbon".equals(robot.lookup("#detail-title").queryLabeled().getText()));
        assertThat(list.isFocused()).isTrue();
        assertThat(((Stage) list.getScene().getWindow()).getTitle()).as("the window named after what it shows")
                .isEqualTo("Plan a weekend in Lisbon — Workshop");
        robot.clickOn("#conversation-search").type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#conversation-search").queryAs(javafx.scene.control.TextField.class).getText()).isEmpty();
        assertThat(list.getItems()).hasSize(3);
    }

    @Test
    void aReplyShowsItsTokensAndTimeAndTheTurnCounterTheConversationsTotals(FxRobot robot) throws Exception {
        list(robot);
        robot.clickOn("Name a cat");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#message-list .message-usage").tryQuery()
                .isPresent());
        String seconds = UsageText.here().seconds(2400);

        assertThat(robot.lookup("#message-list .message-usage").queryLabeled().getText())
                .isEqualTo("3 tokens · " + seconds);
        assertThat(robot.lookup("#message-list .message-usage").queryLabeled().getTooltip().getText())
                .endsWith("\nModel: llama3.2\nTokens: 120 in the prompt, 3 in the reply\nAnswered in " + seconds
                        + " (1 tokens/s)");
        assertThat(robot.lookup("#detail-turns").queryLabeled().getTooltip().getText())
                .isEqualTo("1 reply · 120 tokens in, 3 out · " + seconds + " answering\nModel: llama3.2");

        robot.clickOn("Write forty lines");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS,
                () -> "Write forty lines".equals(robot.lookup("#detail-title").queryLabeled().getText()));
        assertThat(robot.lookup("#message-list .message-usage").tryQuery()).as("no cost recorded, none shown").isEmpty();
        assertThat(robot.lookup("#detail-turns").queryLabeled().getTooltip()).isNull();
    }

    @Test
    void startAgainOffersANewConversationWithItsAgentsTaskAndTurnsPlacingTheAgentsOnTheCanvas(FxRobot robot)
            throws Exception {
        ListView<ConversationRow> list = list(robot);
        robot.clickOn("Name a cat");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS,
                () -> "Name a cat".equals(robot.lookup("#detail-title").queryLabeled().getText()));
        assertThat(robot.lookup(".agent").queryAll()).as("nobody on the canvas yet").isEmpty();
        javafx.scene.control.ContextMenu menu = list.getContextMenu();
        javafx.scene.control.MenuItem again = menu.getItems().stream()
                .filter(candidate -> "start-again-menu-item".equals(candidate.getId())).findFirst().orElseThrow();

        robot.interact(() -> menu.show(list, javafx.geometry.Side.BOTTOM, 0, 0));
        assertThat(again.isDisable()).isFalse();
        robot.interact(() -> {
            menu.hide();
            again.fire();
        });

        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS,
                () -> robot.lookup("#start-conversation-dialog").tryQuery().isPresent());
        assertThat(robot.lookup("#task-prompt").queryAs(javafx.scene.control.TextArea.class).getText())
                .isEqualTo("Name a cat");
        assertThat(robot.lookup("#max-turns").queryAs(javafx.scene.control.Spinner.class).getValue()).isEqualTo(4);
        assertThat(robot.lookup("#participant-Ada").queryAs(javafx.scene.control.CheckBox.class).isSelected()).isTrue();
        assertThat(robot.lookup("#participant-Bruno").queryAs(javafx.scene.control.CheckBox.class).isSelected())
                .isTrue();
        assertThat(robot.lookup("#participant-you").queryAs(javafx.scene.control.CheckBox.class).isSelected())
                .isFalse();
        assertThat(robot.lookup(".agent").queryAll()).as("its agents placed to talk").hasSize(2);
        robot.clickOn("Start");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> list.getItems().size() == 4);
        assertThat(list.getItems()).filteredOn(row -> row.title().equals("Name a cat")).hasSize(2);
    }

    @Test
    void theRowMenuExportsTheConversationShownAndOnlyThatOne(FxRobot robot) throws Exception {
        ListView<ConversationRow> list = list(robot);
        robot.clickOn("Name a cat");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS,
                () -> "Name a cat".equals(robot.lookup("#detail-title").queryLabeled().getText()));
        javafx.scene.control.ContextMenu menu = list.getContextMenu();
        java.util.function.Function<String, javafx.scene.control.MenuItem> item = id -> menu.getItems().stream()
                .filter(candidate -> id.equals(candidate.getId())).findFirst().orElseThrow();

        robot.interact(() -> menu.show(list, javafx.geometry.Side.BOTTOM, 0, 0));
        assertThat(item.apply("export-markdown-menu-item").isDisable()).isFalse();
        assertThat(item.apply("export-json-menu-item").isDisable()).isFalse();
        robot.interact(menu::hide);

        robot.press(KeyCode.CONTROL).clickOn("Write forty lines").release(KeyCode.CONTROL);
        robot.interact(() -> menu.show(list, javafx.geometry.Side.BOTTOM, 0, 0));
        assertThat(item.apply("export-markdown-menu-item").isDisable()).as("two picked: Export all says so instead")
                .isTrue();
        assertThat(item.apply("export-all-menu-item").getText()).isEqualTo("Export these 2 conversations…");
        robot.interact(menu::hide);
    }

    /** Ada and you on "Name a dog", shown in the sidebar once it waits for your message. */
    private ConversationId waitingForYou(FxRobot robot) throws Exception {
        list(robot);
        Workspace workspace = shell.workspace().orElseThrow();
        ConversationId id = workspace.engine().startConversation(List.of(ADA.agentId(), Participant.HUMAN),
                "Name a dog", OptionalInt.of(4));
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS,
                () -> workspace.engine().state(id).orElseThrow().status() == ConversationStatus.WAITING);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS,
                () -> "Waiting for you".equals(robot.lookup("#detail-status").queryLabeled().getText()));
        return id;
    }

    @Test
    void aNarrowSidebarKeepsEveryButtonOfTheStatusRowInsideIt(FxRobot robot) throws Exception {
        Workspace workspace = shell.workspace().orElseThrow();
        ConversationId id = waitingForYou(robot);
        javafx.scene.Node sidebar = robot.lookup("#sidebar").query();
        javafx.scene.control.SplitPane outer = robot.lookup(".split-pane")
                .match(node -> ((javafx.scene.control.SplitPane) node).getItems().contains(sidebar)).query();
        javafx.scene.control.Button abort = robot.lookup("#abort-conversation").queryButton();

        robot.interact(() -> outer.setDividerPositions(0.99));
        WaitForAsyncUtils.waitForFxEvents();
        javafx.geometry.Bounds side = onFx(() -> sidebar.localToScene(sidebar.getLayoutBounds()));
        javafx.scene.Node fresh = robot.lookup("#new-conversation").query();
        javafx.scene.Node title = robot.lookup("#detail-title").query();
        assertThat(onFx(() -> fresh.localToScene(fresh.getLayoutBounds()).getMaxX())).as("New conversation in view")
                .isLessThanOrEqualTo(side.getMaxX());
        assertThat(onFx(() -> title.localToScene(title.getLayoutBounds()).getMinX())).as("nothing pushed out to the left")
                .isGreaterThanOrEqualTo(side.getMinX());
        javafx.scene.control.TextField search = robot.lookup("#conversation-search").query();
        double hint = onFx(() -> {
            javafx.scene.text.Text text = new javafx.scene.text.Text(search.getPromptText());
            text.setFont(search.getFont());
            return text.getLayoutBounds().getWidth();
        });
        assertThat(search.getWidth()).as("the search keeps room for its whole hint").isGreaterThan(hint);
        javafx.scene.Node deleted = robot.lookup("#recently-deleted-button").query();
        assertThat(onFx(() -> deleted.localToScene(deleted.getLayoutBounds()).getMaxX()))
                .as("the filter gives way, not the buttons beside it").isLessThanOrEqualTo(side.getMaxX());
        assertThat(abort.getContentDisplay()).as("Abort keeps its icon and tooltip, not its word")
                .isEqualTo(javafx.scene.control.ContentDisplay.GRAPHIC_ONLY);
        assertThat(abort.isVisible()).isTrue();

        robot.interact(() -> outer.setDividerPositions(0.4));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(abort.getContentDisplay()).as("its word back where there is room")
                .isEqualTo(javafx.scene.control.ContentDisplay.LEFT);
        workspace.engine().abort(id, dev.workshop.orchestration.AbortOutcome.COMPLETE);
    }

    @Test
    void onYourTurnTheComposerTakesYourMessageAndTheAgentsGoOn(FxRobot robot) throws Exception {
        Workspace workspace = shell.workspace().orElseThrow();
        ConversationId id = waitingForYou(robot);
        javafx.scene.control.TextArea composer = robot.lookup("#composer").query();
        assertThat(composer.isDisabled()).isFalse();
        assertThat(composer.getPromptText()).startsWith("Your turn");
        // The row's marker takes the theme's purple (a colour that must resolve: an unresolved one falls back to black).
        // The style class can be there a pulse before the stylesheet has been applied to it, hence the wait.
        javafx.scene.paint.Color purple = javafx.scene.paint.Color.web("#9a42c8");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup(".status-waiting").tryQuery()
                .map(marker -> purple.equals(((Labeled) marker).getTextFill())).orElse(false));
        assertThat(((Labeled) robot.lookup(".status-waiting").query()).getTextFill()).isEqualTo(purple);

        robot.clickOn(composer).write("Call him Biscuit.");
        robot.press(javafx.scene.input.KeyCode.CONTROL).press(javafx.scene.input.KeyCode.ENTER)
                .release(javafx.scene.input.KeyCode.ENTER).release(javafx.scene.input.KeyCode.CONTROL);

        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> workspace.engine().state(id).orElseThrow().turnCount() >= 3);
        // Read on the FX thread: the list changes there while the agents go on.
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> robot
                .lookup("#message-list").queryListView().getItems().stream()
                .anyMatch(item -> ((MessageItem) item).content().equals("Call him Biscuit."))).get());
        assertThat(composer.getText()).isEmpty();
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS,
                () -> workspace.engine().state(id).orElseThrow().status() == ConversationStatus.WAITING);
        assertThat(workspace.engine().state(id).orElseThrow().turnCount()).isEqualTo(3);
    }

    @Test
    void aRestoredConversationSaysSoAndResumeTakesItOnWithTheNextSpeaker(FxRobot robot) throws Exception {
        ListView<ConversationRow> list = list(robot);
        Workspace workspace = shell.workspace().orElseThrow();
        ConversationId id = idOf(list, "Plan a weekend in Lisbon");
        workspace.engine().restore(id);
        // The list redraws the restored row: click the new cell, once it is there.
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> list.getItems().stream()
                .anyMatch(row -> row.id().equals(id) && row.status() == ConversationStatus.WAITING));
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".row-title")
                .match(node -> node.getScene() != null && "Plan a weekend in Lisbon".equals(((Labeled) node).getText()))
                .tryQuery().isPresent());
        robot.clickOn(robot.lookup(".row-title").match(node -> node.getScene() != null
                && "Plan a weekend in Lisbon".equals(((Labeled) node).getText())).<javafx.scene.Node>query());
        // Paused on an agent's turn: it waits for Resume (or a new round), not for the user's turn.
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> "Paused".equals(robot.lookup("#detail-status").queryLabeled().getText()));
        assertThat(robot.lookup("#detail-reason").queryLabeled().getText())
                .isEqualTo("Restored; nothing runs until you continue it");
        assertThat(robot.lookup("#detail-reason").queryLabeled().getTooltip().getText())
                .as("a narrow sidebar cuts the reason short; its tooltip has all of it")
                .isEqualTo("Restored; nothing runs until you continue it");
        assertThat(robot.lookup("#resume-conversation").query().isVisible()).isTrue();
        javafx.scene.control.TextArea composer = robot.lookup("#composer").query();
        assertThat(composer.isDisabled()).isFalse();
        assertThat(composer.getPromptText()).startsWith("Write a new round, or Resume");
        assertThat(workspace.engine().isRunning(id)).isFalse();

        robot.clickOn("#resume-conversation");

        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> robot.lookup("#message-list").queryListView().getItems()
                .stream().anyMatch(item -> ((MessageItem) item).speakerName().equals("Bruno")));
        assertThat(((MessageItem) robot.lookup("#message-list").queryListView().getItems().get(1)).turnIndex()).isEqualTo(1);
        workspace.engine().abort(id, dev.workshop.orchestration.AbortOutcome.COMPLETE);
    }

    @Test
    void forkFromHereStartsANewConversationFromThatMessageAndShowsIt(FxRobot robot) throws Exception {
        ListView<ConversationRow> list = list(robot);
        robot.clickOn("Name a cat");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#message-list .message").tryQuery().isPresent());
        javafx.scene.control.ListCell<?> cell = (javafx.scene.control.ListCell<?>) robot.lookup("#message-list .message")
                .query().getParent();
        javafx.scene.control.ContextMenu menu = cell.getContextMenu();
        // Monocle sends no context-menu event for a right click: the menu is shown as the cell would show it.
        robot.interact(() -> menu.show(cell, javafx.geometry.Side.BOTTOM, 0, 0));
        robot.clickOn("Fork from here");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> list.getItems().size() == 4);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS,
                () -> "Name a cat (fork at turn 1)".equals(robot.lookup("#detail-title").queryLabeled().getText()));
        assertThat(list.getItems().getFirst().title()).as("newest first").isEqualTo("Name a cat (fork at turn 1)");
        assertThat(robot.lookup("#message-list").queryListView().getItems()).hasSize(1);
        assertThat(robot.lookup("#status-notice").queryLabeled().getText())
                .isEqualTo("Forked \u201cName a cat\u201d at turn 1; Resume or write to go on");
        assertThat(robot.lookup("#resume-conversation").query().isVisible()).isTrue();

        // Paused, with Abort and Resume both shown: at the narrowest no button leaves the sidebar.
        javafx.scene.Node sidebar = robot.lookup("#sidebar").query();
        javafx.scene.control.SplitPane outer = robot.lookup(".split-pane")
                .match(node -> ((javafx.scene.control.SplitPane) node).getItems().contains(sidebar)).query();
        robot.interact(() -> outer.setDividerPositions(0.99));
        WaitForAsyncUtils.waitForFxEvents();
        javafx.geometry.Bounds side = onFx(() -> sidebar.localToScene(sidebar.getLayoutBounds()));
        javafx.scene.Node fresh = robot.lookup("#new-conversation").query();
        assertThat(onFx(() -> fresh.localToScene(fresh.getLayoutBounds()).getMaxX())).as("New conversation in view")
                .isLessThanOrEqualTo(side.getMaxX());
        javafx.scene.control.Label status = robot.lookup("#detail-status").queryAs(javafx.scene.control.Label.class);
        assertThat(status.getText()).as("it waits for Resume, not for the user's turn").isEqualTo("Paused");
        assertThat(status.getTooltip().getText()).startsWith("Paused: Forked;");

        // Under its title, where it came from: a link back to that message in the source.
        robot.interact(() -> outer.setDividerPositions(0.4));
        javafx.scene.control.Hyperlink origin = robot.lookup("#fork-origin").queryAs(javafx.scene.control.Hyperlink.class);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, origin::isVisible);
        assertThat(origin.getText()).isEqualTo("Forked at turn 1 of \u201cName a cat\u201d");
        robot.clickOn(origin);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS,
                () -> "Name a cat".equals(robot.lookup("#detail-title").queryLabeled().getText()));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !robot.lookup("#history-loading").query().isVisible());
        assertThat(robot.lookup("#message-list").queryListView().getSelectionModel().getSelectedIndex())
                .as("the message it was forked at").isZero();
        assertThat(origin.isVisible()).as("the source is no fork").isFalse();
    }

    @Test
    void aFollowUpOnAnEndedConversationShowsTheTwoPanes(FxRobot robot) throws Exception {
        list(robot);
        robot.clickOn("Name a cat");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> "Completed".equals(robot.lookup("#detail-status")
                .queryLabeled().getText()));
        javafx.scene.control.TextArea composer = robot.lookup("#composer").query();
        assertThat(composer.isDisabled()).isFalse();
        assertThat(composer.getPromptText()).startsWith("Follow up");
        assertThat(robot.lookup("#dual-pane").query().isVisible()).isFalse();

        robot.clickOn(composer).write("And a middle name?");
        robot.clickOn("#send-message");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#dual-pane").query().isVisible());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> robot
                .lookup("#conversation-pane").queryListView().getItems().stream()
                .anyMatch(item -> ((MessageItem) item).content().equals("And a middle name?"))).get());
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS,
                () -> robot.lookup("#collaboration-pane").queryListView().getItems().size() >= 1);
        assertThat(robot.lookup("#collaboration-pane").queryListView().getItems())
                .allSatisfy(item -> assertThat(((MessageItem) item).speakerName()).isNotEqualTo("You"));
        // The two panes take room from the list while they show; the list's own share comes back after.
        SidebarView sidebar = robot.lookup("#sidebar").queryAs(SidebarView.class);
        assertThat(sidebar.getDividerPositions()[0]).isCloseTo(SidebarView.LIST_SHARE_WHILE_DUAL,
                org.assertj.core.data.Offset.offset(0.01));
        assertThat(sidebar.listShare()).as("the share to remember").isCloseTo(0.38, org.assertj.core.data.Offset.offset(0.01));
        ListView<ConversationRow> list = robot.lookup("#conversation-list").queryListView();
        robot.interact(() -> list.getSelectionModel().select(list.getItems().stream()
                .filter(row -> row.title().equals("Write forty lines")).findFirst().orElseThrow()));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !robot.lookup("#dual-pane").query().isVisible());
        assertThat(sidebar.getDividerPositions()[0]).isCloseTo(0.38, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void aRunningConversationStreamsInAndTheAbortButtonStopsIt(FxRobot robot) throws Exception {
        list(robot);
        Workspace workspace = shell.workspace().orElseThrow();
        ConversationId id = workspace.engine().startConversation(List.of(ADA.agentId(), BRUNO.agentId()), "Name a dog",
                OptionalInt.of(10));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#writing").tryQuery()
                .map(Node::isVisible).orElse(false));
        assertThat(robot.lookup("#detail-title").queryLabeled().getText()).isEqualTo("Name a dog");
        assertThat(robot.lookup("#detail-status").queryLabeled().getText()).isEqualTo("Running");

        // The reply being written is a row at the end of the list, and grows there as Markdown as it comes.
        ListView<MessageItem> messages = robot.lookup("#message-list").queryListView();
        assertThat(onFx(() -> messages.getItems().getLast().writing())).isTrue();
        // Looked up again until found: the list may lay the row out anew between two lookups.
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> onFx(() -> robot.lookup("#writing").tryQuery()
                .map(row -> ancestors(row).contains(messages)).orElse(false)));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> onFx(() -> robot.lookup("#writing").tryQuery()
                .map(row -> row.lookupAll(".md-run").stream().anyMatch(run -> !((Text) run).getText().isBlank()))
                .orElse(false)));
        // Once recorded, the row is the message, in the same place; the next speaker's row follows it.
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> onFx(() -> !messages.getItems().isEmpty()
                && !messages.getItems().getFirst().writing()));
        assertThat(onFx(() -> messages.getItems().getFirst())).satisfies(first -> {
            assertThat(first.turnIndex()).isZero();
            assertThat(first.speakerName()).isEqualTo("Ada");
            assertThat(first.content()).isNotBlank();
        });
        assertThat(onFx(() -> messages.getItems().stream().filter(MessageItem::writing).count())).isLessThanOrEqualTo(1);

        robot.clickOn("#abort-conversation");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> workspace.engine().state(id).orElseThrow().status() == ConversationStatus.INTERRUPTED);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#resume-conversation").query().isVisible());
        assertThat(robot.lookup("#detail-status").queryLabeled().getText()).isEqualTo("Interrupted");
    }

    @Test
    void scrollingUpShowsJumpToLatestWhichGoesBackToTheNewestMessage(FxRobot robot) throws Exception {
        list(robot);
        robot.clickOn("Write forty lines");
        ListView<MessageItem> messages = robot.lookup("#message-list").queryListView();
        Node jump = robot.lookup("#jump-to-latest").query();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> messages.getItems().size() == LONG);
        // It opens at the newest message, with nothing to jump to.
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lastShown(messages) == LONG - 1);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(jump.isVisible()).isFalse();

        robot.interact(() -> messages.scrollTo(0));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, jump::isVisible);
        // It lies beside the text being read, never over it.
        WaitForAsyncUtils.waitForFxEvents();
        double textEnds = onFx(() -> messages.lookupAll(".markdown").stream().filter(Node::isVisible)
                .mapToDouble(text -> text.localToScene(text.getLayoutBounds()).getMaxX()).max().orElseThrow());
        assertThat(onFx(() -> jump.localToScene(jump.getLayoutBounds()).getMinX())).isGreaterThan(textEnds);

        robot.clickOn("#jump-to-latest");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lastShown(messages) == LONG - 1 && !jump.isVisible());
    }

    @Test
    void aMessageRevealedFromTheCanvasIsSelectedAndScrolledIntoView(FxRobot robot) throws Exception {
        ListView<ConversationRow> list = list(robot);
        SidebarViewModel sidebar = shell.sidebarProperty().get();
        Workspace workspace = shell.workspace().orElseThrow();
        ConversationId poem = idOf(list, "Write forty lines");

        robot.interact(() -> sidebar.reveal(poem, 5));

        ListView<MessageItem> messages = robot.lookup("#message-list").queryListView();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> messages.getItems().size() == LONG);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> messages.getSelectionModel().getSelectedItem() != null
                && messages.getSelectionModel().getSelectedItem().turnIndex() == 5);
        // Still there once the rows are measured (the list would otherwise follow the newest message).
        FxPulses.await(10);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(firstShown(messages)).isLessThanOrEqualTo(5);
        assertThat(lastShown(messages)).isGreaterThanOrEqualTo(5).isLessThan(LONG - 1);
        assertThat(robot.lookup("#jump-to-latest").query().isVisible()).isTrue();
        assertThat(list.getSelectionModel().getSelectedItem().id()).isEqualTo(poem);

        // New messages do not carry the reader away from the message they asked for, even one so near the end
        // that the list would otherwise follow the newest...
        int nearEnd = LONG - 4;
        robot.interact(() -> sidebar.reveal(poem, nearEnd));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS,
                () -> messages.getSelectionModel().getSelectedItem().turnIndex() == nearEnd);
        FxPulses.await(10);
        WaitForAsyncUtils.waitForFxEvents();
        int before = firstShown(messages);
        // As they arrive live: the loop's events, one message each.
        for (int turn = LONG; turn < LONG + 3; turn++) {
            sidebar.onLoopEvent(said(workspace, poem, turn));
        }
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> messages.getItems().size() == LONG + 3);
        FxPulses.await(10);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(firstShown(messages)).isEqualTo(before);
        assertThat(robot.lookup("#jump-to-latest").query().isVisible()).isTrue();
        // ...until they jump to the latest, which follows new ones again.
        robot.clickOn("#jump-to-latest");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lastShown(messages) == LONG + 2);
        sidebar.onLoopEvent(said(workspace, poem, LONG + 3));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lastShown(messages) == LONG + 3);
    }

    /** A message as the engine tells of it once the log took it. */
    private static LoopEvent said(Workspace workspace, ConversationId id, int turn) {
        return dev.workshop.orchestration.Heard.recorded(workspace.store().state(workspace.tenant(), id).orElseThrow(),
                new dev.workshop.domain.conversation.ConversationEvent.MessageRecorded(turn, ADA.agentId(), "Ada",
                        "Line " + (turn + 1) + ", added as it is said."));
    }

    @Test
    void f2RenamesTheConversationInPlaceAndEscapeLeavesItAsItWas(FxRobot robot) throws Exception {
        ListView<ConversationRow> list = list(robot);
        Workspace workspace = shell.workspace().orElseThrow();
        ConversationId id = idOf(list, "Name a cat");
        robot.clickOn("Name a cat");
        robot.type(KeyCode.F2);
        javafx.scene.control.TextField editor = robot.lookup("#title-editor").query();
        assertThat(editor.isVisible()).isTrue();
        assertThat(editor.getSelectedText()).as("the old title is selected, so typing replaces it").isEqualTo("Name a cat");

        robot.write("Cat names").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> list.getItems().stream()
                .anyMatch(row -> row.id().equals(id) && row.title().equals("Cat names")));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(editor.isVisible()).isFalse();
        assertThat(robot.lookup("#detail-title").queryLabeled().getText()).isEqualTo("Cat names");
        assertThat(((Stage) list.getScene().getWindow()).getTitle()).isEqualTo("Cat names — Workshop");
        assertThat(workspace.engine().state(id).orElseThrow().customTitle()).isEqualTo("Cat names");
        assertThat(list.getItems()).extracting(ConversationRow::title).as("a rename does not move the row")
                .containsExactly("Plan a weekend in Lisbon", "Cat names", "Write forty lines");

        robot.doubleClickOn("#detail-title");
        assertThat(editor.isVisible()).isTrue();
        robot.write("Something else").type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(editor.isVisible()).isFalse();
        // A rename after it is the mark to wait for: had Esc kept "Something else", the history would hold it.
        robot.doubleClickOn("#detail-title");
        robot.write("Cat names, again").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> "Cat names, again".equals(workspace.engine().state(id).orElseThrow().customTitle()));
        assertThat(workspace.engine().history(id)).extracting(recorded -> recorded.event())
                .filteredOn(ConversationEvent.Renamed.class::isInstance)
                .extracting(event -> ((ConversationEvent.Renamed) event).title())
                .containsExactly("Cat names", "Cat names, again");
    }

    @Test
    void deleteAsksFirstThenRemovesEveryPickedConversationAndUndoBringsThemBack(FxRobot robot) throws Exception {
        ListView<ConversationRow> list = list(robot);
        Workspace workspace = shell.workspace().orElseThrow();
        robot.clickOn("Name a cat");
        robot.press(KeyCode.CONTROL).clickOn("Plan a weekend in Lisbon").release(KeyCode.CONTROL);
        assertThat(list.getSelectionModel().getSelectedItems()).extracting(ConversationRow::title)
                .containsExactlyInAnyOrder("Name a cat", "Plan a weekend in Lisbon");

        robot.type(KeyCode.DELETE);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#confirm-delete").tryQuery().isPresent());
        javafx.scene.control.DialogPane dialog = robot.lookup("#confirm-delete").query();
        assertThat(dialog.getHeaderText()).isEqualTo("Delete 2 conversations?");
        assertThat(dialog.getContentText()).isEqualTo("They leave the list, also after a restart; Undo brings them back just after, Recently deleted (the bin above the list) later.");
        robot.type(KeyCode.ENTER); // Cancel is the default answer
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(list.getItems()).hasSize(3);

        robot.clickOn(list).type(KeyCode.DELETE);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#confirm-delete").tryQuery().isPresent());
        robot.clickOn(robot.lookup("#confirm-delete").lookup(".button").match(node ->
                "Delete".equals(((Labeled) node).getText())).<javafx.scene.Node>query());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> list.getItems().size() == 1);
        assertThat(list.getItems()).extracting(ConversationRow::title).containsExactly("Write forty lines");
        assertThat(workspace.engine().conversations()).extracting(state -> state.title())
                .containsExactly("Write forty lines");

        // Undo, offered above the list, brings them back; Ctrl+Z in the list does the same.
        assertThat(robot.lookup("#undo-delete-text").queryLabeled().getText()).isEqualTo("Deleted 2 conversations");
        robot.clickOn("#undo-delete");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> list.getItems().size() == 3);
        assertThat(robot.lookup("#undo-delete-bar").query().isVisible()).isFalse();
        robot.clickOn("Name a cat").type(KeyCode.DELETE);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#confirm-delete").tryQuery().isPresent());
        robot.clickOn(robot.lookup("#confirm-delete").lookup(".button").match(node ->
                "Delete".equals(((Labeled) node).getText())).<javafx.scene.Node>query());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> list.getItems().size() == 2);
        robot.clickOn(list).press(KeyCode.CONTROL).type(KeyCode.Z).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> list.getItems().size() == 3);
    }

    @Test
    void eachConversationKeepsItsOwnUnsentTextWhenTheUserSwitchesAway(FxRobot robot) throws Exception {
        ListView<ConversationRow> list = list(robot);
        Workspace workspace = shell.workspace().orElseThrow();
        javafx.scene.control.TextArea composer = robot.lookup("#composer").query();
        robot.clickOn("Name a cat");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !composer.isDisabled());
        robot.clickOn(composer).write("Call him Biscuit");

        robot.clickOn("Write forty lines");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(composer.getText()).as("not carried over to another conversation").isEmpty();

        robot.clickOn("Name a cat");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(composer.getText()).isEqualTo("Call him Biscuit");
        assertThat(workspace.drafts().of(idOf(list, "Name a cat"))).isEqualTo("Call him Biscuit");
    }

    @Test
    void aRowThatChangesKeepsItsNodesSoItNeverShowsBlankForAFrame(FxRobot robot) throws Exception {
        ListView<ConversationRow> list = list(robot);
        Workspace workspace = shell.workspace().orElseThrow();
        javafx.scene.control.Labeled title = robot.lookup(".row-title").match(node ->
                "Name a cat".equals(((javafx.scene.control.Labeled) node).getText())).query();

        workspace.engine().rename(idOf(list, "Name a cat"), "Cat names");

        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> "Cat names".equals(title.getText()));
        assertThat(title.getScene()).as("the same label, still shown, with the new text").isNotNull();
        assertThat(title.getSkin()).isNotNull();
    }

    @Test
    void holdParksAConversationInGitAndOpenHeldSessionBringsItBack(FxRobot robot) throws Exception {
        ListView<ConversationRow> list = list(robot);
        Workspace workspace = shell.workspace().orElseThrow();
        robot.clickOn("Name a cat");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#export-conversation").tryQuery()
                .filter(Node::isVisible).isPresent());
        robot.clickOn("#export-conversation");
        robot.clickOn("Hold in git…");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#hold-dialog").tryQuery().isPresent());
        robot.clickOn("#hold-message").write("For Monday");
        robot.clickOn("#hold-confirm");

        ConversationId id = list.getItems().stream().filter(row -> row.title().equals("Name a cat")).findFirst()
                .orElseThrow().id();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> list.getItems().stream()
                .anyMatch(row -> row.id().equals(id) && row.status() == ConversationStatus.HELD));
        assertThat(workspace.engine().state(id).orElseThrow().status()).isEqualTo(ConversationStatus.HELD);
        // The row turns held as the log takes the mark; the conversation shown follows once the hold is done.
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#reinflate-conversation").query().isVisible()
                && robot.lookup("#composer").<javafx.scene.control.TextInputControl>query().getPromptText()
                        .startsWith("Held in git"));
        assertThat(workspace.holds().held(dev.workshop.orchestration.SessionLocation.DEFAULT))
                .singleElement().satisfies(entry -> assertThat(entry.title()).isEqualTo("Name a cat"));

        robot.clickOn("#open-held-button");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#held-list").tryQuery().isPresent()
                && !robot.lookup("#held-list").queryListView().getItems().isEmpty());
        ListView<dev.workshop.orchestration.HeldEntry> held = robot.lookup("#held-list").queryListView();
        assertThat(held.getItems()).extracting(dev.workshop.orchestration.HeldEntry::title).containsExactly("Name a cat");
        robot.clickOn("#reinflate-button");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#held-sessions").tryQuery().isEmpty());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> list.getItems().stream()
                .anyMatch(row -> row.id().equals(id) && row.status() == ConversationStatus.COMPLETED));
        assertThat(workspace.engine().state(id).orElseThrow().status()).isEqualTo(ConversationStatus.COMPLETED);
    }

    @Test
    void recentlyDeletedBringsAConversationBackLongAfterUndoAndShowsIt(FxRobot robot) throws Exception {
        ListView<ConversationRow> list = list(robot);
        Workspace workspace = shell.workspace().orElseThrow();
        robot.clickOn("Name a cat").type(KeyCode.DELETE);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#confirm-delete").tryQuery().isPresent());
        robot.clickOn(robot.lookup("#confirm-delete").lookup(".button").match(node ->
                "Delete".equals(((Labeled) node).getText())).<javafx.scene.Node>query());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> list.getItems().size() == 2);
        robot.clickOn("Write forty lines");
        // A search hides what comes back.
        robot.interact(() -> robot.lookup("#conversation-search").<TextField>query().setText("Lisbon"));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> list.getItems().size() == 1);

        robot.clickOn("#recently-deleted-button");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#deleted-list").tryQuery().isPresent()
                && !robot.lookup("#deleted-list").queryListView().getItems().isEmpty());
        ListView<DeletedConversation> deleted = robot.lookup("#deleted-list").queryListView();
        assertThat(deleted.getItems()).extracting(item -> item.state().title()).containsExactly("Name a cat");
        assertThat(deleted.getSelectionModel().getSelectedItems()).hasSize(1);
        robot.clickOn("#bring-back");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> list.getItems().size() == 3);
        assertThat(robot.lookup("#recently-deleted").tryQuery()).as("the window closed").isEmpty();
        assertThat(workspace.engine().deletedConversations()).isEmpty();
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> list.getSelectionModel().getSelectedItem() != null
                && list.getSelectionModel().getSelectedItem().title().equals("Name a cat"));
        assertThat(robot.lookup("#conversation-search").<TextField>query().getText()).as("the search was cleared")
                .isEmpty();

        robot.clickOn("#recently-deleted-button");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#deleted-list").tryQuery().isPresent()
                && ((Labeled) robot.lookup("#deleted-list").queryListView().getPlaceholder()).getText()
                        .startsWith("Nothing is deleted"));
        assertThat(robot.lookup("#bring-back").queryButton().isDisabled()).isTrue();
        robot.type(KeyCode.ESCAPE);
    }

    @Test
    void ctrlFFindsInTheConversationAndStepsThroughTheMatches(FxRobot robot) throws Exception {
        ListView<ConversationRow> list = list(robot);
        robot.clickOn("Write forty lines");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#message-list").queryListView()
                .getItems().size() == LONG);
        ListView<MessageItem> messages = robot.lookup("#message-list").queryListView();
        robot.press(KeyCode.CONTROL).type(KeyCode.F).release(KeyCode.CONTROL);
        assertThat(robot.lookup("#find-bar").query().isVisible()).isTrue();

        robot.write("line 3 ");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#find-count").queryLabeled().getText()).isEqualTo("1 of 1");
        robot.type(KeyCode.BACK_SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        // "Line 3" and "Line 30" to "Line 39": the first is shown and selected.
        assertThat(robot.lookup("#find-count").queryLabeled().getText()).isEqualTo("1 of 11");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> messages.getSelectionModel().getSelectedItem() != null
                && messages.getSelectionModel().getSelectedItem().turnIndex() == 2);
        // What was found is marked inside the messages, as written ("Line 3"), not only the message selected.
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !robot.lookup("#message-list .md-find").queryAll().isEmpty());
        assertThat(robot.lookup("#message-list .md-find").queryAll()).extracting(node -> ((Text) node).getText())
                .allMatch("Line 3"::equals);

        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> messages.getSelectionModel().getSelectedItem().turnIndex() == 29);
        assertThat(robot.lookup("#find-count").queryLabeled().getText()).isEqualTo("2 of 11");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> firstShown(messages) <= 29 && lastShown(messages) >= 29);
        robot.press(KeyCode.SHIFT).type(KeyCode.ENTER).type(KeyCode.ENTER).release(KeyCode.SHIFT);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> messages.getSelectionModel().getSelectedItem().turnIndex() == 38);
        assertThat(robot.lookup("#find-count").queryLabeled().getText()).as("round the end").isEqualTo("11 of 11");

        robot.write("x");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#find-count").queryLabeled().getText()).isEqualTo("No matches");
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#find-bar").query().isVisible()).isFalse();
        assertThat(robot.lookup("#message-list .md-find").queryAll()).as("no marks once the bar is closed").isEmpty();
    }

    private static ConversationId idOf(ListView<ConversationRow> list, String title) {
        return list.getItems().stream().filter(row -> row.title().equals(title)).findFirst().orElseThrow().id();
    }

    private static int lastShown(ListView<MessageItem> list) {
        VirtualFlow<?> flow = (VirtualFlow<?>) list.lookup(".virtual-flow");
        return flow.getLastVisibleCell() == null ? -1 : flow.getLastVisibleCell().getIndex();
    }

    private static int firstShown(ListView<MessageItem> list) {
        VirtualFlow<?> flow = (VirtualFlow<?>) list.lookup(".virtual-flow");
        return flow.getFirstVisibleCell() == null ? -1 : flow.getFirstVisibleCell().getIndex();
    }
}
