package dev.workshop.ui.sidebar;

import java.util.List;

/** What the Erase permanently question says: which conversations, what goes with them, and that it cannot be undone. */
final class ErasureQuestion {
    private ErasureQuestion() {
    }

    /** Asks (Cancel is the default answer); whether the user chose to erase. */
    static boolean agreed(List<ConversationRow> targets, javafx.stage.Window owner) {
        javafx.scene.control.ButtonType erase = new javafx.scene.control.ButtonType("Erase permanently",
                javafx.scene.control.ButtonBar.ButtonData.OK_DONE);
        javafx.scene.control.Alert confirm = new javafx.scene.control.Alert(
                javafx.scene.control.Alert.AlertType.WARNING, details(targets), javafx.scene.control.ButtonType.CANCEL,
                erase);
        confirm.setTitle("Erase permanently");
        confirm.setHeaderText(header(targets));
        confirm.getDialogPane().setId("confirm-erase");
        confirm.getDialogPane().setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        javafx.scene.control.Button eraseButton = (javafx.scene.control.Button) confirm.getDialogPane()
                .lookupButton(erase);
        eraseButton.setDefaultButton(false);
        eraseButton.getStyleClass().add("danger");
        ((javafx.scene.control.Button) confirm.getDialogPane().lookupButton(javafx.scene.control.ButtonType.CANCEL))
                .setDefaultButton(true);
        dev.workshop.ui.fx.ModalOver.owner(confirm, owner);
        return confirm.showAndWait().filter(erase::equals).isPresent();
    }

    static String header(List<ConversationRow> targets) {
        return targets.size() == 1 ? "Erase \u201c" + targets.getFirst().title() + "\u201d for good?"
                : "Erase " + targets.size() + " conversations for good?";
    }

    static String details(List<ConversationRow> targets) {
        String it = targets.size() == 1 ? "its" : "their";
        return "Workshop takes out " + it + " messages, what " + (targets.size() == 1 ? "it" : "they")
                + " posted, pinned, voted or remembered on shared elements, " + it + " held branches, snapshots and"
                + " drafts, and " + it + " name in the audit trail — from every place it wrote them — and never"
                + " writes " + (targets.size() == 1 ? "it" : "them") + " again.\n\n"
                + "There is no undo: Delete keeps conversations in Recently deleted instead. Exports you saved and"
                + " branches pushed to other repositories are not reached.\n\n"
                + "The data is opened again to finish: running conversations pause for a moment and go on.";
    }
}
