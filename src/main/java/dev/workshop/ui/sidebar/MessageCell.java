package dev.workshop.ui.sidebar;

import dev.workshop.domain.agent.Initials;
import dev.workshop.ui.fx.SystemClipboard;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.util.Subscription;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * A message: the speaker's avatar and name, the turn, marks, what it cost, and the content as Markdown, whose text
 * can be selected. The reply being written is a row too: it grows as the words come.
 */
final class MessageCell extends ListCell<MessageItem> {
    private static final UsageText USAGE = UsageText.here();
    /** How much narrower than the list a row is: room for the scroll bar. */
    private static final double ROW_MARGIN = 24;
    /**
     * What a message keeps clear at its right, inside its row: room for the round "Jump to latest" button beside
     * the scroll bar, which then never lies over text. Padding, not a narrower maximum for the text: the list
     * measures a row's height at the width its content is laid out at, so a row never grows once shown.
     */
    private static final Insets CLEAR_OF_JUMP = new Insets(0, 40, 0, 0);
    private final ListView<MessageItem> owner;
    private final ObservableStringValue highlight;
    private final IntConsumer forkAt;
    private final IntConsumer forkToBranch;
    private final TextSelection selection;
    private final LiveReply live;
    /** What the row of a reply being written listens to; stopped when the row shows something else. */
    private Subscription following = Subscription.EMPTY;

    /** The reply being written in the conversation shown, and the retry it waits on ("" for none). */
    record LiveReply(ObservableStringValue writing, ObservableStringValue retrying) {
    }

    /**
     * @param forkAt       "Fork from here": a new conversation from the message's turn
     * @param forkToBranch the same, held on a git branch of its own
     */
    MessageCell(ListView<MessageItem> owner, ObservableStringValue highlight, IntConsumer forkAt,
                IntConsumer forkToBranch, TextSelection selection, LiveReply live) {
        this.owner = owner;
        this.highlight = highlight;
        this.forkAt = forkAt;
        this.forkToBranch = forkToBranch;
        this.selection = selection;
        this.live = live;
        setMaxWidth(Double.MAX_VALUE);
        prefWidthProperty().bind(owner.widthProperty().subtract(ROW_MARGIN));
    }

    /*
     * A row is as tall as its message at the width the list gives it. The theme fixes a list cell's preferred height
     * (-fx-cell-size: 2.8em), so the list sized rows by their minimum height, which the cell's skin took from the
     * message at some other width: a row could come out a line short, its last line under the next row (#48 item 1,
     * seen in the follow-up panes, #36).
     */
    @Override
    protected double computeMinHeight(double width) {
        return getGraphic() == null ? super.computeMinHeight(width) : heightAt(width);
    }

    @Override
    protected double computePrefHeight(double width) {
        return getGraphic() == null ? super.computePrefHeight(width) : heightAt(width);
    }

    private double heightAt(double width) {
        Insets insets = getInsets();
        double inside = width < 0 ? -1 : Math.max(0, width - insets.getLeft() - insets.getRight());
        return insets.getTop() + getGraphic().prefHeight(inside) + insets.getBottom();
    }

