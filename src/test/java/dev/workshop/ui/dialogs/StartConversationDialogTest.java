package dev.workshop.ui.dialogs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The start dialog shows every participant's tick box whole, "You" included, however many rows they take. */
@ExtendWith(ApplicationExtension.class)
class StartConversationDialogTest {
    private Stage owner;

    @Start
    void start(Stage stage) {
        owner = DialogOwner.shown(stage);
    }

    @Test
    void fourAgentsAndYouAreAllInViewWithoutScrolling(FxRobot robot) throws Exception {
        List<String> agents = List.of("Ada", "Bruno", "Chen", "Dalia");
        robot.interact(() -> {
            StartConversationDialog<String> dialog = new StartConversationDialog<>(agents, agents.subList(0, 3),
                    Function.identity(), 6, false);
            dialog.initOwner(owner);
            dialog.show();
        });
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#participant-you").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();

        Node you = robot.lookup("#participant-you").query();
        ScrollPane scroll = (ScrollPane) ancestor(you, ScrollPane.class);
        Bounds viewport = scroll.localToScene(scroll.getLayoutBounds());
        for (String id : List.of("#participant-Ada", "#participant-Dalia", "#participant-you")) {
            Node box = robot.lookup(id).query();
            Bounds shown = box.localToScene(box.getLayoutBounds());
            assertThat(shown.getMaxY()).as(id + " whole in view").isLessThanOrEqualTo(viewport.getMaxY() + 0.5);
        }
        assertThat(StartConversationDialog.rows(List.of("Ada", "Bruno", "Chen", "Dalia", "You (take turns yourself)"), 490))
                .isEqualTo(2);
        robot.interact(() -> you.getScene().getWindow().hide());
    }

    @Test
    void tabInTheTaskMovesOnToTheTurnsInsteadOfWritingATab(FxRobot robot) throws Exception {
        List<String> agents = List.of("Ada", "Bruno");
        robot.interact(() -> {
            StartConversationDialog<String> dialog = new StartConversationDialog<>(agents, agents, Function.identity(),
                    6, false);
            dialog.initOwner(owner);
            dialog.show();
        });
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#task-prompt").tryQuery().isPresent());
        javafx.scene.control.TextArea task = robot.lookup("#task-prompt").queryAs(javafx.scene.control.TextArea.class);
        robot.clickOn(task).write("Plan a picnic");

        robot.type(javafx.scene.input.KeyCode.TAB);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(task.getText()).isEqualTo("Plan a picnic");
        javafx.scene.control.Spinner<?> turns = robot.lookup("#max-turns").queryAs(javafx.scene.control.Spinner.class);
        assertThat(turns.getEditor().isFocused()).as("the turns field has the focus").isTrue();
        robot.press(javafx.scene.input.KeyCode.SHIFT).type(javafx.scene.input.KeyCode.TAB)
                .release(javafx.scene.input.KeyCode.SHIFT);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(task.isFocused()).as("Shift+Tab goes back to the task").isTrue();
        assertThat(task.getText()).isEqualTo("Plan a picnic");
        robot.interact(() -> task.getScene().getWindow().hide());
    }

    private static Node ancestor(Node node, Class<?> type) {
        Node at = node.getParent();
        while (at != null && !type.isInstance(at)) {
            at = at.getParent();
        }
        return at;
    }
}
