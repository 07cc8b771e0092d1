package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.DeletedConversation;
import java.time.Instant;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Recently deleted: every conversation the user deleted, most recently deleted first, to bring back with all
 * its messages, or to erase for good. A delete only hides a conversation (its events stay in the log) for the bin's
 * days, then the retention policy erases it; the sidebar's Undo bar is the quick way back, this is the way back
 * after it has gone.
 */
final class RecentlyDeletedDialog {
    static final ButtonType BRING_BACK = new ButtonType("Bring back", ButtonBar.ButtonData.OK_DONE);
    /** How long Recently deleted keeps a conversation (the retention policy's bin, the same on every policy). */
    private static final long BIN_DAYS = dev.workshop.domain.retention.RetentionPolicy.DESKTOP.binAfter().toDays();
    static final ButtonType ERASE = new ButtonType("Erase permanently…", ButtonBar.ButtonData.LEFT);

    private final SidebarViewModel viewModel;
    private final ListView<DeletedConversation> list = new ListView<>();
    private final Alert dialog = new Alert(Alert.AlertType.NONE, "", ERASE, ButtonType.CLOSE, BRING_BACK);

    RecentlyDeletedDialog(SidebarViewModel viewModel, Node owner) {
        this.viewModel = viewModel;
        list.setId("deleted-list");
        list.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        list.setCellFactory(view -> new DeletedCell());
        list.setPrefSize(460, 320);
        list.setPlaceholder(TextWindow.placeholder("Reading the deleted conversations…", ""));
        // A double-click or Enter brings back what is picked, as the button does.
        list.setOnMouseClicked(event -> {
            if (event.getButton() == MouseButton.PRIMARY && event.getClickCount() == 2
                    && !list.getSelectionModel().isEmpty()) {
                bringBackPicked();
            }
        });
        list.setOnKeyPressed(event -> {
            if (event.getCode() == KeyCode.ENTER && !list.getSelectionModel().isEmpty()) {
                bringBackPicked();
                event.consume();
            }
        });
        Label hint = new Label("Deleted conversations keep every message for " + BIN_DAYS + " days, then they are"
                + " erased for good. Pick one or more (Shift- or Ctrl-click) and bring them back to the list, or erase"
                + " them now.");
        hint.setWrapText(true);
        hint.getStyleClass().add("deleted-hint");
        VBox content = new VBox(8, hint, list);
        // In line with the button bar below, which has its own padding.
        content.setPadding(new javafx.geometry.Insets(12, 12, 0, 12));
        VBox.setVgrow(list, Priority.ALWAYS);

        dialog.setTitle("Recently deleted");
        dialog.setHeaderText(null);
        dialog.setResizable(true);
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().setId("recently-deleted");
        TextWindow.ownedBy(dialog, owner);
        dialog.getDialogPane().getStylesheets().add(RecentlyDeletedDialog.class.getResource("sidebar.css")
                .toExternalForm());
        Button bringBack = (Button) dialog.getDialogPane().lookupButton(BRING_BACK);
        bringBack.setId("bring-back");
        bringBack.setGraphic(new FontIcon(Feather.CORNER_UP_LEFT));
        bringBack.disableProperty().bind(Bindings.isEmpty(list.getSelectionModel().getSelectedItems()));
        // A filter runs before the dialog's own handler closes it, so the picks are still there to read.
        bringBack.addEventFilter(javafx.event.ActionEvent.ACTION, event -> bringBackPicked());
        Button erase = (Button) dialog.getDialogPane().lookupButton(ERASE);
        erase.setId("erase-deleted");
        erase.getStyleClass().add("danger");
        erase.disableProperty().bind(Bindings.isEmpty(list.getSelectionModel().getSelectedItems()));
        erase.addEventFilter(javafx.event.ActionEvent.ACTION, event -> {
            // Asked first; the window stays open when the user thinks again.
            event.consume();
            List<ConversationRow> picked = list.getSelectionModel().getSelectedItems().stream()
                    .map(deleted -> ConversationRow.of(deleted.state())).toList();
            if (ErasureQuestion.agreed(picked, dialog.getDialogPane().getScene().getWindow())) {
                dialog.close();
                viewModel.deletion().erase(picked);
            }
        });
    }

    /** Opens the window and reads the deleted conversations in the background. */
    void show() {
        dialog.show();
        viewModel.deletion().loadDeleted(rows -> {
            list.getItems().setAll(rows);
            list.setPlaceholder(TextWindow.placeholder("Nothing is deleted",
                    "Conversations you delete wait here " + BIN_DAYS + " days for you to bring them back."));
            if (!rows.isEmpty()) {
                list.getSelectionModel().selectFirst();
                list.requestFocus();
            }
        });
    }

    private void bringBackPicked() {
        List<ConversationId> picked = list.getSelectionModel().getSelectedItems().stream()
                .map(deleted -> deleted.state().id()).toList();
        viewModel.deletion().bringBack(picked, true);
        dialog.close();
    }

    /** A deleted conversation: its title, who took part and how far it got, and when it was deleted. */
    private static final class DeletedCell extends ListCell<DeletedConversation> {
        @Override
        protected void updateItem(DeletedConversation deleted, boolean empty) {
            super.updateItem(deleted, empty);
            if (empty || deleted == null) {
                setGraphic(null);
                setTooltip(null);
                return;
            }
            ConversationRow row = ConversationRow.of(deleted.state());
            Label title = new Label(row.title());
            title.getStyleClass().add("row-title");
            Label when = new Label("Deleted " + ConversationRow.relativeTime(deleted.deletedAt(), Instant.now())
                    + " · last active " + ConversationRow.relativeTime(row.updatedAt(), Instant.now()));
            when.getStyleClass().add("row-time");
            Label people = new Label(row.participants() + " · " + row.turnsShort() + " · "
                    + row.statusWords());
            people.getStyleClass().add("row-people");
            VBox box = new VBox(2, title, people, when);
            box.setAlignment(Pos.CENTER_LEFT);
            setTooltip(new Tooltip("Deleted " + ConversationRow.clockTime(deleted.deletedAt())
                    + "\nLast active " + ConversationRow.clockTime(row.updatedAt())));
            setText(null);
            setGraphic(box);
        }
    }
}
