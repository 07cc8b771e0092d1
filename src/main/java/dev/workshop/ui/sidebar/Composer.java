package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.ui.fx.IconOnly;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** Where the human writes when it is their turn; Ctrl+Enter sends. Each conversation keeps its unsent text. */
final class Composer extends HBox {
    private final SidebarViewModel viewModel;
    private final TextArea input = new TextArea();
    private final Button send = new Button(null, new FontIcon(Feather.SEND));
    /** Set while a conversation's draft is put in the editor, so it is not taken for typing. */
    private boolean showingDraft;

    Composer(SidebarViewModel viewModel) {
        super(6);
        this.viewModel = viewModel;
        input.setId("composer");
        input.setWrapText(true);
        input.setPrefRowCount(3);
        HBox.setHgrow(input, Priority.ALWAYS);
        send.setId("send-message");
        send.getStyleClass().addAll("accent", "button-icon");
        IconOnly.withTip(send, "Send (Ctrl+Enter)");
        send.setMinWidth(Region.USE_PREF_SIZE);
        BooleanBinding yourTurn = Bindings.createBooleanBinding(
                () -> viewModel.selectedProperty().get() != null
                        && viewModel.selectedProperty().get().acceptsYourMessage(),
                viewModel.selectedProperty());
        input.disableProperty().bind(yourTurn.not());
        input.promptTextProperty().bind(Bindings.createStringBinding(
                () -> promptFor(viewModel.selectedProperty().get()), viewModel.selectedProperty()));
        send.disableProperty().bind(yourTurn.not().or(input.textProperty().isEmpty()));
        send.setOnAction(event -> submit());
        // Each conversation keeps its own unsent text, across a switch, a restart and a crash.
        viewModel.selectedProperty().addListener((property, old, row) -> {
            if (old == null || row == null || !old.id().equals(row.id())) {
                showingDraft = true;
                input.setText(row == null ? "" : viewModel.draftOf(row.id()));
                input.positionCaret(input.getLength());
                showingDraft = false;
            }
        });
        input.textProperty().addListener((property, old, text) -> {
            ConversationRow row = viewModel.selectedProperty().get();
            if (!showingDraft && row != null) {
                viewModel.keepDraft(row.id(), text);
            }
        });
        input.addEventFilter(KeyEvent.KEY_PRESSED, event -> {
            if (event.getCode() == KeyCode.ENTER && event.isShortcutDown()) {
                submit();
                event.consume();
            }
        });
        getChildren().addAll(input, send);
        setAlignment(Pos.BOTTOM_RIGHT);
        getStyleClass().add("composer");
        BooleanBinding shown = viewModel.selectedProperty().isNotNull();
        visibleProperty().bind(shown);
        managedProperty().bind(shown);
    }

    private void submit() {
        if (!send.isDisabled()) {
            viewModel.send(input.getText());
            input.clear();
        }
    }

    /** What the empty editor says: whose turn it is, or why nothing can be written now. */
    private static String promptFor(ConversationRow row) {
        if (row != null && row.status() == ConversationStatus.WAITING && !row.acceptsYourMessage()) {
            return "Approve, deny or answer the tool call above to go on";
        }
        if (row != null && row.status() == ConversationStatus.WAITING) {
            return row.resumable() ? "Write a new round, or Resume (Ctrl+Enter)" : "Your turn (Ctrl+Enter sends)";
        }
        if (row != null && !row.endRecorded()) {
            return "Saving stopped: Reopen (above) to go on";
        }
        if (row != null && row.failedTurn()) {
            return row.acceptsYourMessage() ? "Retry (above) asks the turn again, or follow up (Ctrl+Enter sends)"
                    : "Failed: Retry (above) asks the turn again";
        }
        if (row != null && row.status() == ConversationStatus.INTERRUPTED) {
            return "Stopped: Resume goes on from the next turn";
        }
        if (row != null && row.status() == ConversationStatus.HELD) {
            return "Held in git: Re-inflate (above) to go on";
        }
        if (row != null && row.status() == ConversationStatus.QUEUED) {
            return "Queued: starts when a running one ends";
        }
        return row != null && row.status().isFinal() ? "Follow up (Ctrl+Enter sends)" : "Waiting for the agents…";
    }
}
