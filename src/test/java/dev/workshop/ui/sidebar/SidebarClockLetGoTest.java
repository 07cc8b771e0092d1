package dev.workshop.ui.sidebar;

import static dev.workshop.ui.shell.LetGoWindow.onFx;
import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.ui.shell.LetGoWindow;
import java.util.concurrent.TimeUnit;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The list's clock (relative times moving on) runs only while the list is in a showing window: left running in a
 * scene the window let go of, its sleeping thread kept the whole old view and its workspace reachable for ever.
 */
@ExtendWith(ApplicationExtension.class)
class SidebarClockLetGoTest {
    private LetGoWindow window;

    @Start
    void start(Stage stage) {
        window = LetGoWindow.show(stage);
    }

    @AfterEach
    void close() {
        window.close();
    }

    @Test
    void theClockStopsWhenTheWindowLetsGoOfTheListAndStartsWhenItIsShownAgain(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> onFx(() -> robot.lookup(".sidebar-list-pane").tryQuery().isPresent()));
        ConversationListPane list = onFx(() -> robot.lookup(".sidebar-list-pane").queryAs(ConversationListPane.class));
        assertThat(onFx(list::keepsTimesCurrent)).isTrue();

        window.letGo();
        assertThat(onFx(list::keepsTimesCurrent)).as("still in its scene, but no longer in a window").isFalse();

        window.showAgain();
        assertThat(onFx(list::keepsTimesCurrent)).isTrue();
    }
}
