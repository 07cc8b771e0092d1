package dev.workshop.ui.sidebar;

import dev.workshop.ui.fx.IconOnly;
import dev.workshop.ui.fx.SystemClipboard;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Control;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The lower half of the sidebar: the conversation shown, its title (renamed in place), its status with Abort,
 * Resume and Export, its messages as Markdown in a virtualised list (or the two panes of a follow-up), ending with
 * the reply as it streams in, a failed turn's reason with Retry, and the composer. Message text can be selected
 * and copied.
 */
final class ConversationDetailPane extends VBox {
    /** Ctrl+C (Cmd+C): the text selected in a message, or the message selected. */
    private static final KeyCombination COPY = new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN);
    private final SidebarViewModel viewModel;
    private final TitleEditor titleEditor;
    private final ConversationActions actions;
    private final ListView<MessageItem> messages = new ListView<>();
    /** Every list that shows messages (the single pane and the two of a follow-up), for Ctrl+F's marks. */
    private final List<ListView<MessageItem>> messageLists = new ArrayList<>();
    /** What Ctrl+F marks in the messages; "" while the find bar is closed. */
    private final StringProperty highlight = new SimpleStringProperty("");
    private final FindBar findBar;
    private Runnable onNewConversation = () -> { };

    ConversationDetailPane(SidebarViewModel viewModel, TitleEditor titleEditor, ConversationActions actions) {
        this.viewModel = viewModel;
        this.titleEditor = titleEditor;
        this.actions = actions;
        configure(messages, viewModel.messages(), "message-list", "No messages yet",
                "They appear here as they are recorded.");
        ListView<MessageItem> yours = new ListView<>();
        configure(yours, viewModel.conversationPane(), "conversation-pane", "Nothing said yet",
                "Your messages and the entry agent's replies.");
        ListView<MessageItem> round = new ListView<>();
        configure(round, viewModel.collaborationPane(), "collaboration-pane", "No collaboration yet",
                "The agents' turns in this round.");
        SplitPane dualPane = new SplitPane(titled("With you", yours), titled("Agents in this round", round));
        dualPane.setOrientation(Orientation.VERTICAL);
        dualPane.setId("dual-pane");
        dualPane.setMinWidth(0);
        dualPane.visibleProperty().bind(viewModel.dualProperty());
        messages.visibleProperty().bind(viewModel.dualProperty().not());
        findBar = new FindBar(viewModel::messages, turn -> {
            ConversationRow shown = viewModel.selectedProperty().get();
            if (shown != null) {
                viewModel.reveal(shown.id(), turn);
            }
        }, () -> (viewModel.dualProperty().get() ? dualPane : messages).requestFocus());
        viewModel.messages().addListener((ListChangeListener<MessageItem>) change -> findBar.refresh());
        highlight.bind(findBar.highlightProperty());
        highlight.addListener((property, old, text) -> messageLists.forEach(ListView::refresh));
        StackPane body = body(dualPane, yours, round);
        VBox.setVgrow(body, Priority.ALWAYS);
        // A few lines of messages even in the smallest window; the composer below them stays in view too.
        body.setMinHeight(60);
        dualPane.setMinHeight(0);
        messages.setMinHeight(0);

        Label none = TextWindow.placeholder("Nothing selected", "Pick a conversation above to read it.");
        VBox detail = new VBox(8, heading(), forkOrigin(), importedFrom(), stateRow(), findBar, body, new FailureBanner(viewModel),
                new ToolCallBanner(viewModel), new Composer(viewModel));
        detail.visibleProperty().bind(viewModel.selectedProperty().isNotNull());
        none.visibleProperty().bind(viewModel.selectedProperty().isNull());
        StackPane stack = new StackPane(detail, none);
        VBox.setVgrow(stack, Priority.ALWAYS);
        getChildren().add(stack);
        getStyleClass().add("sidebar-detail-pane");
    }

    /** What "New" does after clearing the panes (the app opens the start dialog). */
    void setOnNewConversation(Runnable action) {
        onNewConversation = action;
    }

    /** Ctrl+F: finds in the conversation shown. */
    void openFind() {
        findBar.open();
    }

    /** The messages, the jump to the newest, and a spinner while a long history loads. */
    private StackPane body(SplitPane dualPane, ListView<MessageItem> yours, ListView<MessageItem> round) {
        MessageFollower follower = new MessageFollower(messages, List.of(yours, round),
                viewModel.dualProperty()::get, viewModel.selectedProperty()::get);
        viewModel.messages().addListener((ListChangeListener<MessageItem>) follower::messagesChanged);
        viewModel.revealedProperty().addListener((property, old, reveal) -> follower.reveal(reveal));
        viewModel.selectedProperty().addListener((property, old, row) -> follower.selectionChanged(old, row));
        // Before the row grows to the new words: whether the reader is at the end, to keep them there after.
        viewModel.writingProperty().addListener((property, old, text) -> follower.writingGrew());
        ProgressIndicator loading = new ProgressIndicator();
        loading.setId("history-loading");
        loading.setMaxSize(40, 40);
        loading.visibleProperty().bind(viewModel.loadingProperty());
        // Whether the newest message is in view changes as the reader scrolls, as rows are measured and as
        // messages arrive: checked after each layout, when the lists know which rows they show.
        Runnable updateJump = () -> follower.updateJump(viewModel.loadingProperty().get());
        sceneProperty().addListener((property, old, scene) -> {
            if (old != null) {
                old.removePostLayoutPulseListener(updateJump);
            }
            if (scene != null) {
                scene.addPostLayoutPulseListener(updateJump);
            }
        });
        return new StackPane(messages, dualPane, loading, follower.jumpButton());
    }

    /** The title, which a double-click or the pencil turns into an editor. */
    private HBox heading() {
        Label title = new Label();
        title.getStyleClass().add("detail-title");
        title.setWrapText(true);
        title.setId("detail-title");
        title.textProperty().bind(Bindings.createStringBinding(() -> viewModel.selectedProperty().get() == null
                ? "" : viewModel.selectedProperty().get().title(), viewModel.selectedProperty()));
        title.visibleProperty().bind(titleEditor.visibleProperty().not());
        title.managedProperty().bind(title.visibleProperty());
        title.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(title, Priority.ALWAYS);
        title.setOnMouseClicked(event -> {
            if (event.getClickCount() == 2) {
                titleEditor.start(viewModel.selectedProperty().get());
            }
        });
        Button rename = new Button(null, new FontIcon(Feather.EDIT_2));
        rename.setId("rename-conversation");
        rename.getStyleClass().addAll("button-icon", "flat");
        IconOnly.withTip(rename, "Rename (F2, or double-click the title)");
        rename.setOnAction(event -> titleEditor.start(viewModel.selectedProperty().get()));
        rename.setMinWidth(Region.USE_PREF_SIZE);
        HBox heading = new HBox(4, title, titleEditor, rename);
        heading.setAlignment(Pos.CENTER_LEFT);
        return heading;
    }

    /** The status, why, the turn counter (its cost on hover), and Abort, Resume, Export and New. */
    private HBox stateRow() {
        Label status = new Label();
        status.setId("detail-status");
        viewModel.selectedProperty().addListener((property, old, row) -> StatusLook.show(status, row));
        Label turns = new Label();
        turns.setId("detail-turns");
        turns.getStyleClass().add("detail-turns");
        turns.textProperty().bind(Bindings.createStringBinding(() -> viewModel.selectedProperty().get() == null
                ? "" : viewModel.selectedProperty().get().turnText(), viewModel.selectedProperty()));
        // The conversation's cost so far, on the turn counter: replies, tokens each way, time, models.
        UsageText usage = UsageText.here();
        Tooltip totals = new Tooltip();
        totals.textProperty().bind(Bindings.createStringBinding(() -> usage.totals(viewModel.messages()),
                viewModel.messages()));
        turns.tooltipProperty().bind(Bindings.when(totals.textProperty().isEmpty())
                .then((Tooltip) null).otherwise(totals));
        Button abort = new Button("Abort", new FontIcon(Feather.SQUARE));
        abort.setId("abort-conversation");
        abort.getStyleClass().add("danger");
        abort.setTooltip(new Tooltip("Stop it now; its messages are kept and it can be resumed"));
        abort.setOnAction(event -> viewModel.abort());
        abort.visibleProperty().bind(Bindings.createBooleanBinding(() -> viewModel.selectedProperty().get() != null
                && RowRules.canAbort(viewModel.selectedProperty().get().status()), viewModel.selectedProperty()));
        abort.managedProperty().bind(abort.visibleProperty());
        Button resume = new Button("Resume", new FontIcon(Feather.PLAY));
        resume.setId("resume-conversation");
        resume.setTooltip(new Tooltip("Continue from the next turn"));
        resume.setOnAction(event -> viewModel.resume());
        resume.visibleProperty().bind(Bindings.createBooleanBinding(() -> viewModel.selectedProperty().get() != null
                && RowRules.canResume(viewModel.selectedProperty().get()), viewModel.selectedProperty()));
        resume.managedProperty().bind(resume.visibleProperty());
        Button reinflate = new Button("Re-inflate", new FontIcon(Feather.PLAY_CIRCLE));
        reinflate.setId("reinflate-conversation");
        reinflate.setTooltip(new Tooltip("Bring it back from its git branch, paused where it was held"));
        reinflate.setOnAction(event -> viewModel.reinflate(viewModel.selectedProperty().get()));
        reinflate.visibleProperty().bind(Bindings.createBooleanBinding(
                () -> RowRules.isHeld(viewModel.selectedProperty().get()), viewModel.selectedProperty()));
        reinflate.managedProperty().bind(reinflate.visibleProperty());
        MenuItem markdown = new MenuItem("Markdown…");
        markdown.setOnAction(event -> actions.export(ConversationActions.Format.MARKDOWN));
        MenuItem json = new MenuItem("JSON…");
        json.setOnAction(event -> actions.export(ConversationActions.Format.JSON));
        // An icon, so that the status and every action share one line and the messages get the room.
        // Hold keeps the conversation too, in git: beside the exports rather than one more button in the row.
        MenuItem hold = new MenuItem("Hold in git…", new FontIcon(Feather.ARCHIVE));
        hold.setId("hold-conversation");
        hold.setOnAction(event -> actions.hold(viewModel.selectedProperty().get()));
        hold.disableProperty().bind(reinflate.visibleProperty());
        MenuItem activity = new MenuItem("Activity…", new FontIcon(Feather.LIST));
        activity.setId("conversation-activity");
        activity.setOnAction(event -> {
            ConversationRow row = viewModel.selectedProperty().get();
            if (row != null) {
                viewModel.activity(row.id(), text -> TextWindow.show(this, "Activity of " + row.title(), text));
            }
        });
        MenuButton export = new MenuButton(null, new FontIcon(Feather.DOWNLOAD), markdown, json,
                new javafx.scene.control.SeparatorMenuItem(), hold, activity);
        export.setId("export-conversation");
        export.getStyleClass().add("button-icon");
        IconOnly.withTip(export, "Export as Markdown or JSON, hold in git, or see its activity");
        Button fresh = new Button(null, new FontIcon(Feather.PLUS));
        fresh.getStyleClass().add("button-icon");
        fresh.setId("new-conversation");
        IconOnly.withTip(fresh, "New conversation: choose who talks and about what");
        fresh.setOnAction(event -> {
            viewModel.newConversation();
            onNewConversation.run();
        });
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        // Status and turn are never cut short: the reason between them and the buttons gives way first, then the
        // buttons' words, then the turn count as a whole.
        status.setMinWidth(Region.USE_PREF_SIZE);
        turns.setMinWidth(Region.USE_PREF_SIZE);
        for (Control control : new Control[] {abort, resume, reinflate, export, fresh}) {
            control.setMinWidth(Region.USE_PREF_SIZE);
        }
        Label reason = reason();
        HBox state = new StateRow(List.of(abort, resume, reinflate), reason, turns, status, turns, reason, spacer, abort,
                resume, reinflate, export, fresh);
        state.setAlignment(Pos.CENTER_LEFT);
        return state;
    }

    /** Why the conversation is as it is; cut at the sidebar's edge, all of it on hover. */
    private Label reason() {
        Label reason = new Label();
        reason.setId("detail-reason");
        reason.getStyleClass().add("detail-reason");
        // A failed turn's reason is in the banner under the messages, with Retry: not twice.
        reason.textProperty().bind(Bindings.createStringBinding(() -> {
            ConversationRow row = viewModel.selectedProperty().get();
            return row == null || row.failedTurn() ? "" : row.statusReason();
        }, viewModel.selectedProperty()));
        reason.setMinWidth(0);
        Tooltip fullReason = new Tooltip();
        fullReason.textProperty().bind(reason.textProperty());
        fullReason.setWrapText(true);
        fullReason.setMaxWidth(420);
        reason.tooltipProperty().bind(Bindings.when(reason.textProperty().isEmpty())
                .then((Tooltip) null).otherwise(fullReason));
        return reason;
    }

    /** Under an imported conversation's title: that it was imported, and from which file. */
    private Label importedFrom() {
        Label origin = new Label(null, new FontIcon(Feather.UPLOAD));
        origin.setId("imported-from");
        origin.getStyleClass().add("fork-origin");
        origin.setMinWidth(0);
        origin.textProperty().bind(viewModel.importedFromProperty().map(file -> "Imported from " + file));
        origin.visibleProperty().bind(viewModel.importedFromProperty().isNotEmpty());
        origin.managedProperty().bind(origin.visibleProperty());
        Tooltip whole = new Tooltip();
        whole.textProperty().bind(origin.textProperty());
        origin.setTooltip(whole);
        return origin;
    }

    /** Under a fork's title: where it came from, a link to that message in its source (while that is listed). */
    private Hyperlink forkOrigin() {
        Hyperlink origin = new Hyperlink();
        origin.setId("fork-origin");
        origin.getStyleClass().add("fork-origin");
        origin.setGraphic(new FontIcon(Feather.GIT_BRANCH));
        origin.setMinWidth(0);
        origin.setMaxWidth(Double.MAX_VALUE);
        origin.setOnAction(event -> viewModel.showForkSource());
        viewModel.forkOriginProperty().addListener((property, old, fork) -> {
            origin.setVisible(fork != null);
            if (fork == null) {
                return;
            }
            String turn = "turn " + (fork.turnIndex() + 1);
            // The turn first: a long title is what gives way.
            origin.setText("Forked at " + turn + " of " + (fork.sourceListed() ? "“" + fork.sourceTitle() + "”"
                    : "a conversation since deleted"));
            origin.setDisable(!fork.sourceListed());
            origin.setTooltip(fork.sourceListed() ? new Tooltip("Show " + turn + " of “" + fork.sourceTitle() + "”")
                    : null);
        });
        origin.setVisible(false);
        origin.managedProperty().bind(origin.visibleProperty());
        return origin;
    }

    private void configure(ListView<MessageItem> list, ObservableList<MessageItem> items, String id, String heading,
                           String hint) {
        list.setId(id);
        list.setItems(items);
        TextSelection selection = new TextSelection();
        MessageCell.LiveReply live = new MessageCell.LiveReply(viewModel.writingProperty(),
                viewModel.retryingProperty());
        list.setCellFactory(view -> new MessageCell(list, highlight, viewModel::forkAt, viewModel::forkAndHoldAt,
                selection, live));
        // A press anywhere in the list ends the selection; a press on a message's text starts the next one.
        list.addEventFilter(MouseEvent.MOUSE_PRESSED, event -> {
            if (event.getButton() == MouseButton.PRIMARY) {
                selection.clear();
            }
        });
        list.addEventFilter(MouseEvent.MOUSE_DRAGGED, selection::dragged);
        list.addEventHandler(KeyEvent.KEY_PRESSED, event -> {
            if (COPY.match(event)) {
                MessageItem row = list.getSelectionModel().getSelectedItem();
                if (selection.hasSelection()) {
                    SystemClipboard.put(selection.selectedText());
                } else if (row != null && !row.writing()) {
                    SystemClipboard.put(row.content());
                }
                event.consume();
            }
        });
        items.addListener((ListChangeListener<MessageItem>) change -> {
            if (items.isEmpty()) {
                selection.clear();
            }
        });
        messageLists.add(list);
        Label placeholder = TextWindow.placeholder(heading, hint);
        placeholder.getStyleClass().add("empty-list");
        // While the messages load, the spinner says so; "No messages yet" would say the wrong thing under it.
        placeholder.visibleProperty().bind(viewModel.loadingProperty().not());
        list.setPlaceholder(placeholder);
        list.setFocusTraversable(true);
    }

    private static VBox titled(String title, ListView<MessageItem> list) {
        Label label = new Label(title);
        label.getStyleClass().add("pane-title");
        VBox.setVgrow(list, Priority.ALWAYS);
        VBox box = new VBox(4, label, list);
        // As narrow as the sidebar: the messages wrap, and nothing may push the buttons above out of sight.
        box.setMinWidth(0);
        // As short as the window makes it: the composer below stays in view in the smallest window.
        box.setMinHeight(0);
        list.setMinHeight(0);
        return box;
    }
}
