package dev.workshop.ui.sidebar;

import dev.workshop.ui.fx.IconOnly;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javafx.animation.PauseTransition;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ListView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.StackPane;
import javafx.util.Duration;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Where the message lists are scrolled. They follow the newest message while the reader is at the bottom; a
 * reader who scrolled up to read is left where they are, and "Jump to latest" floats over the list until
 * they go back. A message revealed from the canvas is scrolled to and selected, and the list stays on it as
 * new messages arrive.
 */
final class MessageFollower {
    private final ListView<MessageItem> single;
    private final List<ListView<MessageItem>> panes;
    private final BooleanSupplier dual;
    private final Supplier<ConversationRow> selected;
    private final List<ListView<MessageItem>> all = new ArrayList<>();
    private final Map<ListView<MessageItem>, VirtualFlow<?>> flows = new IdentityHashMap<>();
    private final PauseTransition settle = new PauseTransition(Duration.millis(120));
    /** What to do once new rows have been measured: go to the end again, or to the revealed message. */
    private Runnable afterSettle = this::scrollToEnd;
    private final Button jump = new Button(null, new FontIcon(Feather.ARROW_DOWN));
    /** A message asked for that is not listed yet (its history is still loading, or it is being written). */
    private Reveal pendingReveal;
    /** Set once a message was revealed: the list stays on it as new ones arrive, until Jump to latest or End. */
    private boolean followPaused;
    /** Set while the reply being written grows under a reader at the end: the next layout scrolls to the end. */
    private boolean stickToEnd;

    /**
     * @param single   the list of every message
     * @param panes    the two panes shown instead for a conversation with the user
     * @param dual     whether the panes are shown
     * @param selected the conversation whose messages are listed
     */
    MessageFollower(ListView<MessageItem> single, List<ListView<MessageItem>> panes, BooleanSupplier dual,
                    Supplier<ConversationRow> selected) {
        this.single = single;
        this.panes = List.copyOf(panes);
        this.dual = dual;
        this.selected = selected;
        all.add(single);
        all.addAll(panes);
        settle.setOnFinished(event -> afterSettle.run());
        for (ListView<MessageItem> list : all) {
            list.addEventHandler(KeyEvent.KEY_PRESSED, event -> {
                if (event.getCode() == KeyCode.END) {
                    followPaused = false;
                }
            });
            // A reader who scrolls (wheel, keys, the scroll bar) while the rows are being measured is not taken
            // back to the end, or to the revealed message, once they have been.
            list.addEventFilter(ScrollEvent.SCROLL, event -> settle.stop());
            list.addEventFilter(KeyEvent.KEY_PRESSED, event -> settle.stop());
            list.addEventFilter(MouseEvent.MOUSE_PRESSED, event -> settle.stop());
        }
        jump.setId("jump-to-latest");
        jump.getStyleClass().addAll("jump-to-latest", "accent", "button-circle");
        // A round button in the list's right margin, beside the scroll bar, where no message text runs (a reply's
        // text ends short of it): it never covers what is being read, and the list keeps its height.
        IconOnly.withTip(jump, "Jump to latest: go to the newest message and follow new ones again (End)");
        jump.setVisible(false);
        jump.setOnAction(event -> {
            followPaused = false;
            settleAt(this::scrollToEnd);
        });
        StackPane.setAlignment(jump, Pos.BOTTOM_RIGHT);
        StackPane.setMargin(jump, new Insets(0, 16, 10, 0));
    }

    /** The button to put over the lists (in their StackPane). */
    Button jumpButton() {
        return jump;
    }

    /** After the messages changed: the revealed message if it just arrived, else the newest while following. */
    void messagesChanged(ListChangeListener.Change<? extends MessageItem> change) {
        int size = change.getList().size();
        boolean replaced = false;
        while (change.next()) {
            // One row swapped or dropped is the reply being written becoming its message (or going): not a new list.
            boolean oneRow = change.getRemovedSize() == 1 && change.getAddedSize() <= 1 && size > 0;
            replaced |= !oneRow && (change.wasRemoved() || change.getFrom() == 0);
        }
        if (revealIfListed()) {
            return;
        }
        if (size > 0 && (replaced || !followPaused && atBottom(size))) {
            single.scrollTo(size - 1);
            // Rows differ in height and are measured as they are first shown: go to the very end again once
            // they have been, so that the last message shows whole.
            afterSettle = this::scrollToEnd;
            settle.playFromStart();
        }
    }

