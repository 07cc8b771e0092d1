package dev.workshop.ui.dialogs;

import dev.workshop.ui.fx.ModalOver;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.layout.Region;
import javafx.stage.Window;

/**
 * Asked before a shorter retention policy is saved: it applies to the conversations already there, at the next daily
 * run (soon after saving), and erasing cannot be undone. Cancel is the default answer.
 */
final class ShorterRetentionQuestion {
    private ShorterRetentionQuestion() {
    }

    static boolean agreed(Window owner, int abandonDays, int purgeDays) {
        ButtonType apply = new ButtonType("Keep for less", ButtonBar.ButtonData.OK_DONE);
        Alert question = new Alert(Alert.AlertType.WARNING, details(abandonDays, purgeDays), ButtonType.CANCEL, apply);
        question.setTitle("Keep conversations for less time");
        question.setHeaderText("Apply the shorter limits to the conversations already here?");
        question.getDialogPane().setId("confirm-shorter-retention");
        question.getDialogPane().setMinHeight(Region.USE_PREF_SIZE);
        Button applyButton = (Button) question.getDialogPane().lookupButton(apply);
        applyButton.setDefaultButton(false);
        applyButton.getStyleClass().add("danger");
        ((Button) question.getDialogPane().lookupButton(ButtonType.CANCEL)).setDefaultButton(true);
        ModalOver.owner(question, owner);
        return question.showAndWait().filter(apply::equals).isPresent();
    }

    static String details(int abandonDays, int purgeDays) {
        StringBuilder text = new StringBuilder("The limits count from each conversation's last change, also for those"
                + " you have now. Soon after you save:");
        if (abandonDays > 0) {
            text.append("\n• those idle ").append(abandonDays).append(" days or more are marked abandoned");
        }
        if (purgeDays > 0) {
            text.append("\n• those that ended ").append(purgeDays).append(" days ago or more are erased for good — this")
                    .append(" cannot be undone");
        }
        return text.append("\n\n'workshop gc --dry-run' lists what a run takes.").toString();
    }
}
