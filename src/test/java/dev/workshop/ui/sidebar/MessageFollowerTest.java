package dev.workshop.ui.sidebar;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.ui.fx.FxPulses;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.collections.ListChangeListener;
import javafx.scene.Scene;
import javafx.scene.control.ListView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Where the message list is scrolled while its rows are measured (120 ms after messages arrive). */
@ExtendWith(ApplicationExtension.class)
class MessageFollowerTest {
    private ListView<MessageItem> list;

    @Start
    void start(Stage stage) {
        list = new ListView<>();
        list.setId("message-list");
        MessageFollower follower = new MessageFollower(list, List.of(new ListView<>(), new ListView<>()), () -> false,
                () -> null);
        list.getItems().addListener((ListChangeListener<MessageItem>) follower::messagesChanged);
        stage.setScene(new Scene(list, 400, 300));
        // The stage is shared by the UI tests in this JVM: it takes this scene's size, whatever the last one left.
        stage.sizeToScene();
        stage.show();
    }

    private static List<MessageItem> messages(int count) {
        List<MessageItem> items = new ArrayList<>();
        for (int turn = 0; turn < count; turn++) {
            items.add(new MessageItem(turn, new AgentId("ada"), "Ada", "#1f6feb", "Message " + turn, Instant.EPOCH,
                    null, false));
        }
        return items;
    }

    @Test
    void newMessagesAreFollowedToTheEndOnceTheirRowsAreMeasured(FxRobot robot) throws Exception {
        robot.interact(() -> list.getItems().setAll(messages(200)));
        FxPulses.await(30);

        VirtualFlow<?> flow = (VirtualFlow<?>) list.lookup(".virtual-flow");
        assertThat(WaitForAsyncUtils.asyncFx(() -> flow.getLastVisibleCell().getIndex()).get(1, TimeUnit.SECONDS))
                .isEqualTo(199);
    }

    @Test
    void aReaderWhoTakesTheListWhileItsRowsAreMeasuredIsLeftWhereTheyWent(FxRobot robot) throws Exception {
        // In one go on the FX thread: the messages arrive (the list goes to the end and will go there again once
        // the rows are measured), then the reader presses in the list and goes to the top.
        robot.interact(() -> {
            list.getItems().setAll(messages(200));
            list.fireEvent(new MouseEvent(MouseEvent.MOUSE_PRESSED, 10, 10, 10, 10, MouseButton.PRIMARY, 1, false,
                    false, false, false, true, false, false, true, false, false, null));
            list.scrollTo(0);
        });
        // Long past the moment the list would have gone back to the end.
        FxPulses.await(30);

        VirtualFlow<?> flow = (VirtualFlow<?>) list.lookup(".virtual-flow");
        assertThat(WaitForAsyncUtils.asyncFx(() -> flow.getFirstVisibleCell().getIndex()).get(1, TimeUnit.SECONDS))
                .as("the first message shown").isZero();
    }
}
