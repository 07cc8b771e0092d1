package dev.workshop.ui.sidebar;

import dev.workshop.domain.agent.Initials;
import dev.workshop.ui.fx.SystemClipboard;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** A message: the speaker's avatar and name, the turn, marks, what it cost, and the content as Markdown. */
final class MessageCell extends ListCell<MessageItem> {
    private static final UsageText USAGE = UsageText.here();
    private final ListView<MessageItem> owner;
    private final javafx.beans.value.ObservableStringValue highlight;
    private final java.util.function.IntConsumer forkAt;

    MessageCell(ListView<MessageItem> owner, javafx.beans.value.ObservableStringValue highlight,
                java.util.function.IntConsumer forkAt) {
        this.owner = owner;
        this.highlight = highlight;
        this.forkAt = forkAt;
        setMaxWidth(Double.MAX_VALUE);
        prefWidthProperty().bind(owner.widthProperty().subtract(24));
    }

    @Override
    protected void updateItem(MessageItem item, boolean empty) {
        super.updateItem(item, empty);
        if (empty || item == null) {
            setGraphic(null);
            setContextMenu(null);
            return;
        }
        Circle dot = new Circle(12, Color.web(item.colour()));
        Label initials = new Label(Initials.of(item.speakerName()));
        initials.getStyleClass().add("message-initials");
        StackPane avatar = new StackPane(dot, initials);
        Label name = new Label(item.speakerName());
        name.getStyleClass().add("message-speaker");
        Label turn = new Label("turn " + (item.turnIndex() + 1));
        turn.getStyleClass().add("message-turn");
        List<String> facts = new ArrayList<>(List.of(ConversationRow.clockTime(item.at())));
        facts.addAll(USAGE.details(item.usage()));
        Tooltip about = new Tooltip(String.join("\n", facts));
        turn.setTooltip(about);
        // The name and turn keep their width; marks and the cost give way in a narrow sidebar.
        name.setMinWidth(Region.USE_PREF_SIZE);
        turn.setMinWidth(Region.USE_PREF_SIZE);
        HBox head = new HBox(8, avatar, name, turn);
        head.setAlignment(Pos.CENTER_LEFT);
        item.resumeMark().ifPresent(text -> head.getChildren().add(mark(text, Feather.ROTATE_CCW)));
        if (item.retried()) {
            head.getChildren().add(mark("asked again", Feather.REFRESH_CW));
        }
        if (item.cutOff()) {
            head.getChildren().add(mark("cut off here", Feather.SCISSORS));
        }
        if (item.usage().cutAtTokenLimit()) {
            head.getChildren().add(mark("token limit", Feather.SCISSORS, "Cut at the token limit: the reply"
                    + " stopped because it reached the most it may be (Max tokens in Agents…), not because it was"
                    + " done"));
        }
        String cost = USAGE.brief(item.usage());
        if (!cost.isEmpty()) {
            // At the right; in a narrow sidebar it gives way, with the marks, while the name and turn stay.
            Region gap = new Region();
            HBox.setHgrow(gap, Priority.ALWAYS);
            Label usage = new Label(cost);
            usage.getStyleClass().add("message-usage");
            usage.setMinWidth(0);
            usage.setTooltip(about);
            head.getChildren().addAll(gap, usage);
        }
        MarkdownView content = new MarkdownView(item.content(), highlight.get());
        content.maxWidthProperty().bind(owner.widthProperty().subtract(48));
        VBox box = new VBox(4, head, content);
        box.getStyleClass().add("message");
        setGraphic(box);
        MenuItem copy = new MenuItem("Copy message", new FontIcon(Feather.COPY));
        copy.setOnAction(event -> SystemClipboard.put(item.content()));
        MenuItem select = new MenuItem("Select text…", new FontIcon(Feather.TYPE));
        select.setOnAction(event -> TextWindow.show(owner, item.speakerName() + ", turn " + (item.turnIndex() + 1),
                item.content()));
        ContextMenu menu = new ContextMenu(copy, select);
        // A reply cut off is not a recorded turn: there is nothing to fork from.
        if (!item.cutOff()) {
            MenuItem fork = new MenuItem("Fork from here", new FontIcon(Feather.GIT_BRANCH));
            fork.setId("fork-from-here");
            fork.setOnAction(event -> forkAt.accept(item.turnIndex()));
            menu.getItems().addAll(new javafx.scene.control.SeparatorMenuItem(), fork);
        }
        setContextMenu(menu);
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
