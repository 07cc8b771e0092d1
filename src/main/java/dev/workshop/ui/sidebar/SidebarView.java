package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationState;
import java.util.function.Consumer;
import javafx.geometry.Orientation;
import javafx.scene.control.SplitPane;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;

/**
 * The conversation sidebar: the list of conversations above ({@link ConversationListPane}) and the one picked
 * below ({@link ConversationDetailPane}), sharing the title editor and the actions on whole conversations.
 */
public final class SidebarView extends SplitPane {
    private static final KeyCombination FIND = new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN);
    private final ConversationListPane listPane;
    private final ConversationDetailPane detailPane;
    /**
     * The list's share of the height while a follow-up round shows two panes: they need the room more than the
     * list does. Outside such a round the list goes back to the share the reader gave it.
     */
    static final double LIST_SHARE_WHILE_DUAL = 0.22;
    /** The reader's share for the list while it is made smaller for two panes; NaN while it is not. */
    private double listShareGiven = Double.NaN;

    public SidebarView(SidebarViewModel viewModel) {
        getStyleClass().add("sidebar");
        getStylesheets().add(SidebarView.class.getResource("sidebar.css").toExternalForm());
        setId("sidebar");
        setOrientation(Orientation.VERTICAL);
        TitleEditor titleEditor = new TitleEditor(viewModel);
        ConversationActions actions = new ConversationActions(viewModel, this);
        listPane = new ConversationListPane(viewModel, titleEditor, actions);
        detailPane = new ConversationDetailPane(viewModel, titleEditor, actions);
        getItems().addAll(listPane, detailPane);
        setDividerPositions(0.38);
        // In the smallest window the list keeps its search and a row, the conversation shown its header, a few
        // lines and the composer.
        listPane.setMinHeight(130);
        detailPane.setMinHeight(200);
        setMinWidth(330);
        viewModel.dualProperty().subscribe(this::makeRoomForTwoPanes);
        // Ctrl+F anywhere in the sidebar finds in the conversation shown (on the canvas it fits the view).
        addEventHandler(KeyEvent.KEY_PRESSED, event -> {
            if (FIND.match(event) && viewModel.selectedProperty().get() != null) {
                detailPane.openFind();
                event.consume();
            }
        });
    }

    private void makeRoomForTwoPanes(boolean dual) {
        double share = getDividerPositions()[0];
        if (dual && Double.isNaN(listShareGiven) && share > LIST_SHARE_WHILE_DUAL) {
            listShareGiven = share;
            setDividerPositions(LIST_SHARE_WHILE_DUAL);
        } else if (!dual && !Double.isNaN(listShareGiven)) {
            // Moved by hand meanwhile: the reader's new choice stays.
            if (Math.abs(share - LIST_SHARE_WHILE_DUAL) < 0.005) {
                setDividerPositions(listShareGiven);
            }
            listShareGiven = Double.NaN;
        }
    }

    /** The list's share of the height to remember: the reader's, not the one made smaller for two panes. */
    public double listShare() {
        double share = getDividerPositions()[0];
        return Double.isNaN(listShareGiven) || Math.abs(share - LIST_SHARE_WHILE_DUAL) >= 0.005 ? share : listShareGiven;
    }

    /** Puts the caret in the conversation search, its text selected so that typing starts a new search. */
    public void focusSearch() {
        listPane.focusSearch();
    }

    /** What "Start again…" does with the conversation picked (the app opens the start dialog, filled in). */
    public void setOnStartAgain(Consumer<ConversationState> action) {
        listPane.setOnStartAgain(action);
    }

    /** What "New" does after clearing the panes (the app opens the start dialog). */
    public void setOnNewConversation(Runnable action) {
        detailPane.setOnNewConversation(action);
    }
}
