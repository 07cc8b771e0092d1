package dev.workshop.ui.dialogs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.settings.Preferences;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.Spinner;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** On a team server the settings show the team's retention policy and keep this device's own days as they were. */
@ExtendWith(ApplicationExtension.class)
class PreferencesDialogTest {
    private Stage owner;

    @Start
    void start(Stage stage) {
        owner = DialogOwner.shown(stage);
    }

    @Test
    void onATeamServerTheTeamsRetentionShowsAndTheDevicesOwnIsKept(FxRobot robot) throws Exception {
        Preferences mine = new Preferences(6, 3, 0, 8, 12, 0);
        AtomicReference<PreferencesDialog> shown = new AtomicReference<>();
        robot.interact(() -> {
            PreferencesDialog dialog = new PreferencesDialog(mine, Optional.of("Team server: db.example:5432/team"),
                    Optional.empty());
            dialog.followTheTeam(true);
            dialog.initOwner(owner);
            dialog.show();
            shown.set(dialog);
        });
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS,
                () -> robot.lookup("#preference-purge-days").tryQuery().isPresent());
        Spinner<?> abandon = robot.lookup("#preference-abandon-days").queryAs(Spinner.class);
        Spinner<?> purge = robot.lookup("#preference-purge-days").queryAs(Spinner.class);

        assertThat(abandon.getValue()).isEqualTo(30);
        assertThat(purge.getValue()).isEqualTo(90);
        assertThat(abandon.isDisable()).isTrue();
        assertThat(purge.isDisable()).isTrue();
        assertThat(robot.lookup("#preference-team-retention").queryLabeled().getText())
                .startsWith("On the team server the team's policy applies");
        robot.clickOn("Save");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#confirm-shorter-retention").tryQuery()).as("nothing of this device's shortened")
                .isEmpty();
        assertThat(shown.get().getResult()).isEqualTo(mine);
    }

    @Test
    void aRowThatTakesTheFocusIsScrolledIntoView(FxRobot robot) throws Exception {
        robot.interact(() -> {
            PreferencesDialog dialog = new PreferencesDialog(Preferences.DEFAULTS, Optional.of("This device only"),
                    Optional.empty());
            dialog.initOwner(owner);
            dialog.show();
        });
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS,
                () -> robot.lookup("#preference-team-server-change").tryQuery().isPresent());
        javafx.scene.control.ScrollPane rows = robot.lookup("#preferences-dialog").lookup(".scroll-pane").query();
        javafx.scene.Node change = robot.lookup("#preference-team-server-change").query();
        WaitForAsyncUtils.waitForFxEvents();
        org.junit.jupiter.api.Assumptions.assumeTrue(rows.getViewportBounds().getHeight()
                < ((javafx.scene.layout.Region) rows.getContent()).getHeight(), "the screen shows every row at once");

        robot.interact(change::requestFocus);

        javafx.geometry.Bounds shown = rows.localToScene(rows.getLayoutBounds());
        javafx.geometry.Bounds button = change.localToScene(change.getLayoutBounds());
        assertThat(rows.getVvalue()).isPositive();
        assertThat(button.getMaxY()).isLessThanOrEqualTo(shown.getMaxY() + 0.5);
        robot.interact(() -> robot.lookup("#preferences-dialog").query().getScene().getWindow().hide());
    }
}