    /**
     * The reply being written is about to grow: if the reader is at the very end, they stay there as it does (the
     * list scrolls once it has laid the longer row out); a reader who scrolled up is left where they are.
     */
    void writingGrew() {
        stickToEnd |= !followPaused && shown().stream().allMatch(this::endInView);
    }

    /** Brings {@code reveal}'s message into view now, or once it is listed. */
    void reveal(Reveal reveal) {
        pendingReveal = reveal;
        revealIfListed();
    }

    /** Another conversation was selected (or none): what was asked for the one before no longer applies. */
    void selectionChanged(ConversationRow old, ConversationRow row) {
        if (pendingReveal != null && (row == null || !row.id().equals(pendingReveal.conversationId()))) {
            pendingReveal = null;
        }
        if (old == null || row == null || !old.id().equals(row.id())) {
            followPaused = false;
        }
    }

    /** Shows "Jump to latest" while the newest message is out of view; call after each layout. */
    void updateJump(boolean loading) {
        if (stickToEnd) {
            stickToEnd = false;
            scrollToEnd();
        }
        jump.setVisible(!loading && shown().stream().anyMatch(this::behindLatest));
    }

    private List<ListView<MessageItem>> shown() {
        return dual.getAsBoolean() ? panes : List.of(single);
    }

    /**
     * Scrolls to the revealed message and selects it, if it is listed in a list on screen; true if it was. A
     * message of an earlier round with the user, which neither pane holds, is not shown.
     */
    private boolean revealIfListed() {
        Reveal reveal = pendingReveal;
        ConversationRow row = selected.get();
        if (reveal == null || row == null || !row.id().equals(reveal.conversationId())) {
            return false;
        }
        List<Runnable> scrolls = new ArrayList<>();
        for (ListView<MessageItem> list : shown()) {
            List<MessageItem> items = list.getItems();
            for (int i = 0; i < items.size(); i++) {
                // A turn may show twice: a reply cut off, then the whole one asked again; the whole one is meant.
                if (items.get(i).turnIndex() == reveal.turnIndex() && !items.get(i).cutOff() && !items.get(i).writing()) {
                    int index = i;
                    list.getSelectionModel().select(index);
                    scrolls.add(() -> list.scrollTo(index));
                    break;
                }
            }
        }
        if (scrolls.isEmpty()) {
            return false;
        }
        pendingReveal = null;
        followPaused = true;
        // As for the end: once the rows above are measured, to the same message again.
        settleAt(() -> scrolls.forEach(Runnable::run));
        return true;
    }

    /** Scrolls now, and again once the rows it brought into view have been measured. */
    private void settleAt(Runnable scroll) {
        scroll.run();
        afterSettle = scroll;
        settle.playFromStart();
    }

    private void scrollToEnd() {
        for (ListView<MessageItem> list : all) {
            int size = list.getItems().size();
            if (size > 0) {
                list.scrollTo(size - 1);
                flow(list).ifPresent(flow -> flow.scrollPixels(1e7));
            }
        }
    }

    /** Whether the last message before this change was in view. */
    private boolean atBottom(int size) {
        return flow(single).map(flow -> flow.getLastVisibleCell() == null
                || flow.getLastVisibleCell().getIndex() >= size - 3).orElse(true);
    }

    /** Whether the bottom of the last row of {@code list} is in view (an empty list's end is). */
    private boolean endInView(ListView<MessageItem> list) {
        int size = list.getItems().size();
        return size == 0 || flow(list).map(flow -> {
            var last = flow.getLastVisibleCell();
            if (last == null || last.getIndex() < size - 1) {
                return false;
            }
            return last.localToScene(last.getLayoutBounds()).getMaxY()
                    <= flow.localToScene(flow.getLayoutBounds()).getMaxY() + 2;
        }).orElse(true);
    }

    /** Whether the newest message of {@code list} is wholly out of view. */
    private boolean behindLatest(ListView<MessageItem> list) {
        int size = list.getItems().size();
        return size > 0 && flow(list).map(flow -> flow.getLastVisibleCell() != null
                && flow.getLastVisibleCell().getIndex() < size - 1).orElse(false);
    }

    /**
     * The list's scrolling part, once its skin has made one. Kept: {@link #updateJump} asks on every pulse,
     * and a lookup parses its selector each time.
     */
    private Optional<VirtualFlow<?>> flow(ListView<MessageItem> list) {
        VirtualFlow<?> kept = flows.get(list);
        if (kept != null && kept.getParent() == list) {
            return Optional.of(kept);
        }
        if (list.lookup(".virtual-flow") instanceof VirtualFlow<?> flow) {
            flows.put(list, flow);
            return Optional.of(flow);
        }
        return Optional.empty();
    }
}
