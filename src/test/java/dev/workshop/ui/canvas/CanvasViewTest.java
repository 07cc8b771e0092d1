package dev.workshop.ui.canvas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import atlantafx.base.theme.PrimerLight;
import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.Camera;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.fsm.AgentState;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.fx.FxPulses;
import dev.workshop.ui.shell.ShellOnStage;
import dev.workshop.ui.shell.ShellViewModel;
import dev.workshop.ui.sidebar.MessageItem;
import dev.workshop.ui.sidebar.SidebarViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import javafx.application.Application;
import javafx.css.PseudoClass;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.geometry.VerticalDirection;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The canvas in the real window, headless, driven by a robot as a user would. */
@dev.workshop.testing.Slow
@ExtendWith(ApplicationExtension.class)
class CanvasViewTest {
    private static final AgentId ADA = new AgentId("starter-ada");
    private static final AgentId BRUNO = new AgentId("starter-bruno");
    private Path dir;
    private Stage stage;
    private ShellViewModel shell;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        dir = dev.workshop.testing.ScratchDirs.create("workshop-canvas");
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        stage.setTitle("Workshop");
        // Offline replies take 2.5 s: slow enough for the robot to see each state of a turn.
        show(new WorkspaceOptions(2500));
    }

    /** Opens the app's main view on the test's data directory, as the app does at launch. */
    private void show(WorkspaceOptions options) {
        shell = new ShellViewModel(dir, Wiring::openWorkspace, FxExecutor.platform(), options);
        ShellOnStage.show(stage, shell, 1260, 780);
    }

    @AfterEach
    void close() {
        if (shell != null) {
            shell.close();
        }
    }

    private CanvasViewModel canvas() throws TimeoutException {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> shell.canvasProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        return shell.canvasProperty().get();
    }

    private static <T> T onFx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get(10, TimeUnit.SECONDS);
    }

    private static void waitUntil(int seconds, Callable<Boolean> condition) throws TimeoutException {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, () -> onFx(condition));
    }

    /** Ada and Bruno, placed on the canvas. */
    private record Pair(AgentNodeModel ada, AgentNodeModel bruno) {
    }

    /** Places Ada and Bruno and starts them on a four-turn conversation, as the start dialog does. */
    private static Pair startPicnic(CanvasViewModel canvas, Point adaAt, Point brunoAt) throws Exception {
        Pair pair = new Pair(onFx(() -> canvas.edits().place(ADA, adaAt).orElseThrow()),
                onFx(() -> canvas.edits().place(BRUNO, brunoAt).orElseThrow()));
        onFx(() -> {
            canvas.conversations().start(List.of(pair.ada(), pair.bruno()), "Plan a picnic", 4);
            return null;
        });
        return pair;
    }

    private Point2D canvasPoint(FxRobot robot, double x, double y) {
        Node view = robot.lookup("#canvas").query();
        return view.localToScreen(x, y);
    }

    @Test
    void draggingAnAgentFromThePaletteCreatesAnInstanceWhereItIsDropped(FxRobot robot) throws Exception {
        CanvasViewModel canvas = canvas();

        robot.drag("#palette-starter-ada", MouseButton.PRIMARY).dropTo(canvasPoint(robot, 300, 200));
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(onFx(() -> List.copyOf(canvas.agents()))).singleElement().satisfies(agent -> {
            assertThat(agent.agentId()).isEqualTo(ADA);
            assertThat(agent.home().distanceTo(new Point(300, 200))).isLessThan(3);
        });
        assertThat(robot.lookup(".agent").queryAll()).hasSize(1);
    }

    @Test
    void holdingSpaceADragOverAnAgentPansInsteadOfMovingIt(FxRobot robot) throws Exception {
        CanvasViewModel canvas = canvas();
        AgentNodeModel ada = onFx(() -> canvas.edits().place(ADA, new Point(300, 200)).orElseThrow());
        WaitForAsyncUtils.waitForFxEvents();
        Camera before = canvas.cameraProperty().get();
        robot.clickOn(canvasPoint(robot, 600, 500), MouseButton.MIDDLE);

        robot.press(KeyCode.SPACE);
        robot.drag("#agent-" + ada.id().value(), MouseButton.PRIMARY).moveBy(100, 50).drop();
        robot.release(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(onFx(() -> ada.home())).as("the agent stays where it was").isEqualTo(new Point(300, 200));
        Camera after = canvas.cameraProperty().get();
        assertThat(after.originX()).isCloseTo(before.originX() - 100, org.assertj.core.data.Offset.offset(2.0));
        assertThat(after.originY()).isCloseTo(before.originY() - 50, org.assertj.core.data.Offset.offset(2.0));

        // Without Space, the same drag moves her.
        robot.drag("#agent-" + ada.id().value(), MouseButton.PRIMARY).moveBy(100, 0).drop();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(onFx(() -> ada.home().x())).isCloseTo(400, org.assertj.core.data.Offset.offset(2.0));
    }

    @Test
    void draggingEmptySpacePansAndTheWheelZoomsTowardTheCursor(FxRobot robot) throws Exception {
        CanvasViewModel canvas = canvas();
        onFx(() -> canvas.edits().place(ADA, new Point(100, 100)));

        robot.drag(canvasPoint(robot, 500, 400), MouseButton.PRIMARY).moveBy(120, 60).drop();
        WaitForAsyncUtils.waitForFxEvents();

        Camera panned = canvas.cameraProperty().get();
        assertThat(panned.originX()).isCloseTo(-120, org.assertj.core.data.Offset.offset(2.0));
        assertThat(panned.originY()).isCloseTo(-60, org.assertj.core.data.Offset.offset(2.0));
        assertThat(onFx(() -> canvas.agents().get(0).home())).as("panning never moves an agent")
                .isEqualTo(new Point(100, 100));

        Point underCursor = panned.toWorld(400, 300);
        robot.moveTo(canvasPoint(robot, 400, 300)).scroll(3, VerticalDirection.UP);
        WaitForAsyncUtils.waitForFxEvents();

        Camera zoomed = canvas.cameraProperty().get();
        assertThat(zoomed.zoom()).isNotEqualTo(1.0);
        Point stillThere = zoomed.toScreen(underCursor);
        assertThat(stillThere.distanceTo(new Point(400, 300))).isLessThan(1.5);
        assertThat(robot.lookup("#zoom-label").queryLabeled().getText())
                .isEqualTo(Math.round(zoomed.zoom() * 100) + " %");

        robot.clickOn("#canvas").push(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.DIGIT0);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(canvas.cameraProperty().get().zoom()).isEqualTo(1.0);

        robot.clickOn("#zoom-in");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(canvas.cameraProperty().get().zoom()).isEqualTo(1.2);
        robot.clickOn("#zoom-fit");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(canvas.cameraProperty().get().visible(1100, 650).contains(new Point(100, 100))).isTrue();
    }

    @Test
    void anIdleCanvasStopsDrawingFramesAndAnyChangeOrWalkDrawsAgain(FxRobot robot) throws Exception {
        CanvasViewModel canvas = canvas();
        AgentNodeModel ada = onFx(() -> canvas.edits().place(ADA, new Point(200, 200)).orElseThrow());
        CanvasView view = robot.lookup("#canvas").queryAs(CanvasView.class);
        AgentNode node = robot.lookup(".agent").queryAs(AgentNode.class);
        // Nothing on it moves by itself: no more frames (each would be a pulse of the whole window).
        waitUntil(5, () -> !view.drawsFrames());

        // A change made away from the canvas (here a nudge, as the arrow keys make) is drawn.
        assertThat(onFx(() -> {
            canvas.edits().nudgeSelection(1, 0);
            return view.drawsFrames();
        })).isTrue();
        waitUntil(5, () -> Math.abs(node.getLayoutX() - 240) <= 1 && !view.drawsFrames());

        // A walking agent moves on its own: frames go on, well past the quiet ones, for as long as it walks.
        onFx(() -> {
            canvas.edits().setBehaviour(List.of(ada), dev.workshop.domain.canvas.Behaviour.WANDER);
            return null;
        });
        FxPulses.await(60);
        assertThat(onFx(view::drawsFrames)).isTrue();
        waitUntil(10, () -> Math.abs(node.getLayoutX() - 240) > 2 || Math.abs(node.getLayoutY() - 200) > 2);
        onFx(() -> {
            canvas.edits().setBehaviour(List.of(ada), dev.workshop.domain.canvas.Behaviour.STATIONARY);
            return null;
        });
        waitUntil(5, () -> !view.drawsFrames());
        // It stopped where it was, and the last frame drew it there.
        assertThat(onFx(() -> node.getLayoutX() - ada.position().x())).isCloseTo(0, offset(1.0));
        assertThat(onFx(() -> node.getLayoutY() - ada.position().y())).isCloseTo(0, offset(1.0));
    }

    @Test
    void ctrlZUndoesADragOnTheCanvasButEditsTextInATextField(FxRobot robot) throws Exception {
        CanvasViewModel canvas = canvas();
        AgentNodeModel ada = onFx(() -> canvas.edits().place(ADA, new Point(200, 200)).orElseThrow());
        assertThat(robot.lookup("#redo").queryButton().isDisabled()).isTrue();

        robot.drag(canvasPoint(robot, 200, 200), MouseButton.PRIMARY).moveBy(150, 40).drop();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(onFx(ada::home).distanceTo(new Point(350, 240))).isLessThan(3);

        robot.push(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.Z);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(onFx(ada::home)).isEqualTo(new Point(200, 200));
        assertThat(robot.lookup("#status-notice").queryLabeled().getText()).isEqualTo("Undone: move Ada");

        robot.push(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.SHIFT, javafx.scene.input.KeyCode.Z);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(onFx(ada::home).distanceTo(new Point(350, 240))).isLessThan(3);

        robot.clickOn("#conversation-search").write("picnic");
        robot.push(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.Z);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(onFx(ada::home).distanceTo(new Point(350, 240))).as("the key undid the typing, not the move")
                .isLessThan(3);

        robot.clickOn("#undo");
        robot.clickOn("#undo");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(onFx(() -> List.copyOf(canvas.agents()))).isEmpty();
        assertThat(robot.lookup("#undo").queryButton().isDisabled()).isTrue();
        robot.clickOn("#redo");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup(".agent").queryAll()).hasSize(1);
    }

    @Test
    void theKeyboardPicksMovesAndOpensTheMenuOfAnAgentAndTabLeavesAfterTheLast(FxRobot robot) throws Exception {
        CanvasViewModel canvas = canvas();
        AgentNodeModel ada = onFx(() -> canvas.edits().place(ADA, new Point(200, 200)).orElseThrow());
        AgentNodeModel bruno = onFx(() -> canvas.edits().place(BRUNO, new Point(400, 200)).orElseThrow());
        onFx(() -> {
            canvas.selecting().clearSelection();
            return null;
        });
        Node view = robot.lookup("#canvas").query();
        robot.interact(view::requestFocus);

        robot.type(KeyCode.TAB);
        assertThat(onFx(() -> canvas.selecting().selection())).containsExactly(ada);
        robot.push(KeyCode.ALT, KeyCode.RIGHT);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(onFx(ada::home)).isEqualTo(new Point(240, 200));
        // Shift+F10: the menu of the selected agent.
        robot.push(KeyCode.SHIFT, KeyCode.F10);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#menu-edit-agent").tryQuery().isPresent());
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#menu-edit-agent").tryQuery().isEmpty());
        // A toolkit that makes a menu request of the key itself: the same menu, though the request names a
        // point of empty canvas.
        robot.interact(() -> javafx.event.Event.fireEvent(view, new javafx.scene.input.ContextMenuEvent(
                javafx.scene.input.ContextMenuEvent.CONTEXT_MENU_REQUESTED, 10, 10,
                view.localToScreen(10, 10).getX(), view.localToScreen(10, 10).getY(), true, null)));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#menu-edit-agent").tryQuery().isPresent());
        robot.type(KeyCode.ESCAPE);

        robot.interact(view::requestFocus);
        robot.type(KeyCode.TAB);
        assertThat(onFx(() -> canvas.selecting().selection())).containsExactly(bruno);
        robot.type(KeyCode.TAB);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(onFx(() -> canvas.selecting().selection())).as("past the last agent nothing is selected").isEmpty();
        assertThat(onFx(view::isFocused)).as("and the focus has moved on").isFalse();
    }

    @Test
    void theMinimapShowsTheWholeCanvasAndAClickThereMovesTheView(FxRobot robot) throws Exception {
        CanvasViewModel canvas = canvas();
        onFx(() -> canvas.edits().place(ADA, new Point(100, 100)));
        AgentNodeModel far = onFx(() -> canvas.edits().place(BRUNO, new Point(2600, 1500)).orElseThrow());
        assertThat(robot.lookup("#minimap").query().isVisible()).isFalse();

        robot.clickOn("#toggle-minimap");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#minimap").query().isVisible()).isTrue();
        assertThat(robot.lookup("#toggle-minimap").queryAs(javafx.scene.control.ToggleButton.class).isSelected()).isTrue();
        assertThat(canvas.settingsProperty().get().minimap()).isTrue();
        Node view = robot.lookup("#canvas").query();
        assertThat(canvas.cameraProperty().get().visible(view.getBoundsInLocal().getWidth(),
                view.getBoundsInLocal().getHeight()).contains(far.position())).isFalse();

        Minimap minimap = robot.lookup("#minimap").queryAs(Minimap.class);
        Point onMap = onFx(() -> minimap.mapPoint(far.position()));
        robot.clickOn(minimap.localToScreen(onMap.x(), onMap.y()));
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(canvas.cameraProperty().get().visible(view.getBoundsInLocal().getWidth(),
                view.getBoundsInLocal().getHeight()).contains(far.position())).as("the far agent is in view").isTrue();
        assertThat(onFx(() -> far.home())).as("a click on the map moves no agent").isEqualTo(new Point(2600, 1500));

        robot.clickOn("#toggle-snap");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(canvas.settingsProperty().get().snapToGrid()).isTrue();
        robot.clickOn("#toggle-minimap");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#minimap").query().isVisible()).isFalse();
    }

    @Test
    void theEmptyCanvasQuickStartPlacesTwoAgentsAndStartsTheirConversationFromTheDialog(FxRobot robot)
            throws Exception {
        CanvasViewModel canvas = canvas();
        Button tryIt = robot.lookup("#quick-start").queryButton();
        assertThat(tryIt.getText()).isEqualTo("Try it: Ada and Bruno talk");

        robot.clickOn(tryIt);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#task-prompt").tryQuery().isPresent());
        assertThat(onFx(() -> canvas.agents().size())).isEqualTo(2);
        javafx.scene.control.TextArea prompt = robot.lookup("#task-prompt").query();
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> onFx(() -> prompt.getScene().getFocusOwner() == prompt));
        assertThat(onFx(() -> prompt.getSelectedText())).as("a topic suggested, selected so that typing replaces it")
                .isEqualTo(CanvasView.QUICK_START_TASK);
        // Monocle gives the new window no keyboard focus of its own; a click on its header does, and leaves the
        // task box focused and selected.
        robot.clickOn("#start-conversation-dialog .header-panel");
        robot.write("Plan a picnic");
        // Ctrl+Enter starts from the last field too, the turns.
        robot.clickOn("#max-turns .text-field");
        robot.press(KeyCode.CONTROL).type(KeyCode.ENTER).release(KeyCode.CONTROL);

        Workspace workspace = shell.workspace().orElseThrow();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> workspace.engine().conversations().size() == 1);
        assertThat(workspace.engine().conversations().getFirst().task()).hasValue("Plan a picnic");
        assertThat(robot.lookup("#quick-start").query().getParent().isVisible()).as("gone with the empty canvas")
                .isFalse();
    }

    @Test
    void aMarkShowsInPlaceOfTheStateAsWordIconAndRing(FxRobot robot) throws Exception {
        CanvasViewModel canvas = canvas();
        AgentNodeModel ada = onFx(() -> canvas.edits().place(ADA, new Point(200, 200)).orElseThrow());
        WaitForAsyncUtils.waitForFxEvents();
        Node node = robot.lookup("#agent-" + ada.id().value()).query();
        javafx.scene.text.Text word = (javafx.scene.text.Text) robot.from(node).lookup(".agent-state").query();
        assertThat(word.getText()).isEqualTo("Idle");
        assertThat(node.getAccessibleText()).as("what a screen reader says").isEqualTo("Ada, Idle");

        ConversationId conversation = ConversationId.random();
        robot.interact(() -> ada.mark(conversation, AgentMark.WAITING_FOR_YOU));
        assertThat(word.getText()).isEqualTo("Waiting for you");
        assertThat(node.getAccessibleText()).isEqualTo("Ada, Waiting for you");
        assertThat(node.getPseudoClassStates()).contains(PseudoClass.getPseudoClass("mark-waiting-for-you"));

        robot.interact(() -> ada.mark(conversation, AgentMark.FAILED));
        assertThat(word.getText()).isEqualTo("Error");
        assertThat(node.getPseudoClassStates()).contains(PseudoClass.getPseudoClass("mark-failed"))
                .doesNotContain(PseudoClass.getPseudoClass("mark-waiting-for-you"));

        robot.interact(() -> ada.mark(conversation, AgentMark.NONE));
        assertThat(word.getText()).as("the state's word again").isEqualTo("Idle");
        assertThat(node.getPseudoClassStates()).doesNotContain(PseudoClass.getPseudoClass("mark-failed"));
    }

    @Test
    void aNarrowCanvasKeepsItsZoomInsideAndANarrowHeaderKeepsEveryButtonWhole(FxRobot robot) throws Exception {
        canvas();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#canvas").tryQuery().isPresent());
        // The divider, not the window: Monocle's painter fails on a window that grows back after shrinking.
        Node view = robot.lookup("#canvas").query();
        javafx.scene.control.SplitPane split = robot.lookup(".split-pane")
                .match(node -> ((javafx.scene.control.SplitPane) node).getItems().contains(view)).query();
        robot.interact(() -> split.setDividerPositions(0.3));
        WaitForAsyncUtils.waitForFxEvents();
        Node bar = robot.lookup(".zoom-bar").query();
        javafx.geometry.Bounds inCanvas = onFx(() -> view.sceneToLocal(bar.localToScene(bar.getBoundsInLocal())));
        assertThat(inCanvas.getMinX()).as("the bar starts inside the canvas").isGreaterThanOrEqualTo(0);
        assertThat(robot.lookup("#toggle-snap").query().isVisible()).as("left out first").isFalse();
        assertThat(robot.lookup("#zoom-label").query().isVisible()).isTrue();

        javafx.scene.layout.Region header = robot.lookup(".header").query();
        javafx.scene.control.Button start = robot.lookup("#start-conversation").queryButton();
        assertThat(onFx(() -> {
            header.resize(900, header.getHeight());
            header.layout();
            return start.getWidth() >= start.prefWidth(-1) - 0.5;
        })).as("no \"Start conversa…\" in a 900 px window").isTrue();

        robot.interact(() -> split.setDividerPositions(0.62));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#toggle-snap").query().isVisible()).as("back when there is room").isTrue();
        assertThat(robot.lookup("#undo").query().isVisible()).isTrue();
    }

    @Test
    void shiftDraggingFromAgentToAgentTiesALabelledRopeThatItsMenuCanCut(FxRobot robot) throws Exception {
        CanvasViewModel canvas = canvas();
        onFx(() -> canvas.edits().place(ADA, new Point(200, 300)));
        onFx(() -> canvas.edits().place(BRUNO, new Point(600, 300)));

        robot.press(javafx.scene.input.KeyCode.SHIFT);
        robot.drag(canvasPoint(robot, 200, 300), MouseButton.PRIMARY).dropTo(canvasPoint(robot, 600, 300));
        robot.release(javafx.scene.input.KeyCode.SHIFT);
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#rope-label-dialog .text-field").write("mentors").push(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(onFx(() -> List.copyOf(canvas.ropes()))).singleElement()
                .satisfies(rope -> assertThat(rope.label()).isEqualTo("mentors"));

        // The rope sags: its middle is 30 px below the line between the two agents.
        robot.moveTo(canvasPoint(robot, 400, 330)).clickOn(MouseButton.SECONDARY);
        robot.clickOn("#menu-remove-rope");
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(onFx(() -> List.copyOf(canvas.ropes()))).isEmpty();
        assertThat(onFx(() -> canvas.agents().size())).isEqualTo(2);
    }

    @Test
    void removingAnAgentThatTalksAsksFirstNamesItAndEnterKeepsIt(FxRobot robot) throws Exception {
        CanvasViewModel canvas = canvas();
        Pair picnic = startPicnic(canvas, new Point(250, 200), new Point(500, 200));
        AgentNodeModel idle = onFx(() -> canvas.edits().place(new AgentId("starter-chen"), new Point(375, 420)).orElseThrow());
        waitUntil(15, () -> !canvas.edits().conversationsOf(List.of(picnic.ada())).isEmpty());
        onFx(() -> {
            canvas.selecting().select(List.of(picnic.ada().id(), idle.id()), false);
            return null;
        });

        robot.clickOn("#agent-" + idle.id().value(), javafx.scene.input.MouseButton.MIDDLE);
        robot.type(KeyCode.DELETE);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#confirm-remove").tryQuery().isPresent());
        javafx.scene.control.DialogPane dialog = robot.lookup("#confirm-remove").queryAs(javafx.scene.control.DialogPane.class);
        assertThat(dialog.getContentText()).as("who talks, by name").startsWith("Ada is talking right now");
        Button remove = onFx(() -> (Button) dialog.getButtonTypes().stream()
                .map(dialog::lookupButton).filter(button -> ((Button) button).getText().startsWith("Remove"))
                .findFirst().orElseThrow());
        assertThat(remove.getText()).isEqualTo("Remove 2 agents");
        assertThat(remove.isDefaultButton()).as("the destructive button is not the default").isFalse();

        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#confirm-remove").tryQuery().isEmpty());
        assertThat(onFx(() -> canvas.agents().size())).as("Enter kept them").isEqualTo(3);
    }

    @Test
    void anAgentsMenuShowsItsConversationInTheSidebar(FxRobot robot) throws Exception {
        CanvasViewModel canvas = canvas();
        Pair picnic = startPicnic(canvas, new Point(250, 200), new Point(500, 200));
        SidebarViewModel sidebar = shell.sidebarProperty().get();
        waitUntil(15, () -> sidebar.selectedProperty().get() != null);
        ConversationId picnicId = onFx(() -> sidebar.selectedProperty().get().id());
        AgentNodeModel chen = onFx(() -> canvas.edits().place(new AgentId("starter-chen"), new Point(250, 420)).orElseThrow());
        AgentNodeModel dalia = onFx(() -> canvas.edits().place(new AgentId("starter-dalia"), new Point(500, 420)).orElseThrow());
        onFx(() -> {
            canvas.conversations().start(List.of(chen, dalia), "Name a boat", 4);
            return null;
        });
        waitUntil(15, () -> sidebar.selectedProperty().get() != null
                && !sidebar.selectedProperty().get().id().equals(picnicId));

        robot.rightClickOn("#agent-" + picnic.ada().id().value());
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("Show conversation");

        waitUntil(10, () -> sidebar.selectedProperty().get().id().equals(picnicId));
        // An agent at rest has none to show.
        AgentNodeModel idle = onFx(() -> canvas.edits().place(BRUNO, new Point(375, 310)).orElseThrow());
        robot.rightClickOn("#agent-" + idle.id().value());
        WaitForAsyncUtils.waitForFxEvents();
        // A menu's row shows its item's state as a pseudo-class (the row itself stays enabled).
        assertThat(robot.lookup("#menu-show-conversation").query().getPseudoClassStates())
                .contains(PseudoClass.getPseudoClass("disabled"));
        robot.type(KeyCode.ESCAPE);
    }

    @Test
    void theyTalkInTheOrderTheyWerePickedOnTheCanvasThenInTheOrderTickedInTheDialog(FxRobot robot) throws Exception {
        CanvasViewModel canvas = canvas();
        AgentNodeModel ada = onFx(() -> canvas.edits().place(ADA, new Point(250, 250)).orElseThrow());
        AgentNodeModel bruno = onFx(() -> canvas.edits().place(BRUNO, new Point(550, 250)).orElseThrow());
        // Bruno first, then Ada, although Ada was placed first.
        onFx(() -> {
            canvas.selecting().select(List.of(bruno.id()), false);
            canvas.selecting().select(List.of(ada.id()), true);
            return null;
        });
        assertThat(onFx(() -> canvas.selecting().selection().stream().map(AgentNodeModel::name).toList()))
                .containsExactly("Bruno", "Ada");

        robot.rightClickOn("#agent-" + ada.id().value());
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#menu-start-conversation");
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.Label order = robot.lookup("#speaking-order").queryAs(javafx.scene.control.Label.class);
        assertThat(order.getText()).isEqualTo("Speaking order: Bruno, then Ada");
        // Ticked again, Bruno goes last; You always speak after the agents.
        robot.clickOn("#participant-Bruno").clickOn("#participant-Bruno");
        robot.clickOn("#participant-you");
        assertThat(order.getText()).isEqualTo("Speaking order: Ada, then Bruno, then you");
        robot.clickOn("#participant-you");
        robot.clickOn("#task-prompt").write("Plan a picnic");
        robot.clickOn("Start");

        Workspace workspace = shell.workspace().orElseThrow();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> workspace.engine().conversations().size() == 1);
        assertThat(workspace.engine().conversations().getFirst().participants())
                .extracting(dev.workshop.domain.conversation.Participant::name).containsExactly("Ada", "Bruno");
        workspace.engine().abort(workspace.engine().conversations().getFirst().id(),
                dev.workshop.orchestration.AbortOutcome.COMPLETE);
    }

    @Test
    void theContextMenuStartsAConversationAndTheAgentsShowItsStates(FxRobot robot) throws Exception {
        CanvasViewModel canvas = canvas();
        AgentNodeModel ada = onFx(() -> canvas.edits().place(ADA, new Point(250, 250)).orElseThrow());
        AgentNodeModel bruno = onFx(() -> canvas.edits().place(BRUNO, new Point(550, 250)).orElseThrow());
        onFx(() -> {
            canvas.selecting().select(List.of(ada.id(), bruno.id()), false);
            return null;
        });
        // TestFX finds the node's bounds off the FX thread: let the placing's own updates settle first (once a
        // text was measured while the FX thread laid it out: a NullPointerException in PrismTextLayout).
        WaitForAsyncUtils.waitForFxEvents();

        robot.rightClickOn("#agent-" + bruno.id().value());
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#menu-start-conversation");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#participant-Ada").queryAs(javafx.scene.control.CheckBox.class).isSelected()).isTrue();
        assertThat(robot.lookup("#participant-Bruno").queryAs(javafx.scene.control.CheckBox.class).isSelected()).isTrue();
        robot.clickOn("#task-prompt").write("Plan a picnic");
        robot.clickOn("Start");

        waitUntil(15, () -> ada.state() == AgentState.THINKING);
        Node adaNode = robot.lookup("#agent-" + ada.id().value()).query();
        Node brunoNode = robot.lookup("#agent-" + bruno.id().value()).query();
        assertThat(adaNode.getPseudoClassStates()).contains(PseudoClass.getPseudoClass("thinking"));
        assertThat(brunoNode.getPseudoClassStates()).contains(PseudoClass.getPseudoClass("reading"));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup(".speech-bubble.thinking").tryQuery().isPresent());

        waitUntil(15, () -> bruno.state() == AgentState.THINKING);
        assertThat(adaNode.getPseudoClassStates()).contains(PseudoClass.getPseudoClass("reading"));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup(".speech-bubble.said").tryQuery().isPresent());
        assertThat(robot.lookup(".speech-bubble.said").queryLabeled().getText()).isNotBlank();
        // Ada's turn again: her bubble, made before Bruno's, now holds the newest turn and is drawn over his.
        waitUntil(15, () -> ada.state() == AgentState.THINKING);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup(".speech-bubble.thinking").tryQuery().isPresent());
        assertThat(onFx(() -> {
            Node thinkingBubble = robot.lookup(".speech-bubble.thinking").query();
            return thinkingBubble.getParent().getChildrenUnmodifiable().getLast() == thinkingBubble;
        })).isTrue();
        var conversations = shell.workspace().orElseThrow().engine().conversationsToResume();
        assertThat(conversations).isEmpty();
        assertThat(onFx(() -> List.copyOf(canvas.links()))).singleElement()
                .satisfies(link -> assertThat(link.participants()).containsExactly(ada.id(), bruno.id()));
    }

    @Test
    void agentsSideBySideShowTheirBubblesWithoutCoveringEachOther(FxRobot robot) throws Exception {
        CanvasViewModel canvas = canvas();
        // Closer than a bubble is wide: each one's bubble would cover the other's.
        AgentNodeModel bruno = startPicnic(canvas, new Point(300, 300), new Point(420, 300)).bruno();

        // Bruno thinks while Ada's message still shows: two bubbles at once.
        waitUntil(15, () -> bruno.state() == AgentState.THINKING);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup(".speech-bubble").queryAll().size() == 2);
        WaitForAsyncUtils.waitForFxEvents();
        List<Bounds> bubbles = onFx(() -> robot.lookup(".speech-bubble").queryAll().stream()
                .map(Node::getBoundsInParent).toList());
        assertThat(bubbles.get(0).intersects(bubbles.get(1))).as("bubbles %s", bubbles).isFalse();
        // Each stays above its own agent.
        Node adaBubble = onFx(() -> robot.lookup(".speech-bubble.said").query());
        assertThat(onFx(() -> adaBubble.getBoundsInParent().getCenterX())).isCloseTo(300, offset(1.0));
    }

    @Test
    void theBubbleUnderThePointerHoldsStillWhileTheOthersChange(FxRobot robot) throws Exception {
        CanvasViewModel canvas = canvas();
        AgentNodeModel bruno = startPicnic(canvas, new Point(300, 300), new Point(420, 300)).bruno();
        // Ada's message shows, lifted clear of Bruno's thinking dots.
        waitUntil(15, () -> bruno.state() == AgentState.THINKING);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup(".speech-bubble").queryAll().size() == 2);
        WaitForAsyncUtils.waitForFxEvents();
        Node adaBubble = robot.lookup(".speech-bubble.said").query();
        robot.moveTo(adaBubble);
        double before = onFx(() -> adaBubble.getBoundsInParent().getMinY());

        // Bruno's reply replaces his dots with a taller bubble, which would lift Ada's higher.
        waitUntil(15, () -> bruno.state() != AgentState.THINKING);
        FxPulses.await(12);
        assertThat(onFx(() -> adaBubble.getBoundsInParent().getMinY())).as("held under the pointer").isEqualTo(before);
        List<Bounds> both = onFx(() -> robot.lookup(".speech-bubble").queryAll().stream().filter(Node::isVisible)
                .map(Node::getBoundsInParent).toList());
        assertThat(both).hasSize(2);
        assertThat(both.get(0).intersects(both.get(1))).as("the other clears it: %s", both).isFalse();

        // Once the pointer leaves, the newest goes back above its agent and the older one clears it again.
        robot.moveTo(canvasPoint(robot, 40, 40));
        waitUntil(5, () -> adaBubble.getBoundsInParent().getMinY() != before);
    }

    @Test
    void clickingASpeechBubbleOpensThatMessageInTheSidebar(FxRobot robot) throws Exception {
        CanvasViewModel canvas = canvas();
        AgentNodeModel bruno = startPicnic(canvas, new Point(200, 320), new Point(560, 320)).bruno();
        waitUntil(15, () -> bruno.state() == AgentState.THINKING); // Ada's first message shows in her bubble
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup(".speech-bubble.said").tryQuery().isPresent());
        SidebarViewModel sidebar = shell.sidebarProperty().get();
        ConversationId id = onFx(() -> canvas.links().get(0).id());
        robot.interact(() -> sidebar.select(null));

        robot.clickOn(".speech-bubble.said");

        ListView<MessageItem> messages = robot.lookup("#message-list").queryListView();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> sidebar.selectedProperty().get() != null
                && sidebar.selectedProperty().get().id().equals(id)
                && messages.getSelectionModel().getSelectedItem() != null);
        assertThat(messages.getSelectionModel().getSelectedItem().turnIndex()).isZero();
        assertThat(messages.getSelectionModel().getSelectedItem().speakerName()).isEqualTo("Ada");
        // A click on a bubble is not a click on empty canvas: the agents stay as they were.
        assertThat(onFx(() -> List.copyOf(canvas.agents()))).hasSize(2);
    }

    @Test
    void afterARestartTheSceneIsBackAndTheConversationGoesOnOnTheCanvas(FxRobot robot) throws Exception {
        CanvasViewModel canvas = canvas();
        Pair pair = startPicnic(canvas, new Point(200, 200), new Point(500, 260));
        AgentNodeModel ada = pair.ada();
        AgentNodeModel bruno = pair.bruno();
        onFx(() -> canvas.edits().link(ada.id(), bruno.id(), "mentors"));
        waitUntil(15, () -> bruno.state() == AgentState.THINKING); // one message recorded, the second in flight
        ConversationId id = onFx(() -> canvas.links().get(0).id());

        // Quit as the window's close button does; the loop stops as interrupted and the scene is saved.
        shell.close();
        robot.interact(() -> show(new WorkspaceOptions(300)));
        CanvasViewModel restored = canvas();

        Map<InstanceId, Point> homes = onFx(() -> restored.agents().stream()
                .collect(Collectors.toMap(AgentNodeModel::id, AgentNodeModel::home)));
        assertThat(homes).containsExactlyInAnyOrderEntriesOf(Map.of(ada.id(), new Point(200, 200),
                bruno.id(), new Point(500, 260)));
        assertThat(onFx(() -> List.copyOf(restored.ropes()))).singleElement()
                .satisfies(rope -> assertThat(rope.label()).isEqualTo("mentors"));
        waitUntil(15, () -> restored.links().stream().anyMatch(link -> link.resumed()
                && link.participants().equals(List.of(ada.id(), bruno.id()))));
        AgentNodeModel restoredAda = onFx(() -> restored.find(ada.id()).orElseThrow());
        assertThat(restoredAda.resumedProperty().get()).isTrue();
        assertThat(robot.lookup("#agent-" + ada.id().value()).query().getPseudoClassStates())
                .contains(PseudoClass.getPseudoClass("resumed"));

        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> shell.workspace().orElseThrow().engine().state(id)
                .map(ConversationState::status).orElseThrow() == ConversationStatus.COMPLETED);
        ConversationState done = shell.workspace().orElseThrow().engine().state(id).orElseThrow();
        assertThat(done.turnCount()).isEqualTo(4);
        List<String> speakers = shell.workspace().orElseThrow().store().history(shell.workspace().orElseThrow().tenant(), id)
                .stream().map(recorded -> recorded.event())
                .filter(MessageRecorded.class::isInstance)
                .map(event -> ((MessageRecorded) event).speakerId().value())
                .toList();
        assertThat(speakers).containsExactly("starter-ada", "starter-bruno", "starter-ada", "starter-bruno");
        waitUntil(10, () -> restoredAda.state() == AgentState.COOLDOWN || restoredAda.state() == AgentState.IDLE);
    }
}
