package dev.workshop.ui.sidebar;

import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * The editor that takes the place of the shown conversation's title: Enter or a click elsewhere keeps what was
 * typed (as in a file manager), Esc leaves the title as it was. Started from the list (F2, a double-click, the
 * row menu) and from the title itself.
 */
final class TitleEditor extends TextField {
    private final SidebarViewModel viewModel;
    /** Where the focus goes once the title is kept or left: back to the list. */
    private Runnable afterwards = () -> { };
    /** The conversation whose title is in the editor, or null. */
    private ConversationRow renaming;

    TitleEditor(SidebarViewModel viewModel) {
        this.viewModel = viewModel;
        setId("title-editor");
        setPromptText("A title (empty: the task's first line)");
        setVisible(false);
        managedProperty().bind(visibleProperty());
        HBox.setHgrow(this, Priority.ALWAYS);
        setOnAction(event -> finish(true));
        addEventFilter(KeyEvent.KEY_PRESSED, event -> {
            if (event.getCode() == KeyCode.ESCAPE) {
                finish(false);
                event.consume();
            }
        });
        focusedProperty().addListener((property, was, focused) -> {
            if (!focused) {
                finish(true);
            }
        });
        // A title being edited belongs to the conversation it was started on.
        viewModel.selectedProperty().addListener((property, old, row) -> {
            if (renaming != null && (row == null || !row.id().equals(renaming.id()))) {
                finish(true);
            }
        });
    }

    void setAfterwards(Runnable action) {
        afterwards = action;
    }

    /** Shows {@code row} (if it is not shown yet) and puts its title in the editor, selected. */
    void start(ConversationRow row) {
        if (row == null) {
            return;
        }
        ConversationRow shown = viewModel.selectedProperty().get();
        if (shown == null || !shown.id().equals(row.id())) {
            viewModel.select(row);
        }
        renaming = row;
        setText(row.title());
        setVisible(true);
        requestFocus();
        selectAll();
    }

    private void finish(boolean keep) {
        ConversationRow row = renaming;
        if (row == null) {
            return;
        }
        renaming = null;
        setVisible(false);
        String title = getText();
        if (keep && !title.strip().equals(row.title())) {
            viewModel.rename(row.id(), title);
        }
        afterwards.run();
    }
}
