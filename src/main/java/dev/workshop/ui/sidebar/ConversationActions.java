package dev.workshop.ui.sidebar;

import dev.workshop.ui.fx.ModalOver;
import java.io.File;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * What the sidebar does with whole conversations through a window of the system's or a question: export, import,
 * delete (asked first) and the recently deleted. The list's menu and the detail's buttons share them.
 */
final class ConversationActions {
    /** A format a conversation is exported in: its file extension, its name in the file chooser, its pattern. */
    enum Format {
        MARKDOWN("md", "Markdown", "*.md"),
        JSON(dev.workshop.orchestration.ConversationExport.JSON_EXTENSION, "Workshop conversation (JSON)", "*.json");

        private final String extension;
        private final String description;
        private final String pattern;

        Format(String extension, String description, String pattern) {
            this.extension = extension;
            this.description = description;
            this.pattern = pattern;
        }
    }

    private final SidebarViewModel viewModel;
    private final Node owner;

    ConversationActions(SidebarViewModel viewModel, Node owner) {
        this.viewModel = viewModel;
        this.owner = owner;
    }

    /** The conversation shown, to a file the user names. */
    void export(Format format) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export the conversation");
        chooser.setInitialFileName(viewModel.exportName(format.extension));
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(format.description, format.pattern));
        File file = chooser.showSaveDialog(window());
        if (file != null) {
            viewModel.export(file.toPath());
        }
    }

    /**
     * Every conversation (or the several picked) as JSON files in a folder the user chooses: a backup that
     * Import reads back, one conversation at a time.
     */
    void exportAll(List<ConversationRow> picks) {
        List<ConversationRow> chosen = picks.size() > 1 ? picks : List.copyOf(viewModel.allRows());
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle(chosen.size() == 1 ? "Export the conversation to a folder"
                : "Export " + chosen.size() + " conversations to a folder");
        File folder = chooser.showDialog(window());
        if (folder != null) {
            viewModel.transfer().exportAll(chosen, folder.toPath());
        }
    }

    void importConversation() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Import a conversation");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Conversation (JSON)", "*.json"));
        File file = chooser.showOpenDialog(window());
        if (file != null) {
            viewModel.transfer().importFile(file.toPath());
        }
    }

    /** Asks first (Cancel is the default answer), then deletes; the rows leave the list as each is done. */
    void confirmDelete(List<ConversationRow> targets) {
        if (targets.isEmpty()) {
            return;
        }
        List<String> question = ConversationDeletion.question(targets);
        ButtonType delete = new ButtonType("Delete", ButtonBar.ButtonData.OK_DONE);
        Alert confirm = new Alert(Alert.AlertType.CONFIRMATION, question.get(1), ButtonType.CANCEL, delete);
        confirm.setTitle("Delete conversations");
        confirm.setHeaderText(question.get(0));
        confirm.getDialogPane().setId("confirm-delete");
        Button deleteButton = (Button) confirm.getDialogPane().lookupButton(delete);
        deleteButton.setDefaultButton(false);
        deleteButton.getStyleClass().add("danger");
        ((Button) confirm.getDialogPane().lookupButton(ButtonType.CANCEL)).setDefaultButton(true);
        ModalOver.owner(confirm, window());
        if (confirm.showAndWait().filter(delete::equals).isPresent()) {
            viewModel.deletion().delete(targets);
        }
    }

    /**
     * Asks first, naming what goes and that there is no undo (Cancel is the default answer), then erases for good:
     * the data is opened again meanwhile.
     */
    void confirmErase(List<ConversationRow> targets) {
        if (targets.isEmpty()) {
            return;
        }
        if (ErasureQuestion.agreed(targets, window())) {
            viewModel.deletion().erase(targets);
        }
    }

    /** Hold in git: asks where (the data directory's repository unless another is named), then holds. */
    void hold(ConversationRow row) {
        if (row != null) {
            new HoldDialog(viewModel, row, owner).show();
        }
    }

    /** The held sessions of a repository, to re-inflate one here. */
    void openHeld() {
        new HeldSessionsDialog(viewModel, owner).show();
    }

    void showRecentlyDeleted() {
        new RecentlyDeletedDialog(viewModel, owner).show();
    }

    private Window window() {
        return owner.getScene() == null ? null : owner.getScene().getWindow();
    }
}
