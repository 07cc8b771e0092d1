package dev.workshop.ui.sidebar;

import dev.workshop.ui.fx.IconOnly;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Ctrl+F inside a conversation: the messages whose text holds what is typed, "2 of 5", and Enter / Shift+Enter
 * (or the arrows) to go from one to the next; each is scrolled into view and selected. Esc closes it.
 */
final class FindBar extends HBox {
    private final TextField field = new TextField();
    private final Label count = new Label();
    private final Supplier<List<MessageItem>> messages;
    private final IntConsumer show;
    private final Runnable onClose;
    private List<Integer> matches = List.of();
    /** Turn index of the match shown, or -1. */
    private int current = -1;
    /** What the messages mark as found: the text searched for while the bar is open, else "". */
    private final javafx.beans.property.ReadOnlyStringWrapper highlight = new javafx.beans.property.ReadOnlyStringWrapper("");

    /**
     * @param messages the shown conversation's messages
     * @param show     brings turn {@code i}'s message into view
     * @param onClose  where the focus goes back to
     */
    FindBar(Supplier<List<MessageItem>> messages, IntConsumer show, Runnable onClose) {
        this.messages = messages;
        this.show = show;
        this.onClose = onClose;
        setId("find-bar");
        getStyleClass().add("find-bar");
        setSpacing(4);
        setAlignment(Pos.CENTER_LEFT);
        field.setId("find-field");
        field.setPromptText("Find in this conversation");
        HBox.setHgrow(field, Priority.ALWAYS);
        field.textProperty().addListener((property, old, text) -> {
            current = -1;
            refresh();
            step(1);
        });
        field.addEventFilter(KeyEvent.KEY_PRESSED, event -> {
            if (event.getCode() == KeyCode.ENTER) {
                step(event.isShiftDown() ? -1 : 1);
                event.consume();
            } else if (event.getCode() == KeyCode.ESCAPE) {
                close();
                event.consume();
            }
        });
        count.setId("find-count");
        count.getStyleClass().add("find-count");
        count.setMinWidth(Region.USE_PREF_SIZE);
        Button previous = iconButton(Feather.CHEVRON_UP, "Previous match (Shift+Enter)", () -> step(-1));
        Button next = iconButton(Feather.CHEVRON_DOWN, "Next match (Enter)", () -> step(1));
        Button close = iconButton(Feather.X, "Close (Esc)", this::close);
        previous.setId("find-previous");
        next.setId("find-next");
        close.setId("find-close");
        getChildren().addAll(new FontIcon(Feather.SEARCH), field, count, previous, next, close);
        setVisible(false);
        managedProperty().bind(visibleProperty());
        highlight.bind(javafx.beans.binding.Bindings.when(visibleProperty()).then(field.textProperty()).otherwise(""));
    }

    private static Button iconButton(Feather icon, String tip, Runnable action) {
        Button button = new Button(null, new FontIcon(icon));
        button.getStyleClass().addAll("button-icon", "flat");
        IconOnly.withTip(button, tip);
        button.setOnAction(event -> action.run());
        button.setFocusTraversable(false);
        return button;
    }

    /** The text the messages mark: what is searched for while the bar is open, "" once it is closed. */
    javafx.beans.property.ReadOnlyStringProperty highlightProperty() {
        return highlight.getReadOnlyProperty();
    }

    /** Shows the bar with its text selected, so typing starts a new search. */
    void open() {
        setVisible(true);
        field.requestFocus();
        field.selectAll();
        refresh();
    }

    void close() {
        setVisible(false);
        onClose.run();
    }

    /** Finds again in the messages as they are now (a message arrived, another conversation was shown). */
    void refresh() {
        if (!isVisible()) {
            return;
        }
        matches = matchingTurns(messages.get(), field.getText());
        if (!matches.contains(current)) {
            current = -1;
        }
        showCount();
    }

    /** Goes to the next match after the current one ({@code direction} 1) or before it (-1), round the end. */
    private void step(int direction) {
        if (matches.isEmpty()) {
            showCount();
            return;
        }
        int at = matches.indexOf(current);
        int next = at < 0 ? (direction > 0 ? 0 : matches.size() - 1)
                : Math.floorMod(at + direction, matches.size());
        current = matches.get(next);
        showCount();
        show.accept(current);
    }

    private void showCount() {
        String text = field.getText() == null ? "" : field.getText();
        int at = matches.indexOf(current);
        count.setText(text.isBlank() ? "" : matches.isEmpty() ? "No matches"
                : at < 0 ? matches.size() + (matches.size() == 1 ? " match" : " matches")
                : (at + 1) + " of " + matches.size());
    }

    /**
     * The turns whose message text contains {@code text}, ignoring case, in order; none for a blank text. Spaces
     * count, as in a browser's find: "line 3 " finds line 3 and not line 30.
     */
    static List<Integer> matchingTurns(List<MessageItem> items, String text) {
        String needle = text == null ? "" : text.toLowerCase(Locale.ROOT);
        List<Integer> turns = new ArrayList<>();
        if (needle.isBlank()) {
            return turns;
        }
        for (MessageItem item : items) {
            if (item.content().toLowerCase(Locale.ROOT).contains(needle)) {
                turns.add(item.turnIndex());
            }
        }
        return turns;
    }
}
