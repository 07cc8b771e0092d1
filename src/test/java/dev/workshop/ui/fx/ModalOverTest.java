package dev.workshop.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.layout.StackPane;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A dialog modal to its window without the window manager's modality: the window waits while it shows. */
@ExtendWith(ApplicationExtension.class)
class ModalOverTest {
    private final AtomicInteger pressed = new AtomicInteger();
    private final AtomicInteger closeAsked = new AtomicInteger();
    private Stage main;
    private Button button;

    @Start
    void start(Stage stage) {
        main = stage;
        button = new Button("Press me");
        button.setId("owner-button");
        button.setOnAction(event -> pressed.incrementAndGet());
        // In a corner, clear of the dialog over the middle: a click reaches this window, not the dialog.
        StackPane root = new StackPane(button);
        root.setAlignment(javafx.geometry.Pos.TOP_LEFT);
        stage.setScene(new Scene(root, 800, 600));
        // The stage is shared by the UI tests in this JVM: it takes this scene's size, whatever the last one left.
        stage.sizeToScene();
        stage.setOnCloseRequest(event -> closeAsked.incrementAndGet());
        stage.show();
    }

    @Test
    void theOwnerTakesNoInputAndDoesNotCloseWhileTheDialogShowsAndAllOfItAfter(FxRobot robot) throws Exception {
        Alert[] dialog = new Alert[1];
        robot.interact(() -> {
            dialog[0] = ModalOver.owner(new Alert(Alert.AlertType.INFORMATION, "Over the window"), main);
            dialog[0].show();
        });
        assertThat(dialog[0].getModality()).as("not the window manager's modality").isEqualTo(Modality.NONE);
        assertThat(dialog[0].getOwner()).isSameAs(main);

        robot.clickOn(button);
        robot.interact(() -> main.fireEvent(new WindowEvent(main, WindowEvent.WINDOW_CLOSE_REQUEST)));
        assertThat(pressed).as("a click on the window under the dialog").hasValue(0);
        assertThat(closeAsked).as("the window does not close under its dialog").hasValue(0);
        assertThat(main.isShowing()).isTrue();

        robot.interact(() -> ((Button) dialog[0].getDialogPane().lookupButton(ButtonType.OK)).fire());
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !dialog[0].isShowing());
        robot.clickOn(button);
        assertThat(pressed).as("once the dialog is closed").hasValue(1);
    }

    @Test
    void anOwnedWindowShowsOverTheMiddleOfItsOwnerAtItsSceneSize(FxRobot robot) throws Exception {
        Stage[] window = new Stage[1];
        robot.interact(() -> {
            window[0] = ModalOver.owner(new Stage(), main);
            window[0].setScene(new Scene(new StackPane(), 300, 200));
            ModalOver.showCentred(window[0]);
        });
        WaitForAsyncUtils.waitForFxEvents();

        Stage shown = window[0];
        assertThat(shown.getWidth()).isEqualTo(300, org.assertj.core.data.Offset.offset(1.0));
        double middle = shown.getX() + shown.getWidth() / 2;
        assertThat(middle).isCloseTo(main.getX() + main.getWidth() / 2, org.assertj.core.data.Offset.offset(2.0));
        robot.clickOn(button);
        assertThat(pressed).hasValue(0);
        robot.interact(shown::close);
    }
}
