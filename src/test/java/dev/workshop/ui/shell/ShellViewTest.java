package dev.workshop.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.workshop.Wiring;
import dev.workshop.domain.canvas.Bounds;
import dev.workshop.domain.canvas.SceneSettings;
import dev.workshop.domain.canvas.WindowLayout;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.orchestration.Workspace;
import dev.workshop.store.Conversations;
import dev.workshop.ui.fx.FxExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The real window, headless: title, canvas area and a status bar that reports the opened data directory. */
@dev.workshop.testing.Slow
@org.junit.jupiter.api.extension.ExtendWith(ApplicationExtension.class)
class ShellViewTest {
    private Path dir;
    private ShellViewModel viewModel;
    private ShellView view;

    @Start
    void start(Stage stage) throws Exception {
        dir = dev.workshop.testing.ScratchDirs.create("workshop-shell");
        try (Workspace workspace = Wiring.openWorkspace(dir)) {
            workspace.store().append(workspace.tenant(), ConversationId.random(), 0, List.of(Conversations.started(4)));
            workspace.store().append(workspace.tenant(), ConversationId.random(), 0, List.of(Conversations.started(6)));
        }
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        viewModel = new ShellViewModel(dir, Wiring::openWorkspace, FxExecutor.platform());
        stage.setTitle("Workshop");
        view = new ShellView(viewModel);
        view.restoreLayout(new WindowLayout(Bounds.EMPTY, false, 0.4, 0.3));
        stage.setScene(new Scene(view, 1000, 700));
        // The stage is shared by the tests: one that made it small leaves it so unless it fits the scene again.
        stage.sizeToScene();
        stage.show();
        viewModel.open();
    }

    @AfterEach
    void closeWorkspace() {
        viewModel.close();
    }

    @Test
    void showsTheDataDirectoryAndTheNumberOfStoredConversations(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !viewModel.openingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(robot.listWindows()).anySatisfy(window -> assertThat(((Stage) window).getTitle()).isEqualTo("Workshop"));
        assertThat(robot.lookup("#canvas").tryQuery()).isPresent();
        assertThat(robot.lookup("#palette").tryQuery()).isPresent();
        assertThat(robot.lookup("#status-data-directory").queryAs(Label.class).getText()).isEqualTo("Data: " + dir);
        assertThat(robot.lookup("#status-conversation-count").queryAs(Label.class).getText())
                .isEqualTo("2 conversations");
        assertThat(robot.lookup("#status-warning").queryAs(Label.class).isVisible()).isFalse();
    }