    @Override
    protected void updateItem(MessageItem item, boolean empty) {
        super.updateItem(item, empty);
        following.unsubscribe();
        following = Subscription.EMPTY;
        if (empty || item == null) {
            setGraphic(null);
            setContextMenu(null);
            return;
        }
        if (item.writing()) {
            showWriting(item);
            return;
        }
        if (item.lost()) {
            showLost(item);
            return;
        }
        HBox head = head(item);
        List<String> facts = new ArrayList<>(List.of(ConversationRow.clockTime(item.at())));
        facts.addAll(USAGE.details(item.usage()));
        Tooltip about = new Tooltip(String.join("\n", facts));
        ((Label) head.lookup(".message-turn")).setTooltip(about);
        // The marks wrap onto more lines in a narrow sidebar rather than being cut ("resumed afte…"); the name,
        // the turn and the cost keep their width.
        FlowPane marks = new FlowPane(6, 2);
        marks.setMinWidth(0);
        HBox.setHgrow(marks, Priority.ALWAYS);
        item.resumeMark().ifPresent(text -> marks.getChildren().add(mark(text, Feather.ROTATE_CCW)));
        if (item.retried()) {
            marks.getChildren().add(mark("asked again", Feather.REFRESH_CW));
        }
        if (item.cutOff()) {
            marks.getChildren().add(mark("cut off here", Feather.SCISSORS));
        }
        if (item.usage().cutAtTokenLimit()) {
            marks.getChildren().add(mark("token limit", Feather.SCISSORS, "Cut at the token limit: the reply"
                    + " stopped because it reached the most it may be (Max tokens in Agents…), not because it was"
                    + " done"));
        }
        head.getChildren().add(marks);
        String cost = USAGE.brief(item.usage());
        if (!cost.isEmpty()) {
            Label usage = new Label(cost);
            usage.getStyleClass().add("message-usage");
            usage.setMinWidth(Region.USE_PREF_SIZE);
            usage.setTooltip(about);
            head.getChildren().add(usage);
        }
        MarkdownView content = new MarkdownView(item.content(), highlight.get());
        selection.attach(content, item);
        VBox box = new VBox(4, head, content);
        box.setPadding(CLEAR_OF_JUMP);
        box.getStyleClass().add("message");
        setGraphic(box);
        // Styled now, before the list asks this row's height: measured in the default font, a message set in the
        // larger style came out a line short, its last line under the next row (issue #48 item 1).
        applyCss();
        MenuItem copySelection = new MenuItem("Copy", new FontIcon(Feather.COPY));
        copySelection.setAccelerator(new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN));
        copySelection.setOnAction(event -> SystemClipboard.put(selection.selectedText()));
        MenuItem copy = new MenuItem("Copy message", new FontIcon(Feather.CLIPBOARD));
        copy.setOnAction(event -> SystemClipboard.put(item.content()));
        MenuItem select = new MenuItem("Show as Markdown…", new FontIcon(Feather.TYPE));
        select.setOnAction(event -> TextWindow.show(owner, item.speakerName() + ", turn " + (item.turnIndex() + 1),
                item.content()));
        ContextMenu menu = new ContextMenu(copySelection, copy, select);
        // "Copy" copies the text selected: with none, only the whole message can be copied.
        menu.setOnShowing(event -> copySelection.setDisable(!selection.hasSelection()));
        // A reply cut off is not a recorded turn: there is nothing to fork from.
        if (!item.cutOff()) {
            MenuItem fork = new MenuItem("Fork from here", new FontIcon(Feather.GIT_BRANCH));
            fork.setId("fork-from-here");
            fork.setOnAction(event -> forkAt.accept(item.turnIndex()));
            MenuItem toBranch = new MenuItem("Fork from here, held on a new branch", new FontIcon(Feather.ARCHIVE));
            toBranch.setId("fork-to-branch");
            toBranch.setOnAction(event -> forkToBranch.accept(item.turnIndex()));
            menu.getItems().addAll(new javafx.scene.control.SeparatorMenuItem(), fork, toBranch);
        }
        setContextMenu(menu);
    }

    /**
     * The row of the reply being written: the speaker, "writing…" (or the retry it waits on), and the reply so far
     * as Markdown, growing as the words come.
     */
    private void showWriting(MessageItem item) {
        HBox head = head(item);
        Label state = new Label();
        state.getStyleClass().add("writing");
        state.setMinWidth(0);
        StreamingMarkdown content = new StreamingMarkdown();
        Subscription text = live.writing().subscribe(content::show);
        Subscription note = live.retrying().subscribe(retry -> {
            boolean unsaved = ReplyInProgress.unsaved(retry);
            // "Not yet saved" says it; why (the server's words) is in the tooltip.
            state.setText(retry.isEmpty() ? "writing…" : unsaved ? ReplyInProgress.UNSAVED : "↻ " + retry);
            state.setGraphic(new FontIcon(retry.isEmpty() ? Feather.EDIT_3 : unsaved ? Feather.CLOUD_OFF
                    : Feather.REFRESH_CW));
            Tooltip whole = new Tooltip(retry.isEmpty() ? item.speakerName() + " is writing this reply" : retry);
            whole.setWrapText(true);
            whole.setMaxWidth(420);
            state.setTooltip(whole);
        });
        following = text.and(note);
        head.getChildren().add(state);
        VBox box = new VBox(4, head, content);
        box.setPadding(CLEAR_OF_JUMP);
        box.getStyleClass().addAll("message", "message-writing");
        box.setId("writing");
        setGraphic(box);
        setContextMenu(null);
    }

    /**
     * The row of a turn whose message is gone from every copy: it keeps the turn's place and says what happened,
     * so the history is never taken for whole. Nothing to copy or fork from.
     */
    private void showLost(MessageItem item) {
        HBox head = head(item);
        Label why = new Label(LOST_MESSAGE);
        why.setWrapText(true);
        why.getStyleClass().add("message-lost");
        VBox box = new VBox(4, head, why);
        box.setPadding(CLEAR_OF_JUMP);
        box.getStyleClass().addAll("message", "message-lost-row");
        setGraphic(box);
        setContextMenu(null);
    }

    /** What a lost message's row says in its place. */
    static final String LOST_MESSAGE = "This message was lost: damage on the disk took it before any other copy"
            + " held it. The conversation went on from the messages that remain.";

    /** The speaker's avatar and name and the turn, which keep their width in a narrow sidebar. */
    private static HBox head(MessageItem item) {
        Circle dot = new Circle(12, Color.web(item.colour()));
        Label initials = new Label(Initials.of(item.speakerName()));
        initials.getStyleClass().add("message-initials");
        StackPane avatar = new StackPane(dot, initials);
        Label name = new Label(item.speakerName());
        name.getStyleClass().add("message-speaker");
        Label turn = new Label("turn " + (item.turnIndex() + 1));
        turn.getStyleClass().add("message-turn");
        name.setMinWidth(Region.USE_PREF_SIZE);
        turn.setMinWidth(Region.USE_PREF_SIZE);
        HBox head = new HBox(8, avatar, name, turn);
        head.setAlignment(Pos.CENTER_LEFT);
        return head;
    }

    private static Node mark(String text, Feather icon) {
        return mark(text, icon, text);
    }

    /** A mark in a message's head; its tooltip says it whole, as a narrow sidebar may cut the mark short. */
    private static Node mark(String text, Feather icon, String explanation) {
        Label label = new Label(text, new FontIcon(icon));
        label.getStyleClass().add("message-mark");
        Tooltip whole = new Tooltip(explanation);
        whole.setWrapText(true);
        whole.setMaxWidth(360);
        label.setTooltip(whole);
        return label;
    }
}