    @Test
    void everyButtonThatShowsOnlyAnIconHasANameForAScreenReader(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !viewModel.openingProperty().get());
        // A conversation shown, so that its buttons and the composer's are in the window too.
        // The two conversations resume at launch, and each of their turns redraws the rows: a row looked up a
        // moment before the click may have left the window by then, so the click is tried until one lands.
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> {
            robot.lookup(".row-title").tryQuery().filter(row -> row.getScene() != null).ifPresent(row -> {
                try {
                    robot.clickOn(row);
                } catch (RuntimeException gone) {
                    // Redrawn between the look-up and the click; the next try takes the new row.
                }
            });
            return viewModel.sidebarProperty().get().selectedProperty().get() != null;
        });
        // The find shortcut goes to the sidebar only while it holds the focus; a redraw of the rows under the
        // click may have left it elsewhere, and the find bar is only here to bring its buttons into view.
        robot.interact(() -> robot.lookup("#conversation-list").query().requestFocus());
        shortcut(robot, KeyCode.F);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#find-bar").query().isVisible());

        List<String> unnamed = new java.util.ArrayList<>();
        List<javafx.scene.Node> checked = new java.util.ArrayList<>();
        robot.interact(() -> collectUnnamed(view, unnamed, checked));

        assertThat(checked).as("the buttons looked at").hasSizeGreaterThan(15);
        assertThat(unnamed).as("buttons with an icon and no name").isEmpty();
    }

    /** Every button below {@code node} whose only content is an icon, and no accessible text to say what it does. */
    private static void collectUnnamed(javafx.scene.Node node, List<String> unnamed, List<javafx.scene.Node> checked) {
        if (!node.isVisible()) {
            return; // not in the window, so not read out either
        }
        if (node instanceof javafx.scene.control.ButtonBase || node instanceof javafx.scene.control.MenuButton) {
            javafx.scene.control.Labeled labeled = (javafx.scene.control.Labeled) node;
            checked.add(node);
            boolean iconOnly = labeled.getText() == null || labeled.getText().isBlank();
            if (iconOnly && (node.getAccessibleText() == null || node.getAccessibleText().isBlank())) {
                unnamed.add((node.getId() == null ? node.getClass().getSimpleName() : "#" + node.getId())
                        + (labeled.getTooltip() == null ? "" : " (tooltip: " + labeled.getTooltip().getText() + ")"));
            }
        }
        if (node instanceof javafx.scene.Parent parent) {
            for (javafx.scene.Node child : parent.getChildrenUnmodifiable()) {
                collectUnnamed(child, unnamed, checked);
            }
        }
    }

    @Test
    void theSmallestWindowKeepsACanvasToDropOnAndTheSidebarInside(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup("#canvas").tryQuery().isPresent());
        Stage stage = (Stage) view.getScene().getWindow();
        javafx.scene.Node palette = robot.lookup("#palette").query();
        assertThat(palette.getPseudoClassStates()).as("1000 px wide: the cards show names")
                .doesNotContain(javafx.css.PseudoClass.getPseudoClass("compact"));

        robot.interact(() -> {
            stage.setWidth(640);
            stage.setHeight(420);
        });
        javafx.scene.Node sidebar = robot.lookup("#sidebar").query();
        // The split pane settles its divider over a pulse or two after the window shrank.
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS,
                () -> sidebar.localToScene(sidebar.getLayoutBounds()).getMaxX() <= view.getScene().getWidth() + 0.5);

        double sceneWidth = view.getScene().getWidth();
        assertThat(sceneWidth).isEqualTo(640);
        assertThat(palette.getPseudoClassStates()).as("narrow: the palette shows only avatars")
                .contains(javafx.css.PseudoClass.getPseudoClass("compact"));
        assertThat(palette.getLayoutBounds().getWidth()).isLessThan(80);
        javafx.scene.layout.Region canvas = robot.lookup("#canvas").query();
        assertThat(canvas.getWidth()).as("the canvas keeps room to drop an agent")
                .isGreaterThanOrEqualTo(ShellView.CANVAS_MIN_WIDTH);
        for (String id : List.of("#sidebar", "#conversation-search", "#status-filter", "#import-conversation",
                "#recently-deleted-button")) {
            javafx.scene.Node node = robot.lookup(id).query();
            javafx.geometry.Bounds inScene = node.localToScene(node.getLayoutBounds());
            assertThat(inScene.getMaxX()).as(id + " inside the window").isLessThanOrEqualTo(sceneWidth + 0.5);
        }
        assertThat(robot.lookup("#conversation-search").queryAs(javafx.scene.control.TextField.class).getPromptText())
                .as("a hint short enough to read whole").isEqualTo("Search");
    }

    @Test
    void keysThatWorkWhereverTheFocusIs(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> viewModel.readyProperty().get());
        // Failed once in a full run on a loaded machine with "#canvas returned no nodes": wait for it in the scene.
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#canvas").tryQuery().isPresent());
        var canvas = viewModel.canvasProperty().get();
        robot.clickOn("#canvas");

        shortcut(robot, KeyCode.K);
        javafx.scene.control.TextField search = robot.lookup("#conversation-search").query();
        assertThat(search.isFocused()).as("Ctrl+K puts the caret in the conversation search").isTrue();

        // From inside a text field too: F1 shows the sheet, which starts with these keys.
        robot.type(KeyCode.F1);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#shortcut-sheet").tryQuery().isPresent());
        javafx.scene.Node sheet = robot.lookup("#shortcut-sheet").query();
        assertThat(robot.from(sheet).lookup(".label").queryAllAs(Label.class).stream().map(Label::getText).toList())
                .containsSubsequence("Anywhere", "Ctrl+N", "start a conversation", "Ctrl+K", "In the sidebar",
                        "On the canvas");
        pressButton(robot, sheet, javafx.scene.control.ButtonType.OK);

        robot.clickOn("#canvas");
        shortcut(robot, KeyCode.COMMA);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#agent-list").tryQuery().isPresent());
        closeWindowOf(robot, robot.lookup("#agent-list").query());

        robot.clickOn("#canvas");
        shortcut(robot, KeyCode.N);
        assertThat(robot.lookup("#status-notice").queryAs(Label.class).getText()).as("no agents yet: it says why")
                .isEqualTo("A conversation needs two agents on the canvas: drag them in from the palette");

        robot.interact(() -> canvas.edits().placeStarterPair(new dev.workshop.domain.canvas.Point(0, 0)));
        robot.clickOn("#canvas");
        shortcut(robot, KeyCode.N);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#task-prompt").tryQuery().isPresent());
        assertThat(robot.lookup("#participant-Ada").queryAs(javafx.scene.control.CheckBox.class).isSelected())
                .as("nothing selected and two agents on the canvas: both ticked").isTrue();
        assertThat(robot.lookup("#participant-Bruno").queryAs(javafx.scene.control.CheckBox.class).isSelected()).isTrue();
        pressButton(robot, robot.lookup("#task-prompt").query(), javafx.scene.control.ButtonType.CANCEL);

        java.util.concurrent.atomic.AtomicBoolean asked = new java.util.concurrent.atomic.AtomicBoolean();
        javafx.stage.Stage main = (javafx.stage.Stage) view.getScene().getWindow();
        robot.interact(() -> main.setOnCloseRequest(event -> {
            event.consume();
            asked.set(true);
        }));
        robot.clickOn("#canvas");
        shortcut(robot, KeyCode.Q);
        assertThat(asked).as("Ctrl+Q closes the window as its close button does").isTrue();
    }

    private static void shortcut(FxRobot robot, KeyCode key) {
        robot.press(KeyCode.CONTROL).press(key).release(key).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void closeWindowOf(FxRobot robot, javafx.scene.Node node) {
        robot.interact(() -> node.getScene().getWindow().hide());
    }

    /** Presses a button of the dialog that shows {@code node}. */
    private static void pressButton(FxRobot robot, javafx.scene.Node node, javafx.scene.control.ButtonType type) {
        robot.interact(() -> ((javafx.scene.control.Button) ((javafx.scene.control.DialogPane) node.getScene().getRoot())
                .lookupButton(type)).fire());
    }

    /** Clicks an agent in the editor's list (the palette of the window beneath shows the same names). */
    private static void clickInAgentList(FxRobot robot, String name) {
        robot.clickOn(robot.from(robot.lookup("#agent-list").queryAs(javafx.scene.Node.class)).lookup(name)
                .queryAs(javafx.scene.Node.class));
    }

    /** Presses the button called {@code text} of the dialog that shows {@code node}. */
    private static void pressButtonNamed(FxRobot robot, javafx.scene.Node node, String text) {
        robot.interact(() -> {
            javafx.scene.control.DialogPane pane = (javafx.scene.control.DialogPane) node.getScene().getRoot();
            javafx.scene.control.ButtonType type = pane.getButtonTypes().stream()
                    .filter(button -> button.getText().equals(text)).findFirst().orElseThrow();
            ((javafx.scene.control.Button) pane.lookupButton(type)).fire();
        });
    }

    @Test
    void theAgentEditorAsksBeforeEditsNotSavedYetAreLost(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> viewModel.readyProperty().get());
        robot.clickOn("#open-agents");
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.TextArea persona = robot.lookup("#agent-persona").queryAs(javafx.scene.control.TextArea.class);
        robot.interact(() -> persona.appendText(" You like lists."));

        robot.clickOn("#close-agents");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#unsaved-agent").tryQuery().isPresent());
        javafx.scene.control.DialogPane question = robot.lookup("#unsaved-agent").queryAs(javafx.scene.control.DialogPane.class);
        assertThat(question.getHeaderText()).isEqualTo("Save the changes to Ada?");
        pressButton(robot, question, javafx.scene.control.ButtonType.CANCEL);
        assertThat(robot.lookup("#agent-list").tryQuery()).as("Cancel: the editor stays, with the edit").isPresent();
        assertThat(persona.getText()).endsWith(" You like lists.");

        // Another agent picked in the list asks too; not saving leaves Ada as she was.
        clickInAgentList(robot, "Bruno");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#unsaved-agent").tryQuery().isPresent());
        pressButtonNamed(robot, robot.lookup("#unsaved-agent").query(), "Don't save");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#agent-form-title").queryAs(Label.class).getText()).isEqualTo("Bruno");
        assertThat(Files.readString(dir.resolve("agents.json"))).doesNotContain("You like lists.");

        // Saving from the question saves, then closes.
        robot.interact(() -> persona.appendText(" You doubt everything twice."));
        robot.clickOn("#close-agents");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#unsaved-agent").tryQuery().isPresent());
        pressButtonNamed(robot, robot.lookup("#unsaved-agent").query(), "Save");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#agent-list").tryQuery().isEmpty());
        assertThat(Files.readString(dir.resolve("agents.json"))).contains("You doubt everything twice.");
    }

    @Test
    void escapeClosesTheAgentEditorWhileTheFocusIsInItsList(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> viewModel.readyProperty().get());
        robot.clickOn("#open-agents");
        WaitForAsyncUtils.waitForFxEvents();
        clickInAgentList(robot, "Bruno");
        assertThat(robot.lookup("#agent-list").queryAs(javafx.scene.Node.class).isFocused()).isTrue();

        robot.type(javafx.scene.input.KeyCode.ESCAPE);

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#agent-list").tryQuery().isEmpty());
    }

    @Test
    void theAgentEditorRemovesAnAgentOnceAsked(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> viewModel.readyProperty().get());
        robot.clickOn("#open-agents");
        WaitForAsyncUtils.waitForFxEvents();
        clickInAgentList(robot, "Dalia");

        robot.clickOn("#remove-agent");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#remove-agent-question").tryQuery().isPresent());
        javafx.scene.control.DialogPane question = robot.lookup("#remove-agent-question").queryAs(javafx.scene.control.DialogPane.class);
        assertThat(question.getHeaderText()).isEqualTo("Remove Dalia?");
        pressButton(robot, question, javafx.scene.control.ButtonType.CANCEL);
        assertThat(Files.readString(dir.resolve("agents.json"))).as("Cancel keeps her").contains("\"name\" : \"Dalia\"");

        robot.clickOn("#remove-agent");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#remove-agent-question").tryQuery().isPresent());
        pressButtonNamed(robot, robot.lookup("#remove-agent-question").query(), "Remove");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#agent-message").queryAs(Label.class).getText()
                .equals("Removed Dalia; its conversations keep its messages"));
        assertThat(Files.readString(dir.resolve("agents.json"))).doesNotContain("\"name\" : \"Dalia\"");
    }

    @Test
    void aDataDirectoryMovedAwayWhileOpenPutsABannerAcrossTheWindow(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> viewModel.readyProperty().get());
        assertThat(robot.lookup("#data-directory-gone").query().getParent().isVisible()).isFalse();

        Files.move(dir, dir.resolveSibling(dir.getFileName() + "-moved"));

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#data-directory-gone").query().getParent()
                .isVisible());
        assertThat(robot.lookup("#data-directory-gone").queryAs(Label.class).getText())
                .startsWith("The data directory " + dir + " was deleted or moved while Workshop was running. Nothing"
                        + " more can be saved").endsWith("then Reopen.");
        Workspace first = viewModel.workspace().orElseThrow();

        // Reopen before the folder is back would open a new, empty one: it says what is missing instead.
        robot.clickOn("#data-directory-gone-reopen");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> notice(robot).contains("is not there yet"));
        assertThat(Files.exists(dir)).isFalse();
        assertThat(viewModel.workspace()).containsSame(first);

        Files.move(dir.resolveSibling(dir.getFileName() + "-moved"), dir);
        robot.clickOn("#data-directory-gone-reopen");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> viewModel.readyProperty().get()
                && viewModel.workspace().filter(open -> open != first).isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#data-directory-gone").query().getParent().isVisible()).isFalse();
        assertThat(viewModel.workspace().orElseThrow().directoryWatch().gone()).isEmpty();
    }

    private static String notice(FxRobot robot) {
        return robot.lookup("#status-notice").queryAs(Label.class).getText();
    }

    @Test
    void whenSavingStopsABannerSaysSoAndReopenOpensTheDataAgainInTheSameWindow(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> viewModel.readyProperty().get());
        assertThat(robot.lookup("#saving-stopped").query().getParent().isVisible()).isFalse();
        Workspace first = viewModel.workspace().orElseThrow();
        javafx.scene.Node firstCanvas = robot.lookup(".workshop-canvas").query();
        var firstSidebar = viewModel.sidebarProperty().get();
        // The journal's next file cannot be written (a folder holds its temporary name), as on a full disk.
        Path blocker = Files.createDirectories(dir.resolve("journal").resolve("00000000000000000002.wal.ready.new")
                .resolve("keep"));
        ConversationId id = ConversationId.random();
        first.store().append(first.tenant(), id, 0, List.of(Conversations.started(40)));
        String text = "x".repeat(900_000);
        try {
            for (int turn = 0; turn < 40; turn++) {
                var message = Conversations.message(turn);
                first.store().append(first.tenant(), id, turn + 1, List.of(
                        new dev.workshop.domain.conversation.ConversationEvent.MessageRecorded(turn, message.speakerId(),
                                message.speakerName(), text)));
            }
        } catch (dev.workshop.store.StoreException expected) {
            // The append past the first journal file.
        }

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#saving-stopped").query().getParent()
                .isVisible());
        assertThat(robot.lookup("#saving-stopped").queryAs(Label.class).getText())
                .startsWith("Cannot save to the journal in " + dir.resolve("journal"));
        Files.delete(blocker);
        Files.delete(blocker.getParent());
        robot.clickOn("#saving-stopped-reopen");

        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> viewModel.readyProperty().get()
                && viewModel.workspace().filter(open -> open != first).isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#saving-stopped").query().getParent().isVisible()).isFalse();
        assertThat(robot.lookup(".workshop-canvas").queryAll()).as("the new canvas, in place of the old")
                .singleElement().isNotSameAs(firstCanvas);
        assertThat(robot.lookup("#sidebar").queryAll()).hasSize(1);
        // The status bar listens to the new panes only: the old ones are let go.
        robot.interact(() -> firstSidebar.reveal(ConversationId.random(), 0));
        assertThat(notice(robot)).isNotEqualTo("That conversation is not in the list yet");
        robot.interact(() -> viewModel.sidebarProperty().get().reveal(ConversationId.random(), 0));
        assertThat(notice(robot)).isEqualTo("That conversation is not in the list yet");
    }

    @Test
    void theThemeMenuOffersSystemLightAndDarkAndSavesTheChoice(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> viewModel.readyProperty().get());
        var canvas = viewModel.canvasProperty().get();
        assertThat(robot.lookup("#theme-menu").queryAs(javafx.scene.control.MenuButton.class).getItems())
                .extracting(item -> item.getText()).containsExactly("System", "Light", "Dark");

        robot.clickOn("#theme-menu");
        robot.clickOn("Dark");
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(canvas.settingsProperty().get().theme()).isEqualTo(SceneSettings.Theme.DARK);
        assertThat(canvas.camera().darkProperty().get()).isTrue();
        assertThat(Application.getUserAgentStylesheet()).isEqualTo(new PrimerDark().getUserAgentStylesheet());
        assertThat(robot.lookup("#theme-menu").queryAs(javafx.scene.control.MenuButton.class).getTooltip().getText())
                .isEqualTo("Theme: dark");

        robot.clickOn("#theme-menu");
        robot.clickOn("System");
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> canvas.camera().setSystemPrefersDark(false));
        assertThat(Application.getUserAgentStylesheet()).isEqualTo(new PrimerLight().getUserAgentStylesheet());
        assertThat(robot.lookup("#theme-menu").queryAs(javafx.scene.control.MenuButton.class).getTooltip().getText())
                .isEqualTo("Theme: as the system (light now)");
        robot.interact(() -> canvas.camera().setSystemPrefersDark(true));
        assertThat(Application.getUserAgentStylesheet()).isEqualTo(new PrimerDark().getUserAgentStylesheet());
    }

    @Test
    void theSettingsDialogSavesAndAppliesTheConversationSettings(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> viewModel.readyProperty().get());
        var canvas = viewModel.canvasProperty().get();
        assertThat(canvas.defaultMaxTurns()).isEqualTo(6);

        robot.clickOn("#open-settings");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#preferences-dialog").tryQuery().isPresent());
        javafx.scene.control.Spinner<?> turns = robot.lookup("#preference-turns").queryAs(javafx.scene.control.Spinner.class);
        javafx.scene.control.Spinner<?> atOnce = robot.lookup("#preference-at-once")
                .queryAs(javafx.scene.control.Spinner.class);
        assertThat(turns.getValue()).isEqualTo(6);
        assertThat(atOnce.getValue()).isEqualTo(3);
        // Typed and not yet committed with Enter: Save takes it all the same; a value out of range is clamped.
        javafx.scene.control.Spinner<?> toolCalls = robot.lookup("#preference-tool-calls")
                .queryAs(javafx.scene.control.Spinner.class);
        assertThat(toolCalls.getValue()).isEqualTo(8);
        robot.interact(() -> {
            turns.getEditor().setText("9");
            atOnce.getEditor().setText("500");
            toolCalls.getEditor().setText("2");
        });
        robot.clickOn("Save");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> Files.exists(dir.resolve("settings.json")));
        assertThat(Files.readString(dir.resolve("settings.json"))).contains("\"default_max_turns\" : 9")
                .contains("\"concurrent_conversations\" : 50").contains("\"max_tool_calls\" : 2");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> canvas.defaultMaxTurns() == 9);
        assertThat(viewModel.workspace().orElseThrow().engine().settings().concurrencyLimit()).isEqualTo(50);
        assertThat(viewModel.workspace().orElseThrow().engine().settings().maxToolCalls()).isEqualTo(2);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#status-notice").queryAs(Label.class)
                .getText().equals("Settings saved: 9 turns, 50 at once"));
    }

    @Test
    void aShorterRetentionIsAskedFirstAndCancelKeepsTheSettingsOpenAndUnsaved(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> viewModel.readyProperty().get());
        robot.clickOn("#open-settings");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#preferences-dialog").tryQuery().isPresent());
        javafx.scene.control.Spinner<?> purge = robot.lookup("#preference-purge-days")
                .queryAs(javafx.scene.control.Spinner.class);
        assertThat(purge.getValue()).as("nothing purged on a desktop unless set").isEqualTo(0);
        robot.interact(() -> purge.getEditor().setText("90"));

        robot.clickOn("Save");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS,
                () -> robot.lookup("#confirm-shorter-retention").tryQuery().isPresent());
        javafx.scene.control.DialogPane question = robot.lookup("#confirm-shorter-retention").query();
        assertThat(question.getContentText()).contains("ended 90 days ago or more are erased for good");
        robot.type(javafx.scene.input.KeyCode.ENTER); // Cancel is the default answer
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#preferences-dialog").tryQuery()).as("the settings stay open").isPresent();
        assertThat(dir.resolve("settings.json")).doesNotExist();

        robot.clickOn("Save");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS,
                () -> robot.lookup("#confirm-shorter-retention").tryQuery().isPresent());
        robot.clickOn("Keep for less");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> Files.exists(dir.resolve("settings.json")));
        assertThat(Files.readString(dir.resolve("settings.json"))).contains("\"purge_after_days\" : 90");
    }

    @Test
    void theDividersOpenWhereTheyWereLeftAndAreReportedToBeRemembered(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> viewModel.readyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();

        javafx.scene.control.SplitPane sidebar = robot.lookup("#sidebar").queryAs(javafx.scene.control.SplitPane.class);
        assertThat(sidebar.getDividerPositions()[0]).isCloseTo(0.3, org.assertj.core.data.Offset.offset(0.01));
        robot.interact(() -> sidebar.setDividerPositions(0.45));

        WindowLayout remembered = WaitForAsyncUtils.asyncFx(() -> view.currentLayout(new Bounds(0, 0, 1000, 700), false))
                .get(5, TimeUnit.SECONDS);
        assertThat(remembered.sidebarDivider()).isCloseTo(0.4, org.assertj.core.data.Offset.offset(0.01));
        assertThat(remembered.listDivider()).isCloseTo(0.45, org.assertj.core.data.Offset.offset(0.01));
        assertThat(remembered.windowBounds()).contains(new Bounds(0, 0, 1000, 700));
    }

    @Test
    void theStatusBarsDataDirectoryCopiesItsPath(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> viewModel.readyProperty().get());
        robot.interact(() -> javafx.scene.input.Clipboard.getSystemClipboard().clear());

        Label dataDirectory = robot.lookup("#status-data-directory").queryAs(Label.class);
        assertThat(dataDirectory.getTooltip().getText()).as("all of it, where a narrow window cuts the label")
                .contains(dir.toString());
        // Monocle sends no context-menu event for a right click: the menu is shown as the label would show it.
        robot.interact(() -> dataDirectory.getContextMenu().show(dataDirectory, javafx.geometry.Side.TOP, 0, 0));
        robot.clickOn("Copy path");

        assertThat(WaitForAsyncUtils.asyncFx(() -> javafx.scene.input.Clipboard.getSystemClipboard().getString())
                .get(5, TimeUnit.SECONDS)).isEqualTo(dir.toString());
        assertThat(dataDirectory.getContextMenu().getItems().getFirst().isDisable()).as("no desktop to open a folder with in a test").isTrue();
    }

    @Test
    void theAgentEditorAddsAnAgentThatPointsAtAModel(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> viewModel.readyProperty().get());
        robot.clickOn("#open-agents");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#agent-form-title").queryAs(Label.class).getText()).as("opens on the first agent")
                .isEqualTo("Ada");
        assertThat(robot.lookup("#agent-name").queryAs(javafx.scene.control.TextField.class).getText()).isEqualTo("Ada");
        robot.clickOn("#new-agent");
        assertThat(robot.lookup("#agent-form-title").queryAs(Label.class).getText()).isEqualTo("New agent");
        robot.clickOn("#agent-name").write("Ann");
        // The presets fill in the provider and the base URL in the exact form.
        robot.clickOn("#endpoint-presets");
        robot.clickOn("Ollama on this computer  —  http://localhost:11434/v1");
        assertThat(robot.lookup("#agent-provider").queryAs(javafx.scene.control.ChoiceBox.class).getValue())
                .isEqualTo("openai");
        robot.clickOn("#agent-model").write("llama3.2");
        // A new agent is offered a colour no other has; another one is a click away.
        assertThat(robot.lookup("#colour-orange").queryAs(ToggleButton.class).isSelected()).isTrue();
        robot.clickOn("#colour-teal");
        robot.clickOn("#colour-teal");
        assertThat(robot.lookup("#colour-teal").queryAs(ToggleButton.class).isSelected())
                .as("a second click leaves it picked").isTrue();
        robot.clickOn("#save-agent");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> robot.lookup("#agent-message").queryAs(Label.class).getText().equals("Saved Ann"));

        String agents = Files.readString(dir.resolve("agents.json"));
        assertThat(agents).contains("\"name\" : \"Ann\"").contains("http://localhost:11434/v1").contains("llama3.2")
                .contains("\"avatar_color\" : \"#0e7490\"");
    }

    @Test
    void renamingAnAgentCanBeUndoneFromTheEditor(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> viewModel.readyProperty().get());
        robot.clickOn("#open-agents");
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.TextField name = robot.lookup("#agent-name").queryAs(javafx.scene.control.TextField.class);
        assertThat(name.getText()).isEqualTo("Ada");
        assertThat(robot.lookup("#undo-agent-save").query().isVisible()).as("nothing saved yet").isFalse();
        robot.interact(() -> name.setText("Ada Lovelace"));
        robot.clickOn("#save-agent");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#agent-message").queryAs(Label.class)
                .getText().equals("Saved Ada Lovelace (was Ada)"));

        robot.clickOn("#undo-agent-save");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#agent-message").queryAs(Label.class)
                .getText().equals("Undone: Ada Lovelace is Ada again"));
        assertThat(name.getText()).isEqualTo("Ada");
        assertThat(robot.lookup("#undo-agent-save").query().isVisible()).isFalse();
        assertThat(Files.readString(dir.resolve("agents.json"))).doesNotContain("Ada Lovelace");
    }
}
