package dev.workshop.ui.sidebar;

import dev.workshop.domain.agent.Initials;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.ui.fx.FxTicker;
import dev.workshop.ui.fx.IconOnly;
import dev.workshop.ui.fx.PlainText;
import dev.workshop.ui.fx.SystemClipboard;
import java.io.File;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.MultipleSelectionModel;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
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
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.stage.FileChooser;
import javafx.util.Duration;
import javafx.util.StringConverter;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The conversation sidebar: the list (status marker, title, type, participants, turns, when) with a status
 * filter and a search box above, and the selected conversation below — its messages as Markdown in a
 * virtualised list, the turn counter, and Abort, Resume and Export.
 */
public final class SidebarView extends SplitPane {
    /** How long Undo is offered after a delete. */
    private static final Duration UNDO_OFFERED = Duration.seconds(20);
    /** How often relative times ("2 min ago") are brought up to date. */
    private static final java.time.Duration TIMES_REFRESHED = java.time.Duration.ofSeconds(30);
    private static final KeyCombination UNDO = new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN);
    private static final Map<ConversationStatus, Ikon> ICONS = new EnumMap<>(ConversationStatus.class);

    static {
        ICONS.put(ConversationStatus.ACTIVE, Feather.PLAY_CIRCLE);
        ICONS.put(ConversationStatus.QUEUED, Feather.CLOCK);
        ICONS.put(ConversationStatus.WAITING, Feather.USER);
        ICONS.put(ConversationStatus.INTERRUPTED, Feather.PAUSE_CIRCLE);
        ICONS.put(ConversationStatus.HELD, Feather.ARCHIVE);
        ICONS.put(ConversationStatus.COMPLETED, Feather.CHECK_CIRCLE);
        ICONS.put(ConversationStatus.FAILED, Feather.X_CIRCLE);
        ICONS.put(ConversationStatus.ABANDONED, Feather.SLASH);
    }

    /** Moves "2 min ago" on while the sidebar is shown; null while it is not. */
    private FxTicker clock;
    private final SidebarViewModel viewModel;
    /** About three lines of the failure banner's text. */
    private static final double FAILURE_LINES_HEIGHT = 60;
    private final ListView<ConversationRow> list = new ListView<>();
    private final TextField search = new TextField();
    private final ListView<MessageItem> messages = new ListView<>();
    /** Every list that shows messages (the single pane and the two of a follow-up), for Ctrl+F's marks. */
    private final List<ListView<MessageItem>> messageLists = new ArrayList<>();
    /** What Ctrl+F marks in the messages; "" while the find bar is closed. */
    private final javafx.beans.property.StringProperty highlight = new javafx.beans.property.SimpleStringProperty("");
    private static final KeyCombination FIND = new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN);
    private final TextField titleEditor = titleEditor();
    private FindBar findBar;
    /** The conversations the user picked in the list, by id: rows are replaced as conversations move on. */
    private final Set<ConversationId> picked = new HashSet<>();
    /** The conversation whose title is in the editor, or null. */
    private ConversationRow renaming;
    private Runnable onNewConversation = () -> { };
    private Consumer<ConversationState> onStartAgain = state -> { };
    /** Set while the list's selection is set from the view-model, so it is not taken for a user's click. */
    private boolean syncing;

    public SidebarView(SidebarViewModel viewModel) {
        this.viewModel = viewModel;
        getStyleClass().add("sidebar");
        getStylesheets().add(SidebarView.class.getResource("sidebar.css").toExternalForm());
        setId("sidebar");
        setOrientation(Orientation.VERTICAL);
        getItems().addAll(listPane(), detailPane());
        setDividerPositions(0.38);
        setMinWidth(420);
        // Ctrl+F anywhere in the sidebar finds in the conversation shown (on the canvas it fits the view).
        addEventHandler(KeyEvent.KEY_PRESSED, event -> {
            if (FIND.match(event) && viewModel.selectedProperty().get() != null) {
                findBar.open();
                event.consume();
            }
        });
        // Relative times ("2 min ago") move on while nothing else happens, for as long as the sidebar is shown.
        sceneProperty().addListener((property, old, scene) -> keepTimesCurrent(scene != null));
        keepTimesCurrent(getScene() != null);
    }

    private void keepTimesCurrent(boolean shown) {
        if (clock != null) {
            clock.stop();
            clock = null;
        }
        if (shown) {
            clock = FxTicker.every(TIMES_REFRESHED, "workshop-sidebar-clock", list::refresh);
        }
    }

    private VBox listPane() {
        Label title = new Label("Conversations");
        title.getStyleClass().add("sidebar-title");
        ComboBox<ConversationStatus> filter = new ComboBox<>();
        filter.setId("status-filter");
        filter.getItems().add(null);
        filter.getItems().addAll(ConversationStatus.values());
        filter.setConverter(new StringConverter<>() {
            @Override
            public String toString(ConversationStatus status) {
                if (status == null) {
                    return "All";
                }
                // A paused conversation (restored or forked) waits too: for a Resume rather than a turn.
                return status == ConversationStatus.WAITING ? "Waiting for you, or paused"
                        : ConversationRow.statusLabel(status);
            }

            @Override
            public ConversationStatus fromString(String text) {
                return null;
            }
        });
        filter.setPromptText("All");
        filter.valueProperty().bindBidirectional(viewModel.statusFilterProperty());
        search.setId("conversation-search");
        search.setPromptText("Search conversations");
        search.setTooltip(new Tooltip("Finds titles, agents and the text of every message (Ctrl+K); Ctrl+F finds "
                + "inside the conversation shown"));
        search.textProperty().bindBidirectional(viewModel.queryProperty());
        // From the search to its results by keyboard, as in a launcher: Down or Enter goes into the list (showing
        // the first match when none is shown), Escape clears what was typed.
        search.addEventHandler(KeyEvent.KEY_PRESSED, event -> {
            if ((event.getCode() == KeyCode.DOWN || event.getCode() == KeyCode.ENTER) && !list.getItems().isEmpty()) {
                if (list.getSelectionModel().isEmpty()) {
                    list.getSelectionModel().selectFirst();
                }
                list.requestFocus();
                event.consume();
            } else if (event.getCode() == KeyCode.ESCAPE && !search.getText().isEmpty()) {
                search.clear();
                event.consume();
            }
        });
        HBox.setHgrow(search, Priority.ALWAYS);
        // The search keeps room for its hint; the filter gives way instead (its longest entry, "Waiting for you,
        // or paused", would otherwise take the width of the search), and its list still opens wide enough.
        search.setMinWidth(Region.USE_PREF_SIZE);
        search.setPrefColumnCount(12);
        filter.setPrefWidth(140);
        filter.setMinWidth(100);
        Button importButton = new Button(null, new FontIcon(Feather.UPLOAD));
        importButton.getStyleClass().add("button-icon");
        importButton.setId("import-conversation");
        IconOnly.withTip(importButton, "Import a conversation (a JSON export or snapshot, older formats too); "
                + "it comes back paused until you continue it");
        importButton.setOnAction(event -> importConversation());
        Button deletedButton = new Button(null, new FontIcon(Feather.TRASH_2));
        deletedButton.getStyleClass().add("button-icon");
        deletedButton.setId("recently-deleted-button");
        IconOnly.withTip(deletedButton, "Recently deleted: bring back a conversation you deleted");
        deletedButton.setOnAction(event -> new RecentlyDeletedDialog(viewModel, this).show());
        HBox tools = new HBox(6, search, filter, importButton, deletedButton);

        list.setId("conversation-list");
        list.setItems(viewModel.rows());
        list.setCellFactory(view -> {
            RowCell cell = new RowCell();
            // Cells as wide as the list, never wider: long titles end in "…" instead of a sideways scroll.
            cell.prefWidthProperty().bind(list.widthProperty().subtract(18));
            cell.setMaxWidth(Region.USE_PREF_SIZE);
            return cell;
        });
        Label empty = placeholder("", "");
        // An empty list says why: nothing stored yet, or nothing that matches the search and the filter.
        empty.textProperty().bind(Bindings.createStringBinding(() -> viewModel.allRows().isEmpty()
                ? "No conversations yet\nSelect agents on the canvas and start one."
                : viewModel.searchingProperty().get() ? "Searching the messages…"
                : "Nothing matches\nNo title, agent or message holds what you searched for, in that status.",
                viewModel.allRows(), viewModel.searchingProperty()));
        list.setPlaceholder(empty);
        // Shift- and Ctrl-click pick several rows, for a bulk delete; the one clicked last is the one shown.
        list.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        list.getSelectionModel().getSelectedItems().addListener((ListChangeListener<ConversationRow>) change -> {
            if (!syncing && !viewModel.isUpdatingRows()) {
                picked.clear();
                list.getSelectionModel().getSelectedItems().forEach(row -> picked.add(row.id()));
            }
        });
        list.setContextMenu(rowMenu());
        list.addEventHandler(KeyEvent.KEY_PRESSED, event -> {
            if (event.getCode() == KeyCode.F2) {
                startRename();
                event.consume();
            } else if (event.getCode() == KeyCode.DELETE || event.getCode() == KeyCode.BACK_SPACE) {
                confirmDelete();
                event.consume();
            } else if (UNDO.match(event) && !viewModel.undoableDeletionProperty().get().isEmpty()) {
                viewModel.undoDelete();
                event.consume();
            }
        });
        list.addEventHandler(MouseEvent.MOUSE_CLICKED, event -> {
            if (event.getButton() == MouseButton.PRIMARY && event.getClickCount() == 2
                    && list.getSelectionModel().getSelectedItems().size() == 1) {
                startRename();
            }
        });
        list.getSelectionModel().selectedItemProperty().addListener((property, old, row) -> {
            if (syncing || viewModel.isUpdatingRows()) {
                return;
            }
            if (row != null && (viewModel.selectedProperty().get() == null
                    || !viewModel.selectedProperty().get().id().equals(row.id()))) {
                viewModel.select(row);
            }
        });
        // The list follows the view-model's selection (a started conversation, a row that moved up).
        viewModel.selectedProperty().addListener((property, old, row) -> syncSelection());
        viewModel.rows().addListener((ListChangeListener<ConversationRow>) change -> syncSelection());
        VBox.setVgrow(list, Priority.ALWAYS);
        VBox pane = new VBox(8, title, tools, undoBar(), list);
        pane.getStyleClass().add("sidebar-list-pane");
        return pane;
    }

    /**
     * "Deleted 2 conversations · Undo" above the list for a while after a delete: the Delete dialog asks first,
     * and this is the way back from a wrong answer.
     */
    private HBox undoBar() {
        Label text = new Label();
        text.setId("undo-delete-text");
        text.textProperty().bind(viewModel.undoTextProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button undo = new Button("Undo", new FontIcon(Feather.CORNER_UP_LEFT));
        undo.setId("undo-delete");
        undo.getStyleClass().add("flat");
        undo.setTooltip(new Tooltip("Bring them back (Ctrl+Z in the list)"));
        undo.setOnAction(event -> viewModel.undoDelete());
        HBox bar = new HBox(8, new FontIcon(Feather.TRASH_2), text, spacer, undo);
        bar.setId("undo-delete-bar");
        bar.getStyleClass().add("undo-bar");
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.visibleProperty().bind(viewModel.undoTextProperty().isNotEmpty());
        bar.managedProperty().bind(bar.visibleProperty());
        javafx.animation.PauseTransition lapse = new javafx.animation.PauseTransition(UNDO_OFFERED);
        lapse.setOnFinished(event -> viewModel.forgetUndo());
        viewModel.undoTextProperty().addListener((property, old, now) -> {
            if (now.isEmpty()) {
                lapse.stop();
            } else {
                lapse.playFromStart();
            }
        });
        return bar;
    }

    private VBox detailPane() {
        Label title = new Label();
        title.getStyleClass().add("detail-title");
        title.setWrapText(true);
        title.setId("detail-title");
        Label turns = new Label();
        turns.setId("detail-turns");
        turns.getStyleClass().add("detail-turns");
        Label status = new Label();
        status.setId("detail-status");
        title.textProperty().bind(Bindings.createStringBinding(() -> viewModel.selectedProperty().get() == null
                ? "" : viewModel.selectedProperty().get().title(), viewModel.selectedProperty()));
        turns.textProperty().bind(Bindings.createStringBinding(() -> viewModel.selectedProperty().get() == null
                ? "" : viewModel.selectedProperty().get().turnText(), viewModel.selectedProperty()));
        viewModel.selectedProperty().addListener((property, old, row) -> showStatus(status, row));
        title.visibleProperty().bind(titleEditor.visibleProperty().not());
        title.managedProperty().bind(title.visibleProperty());
        title.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(title, Priority.ALWAYS);
        title.setOnMouseClicked(event -> {
            if (event.getClickCount() == 2) {
                startRename(viewModel.selectedProperty().get());
            }
        });
        Button rename = new Button(null, new FontIcon(Feather.EDIT_2));
        rename.setId("rename-conversation");
        rename.getStyleClass().addAll("button-icon", "flat");
        IconOnly.withTip(rename, "Rename (F2, or double-click the title)");
        rename.setOnAction(event -> startRename(viewModel.selectedProperty().get()));
        rename.setMinWidth(Region.USE_PREF_SIZE);
        HBox heading = new HBox(4, title, titleEditor, rename);
        heading.setAlignment(Pos.CENTER_LEFT);
        // A title being edited belongs to the conversation it was started on.
        viewModel.selectedProperty().addListener((property, old, row) -> {
            if (renaming != null && (row == null || !row.id().equals(renaming.id()))) {
                finishRename(true);
            }
        });

        Button abort = new Button("Abort", new FontIcon(Feather.SQUARE));
        abort.setId("abort-conversation");
        abort.getStyleClass().add("danger");
        abort.setTooltip(new Tooltip("Stop it now; its messages are kept and it can be resumed"));
        abort.setOnAction(event -> viewModel.abort());
        Button resume = new Button("Resume", new FontIcon(Feather.PLAY));
        resume.setId("resume-conversation");
        resume.setTooltip(new Tooltip("Continue from the next turn"));
        resume.setOnAction(event -> viewModel.resume());
        MenuItem markdown = new MenuItem("Markdown…");
        markdown.setOnAction(event -> export("md", "Markdown", "*.md"));
        MenuItem json = new MenuItem("JSON…");
        json.setOnAction(event -> export("json", "JSON", "*.json"));
        // An icon, so that the status and every action share one line and the messages get the room.
        MenuButton export = new MenuButton(null, new FontIcon(Feather.DOWNLOAD), markdown, json);
        export.setId("export-conversation");
        export.getStyleClass().add("button-icon");
        IconOnly.withTip(export, "Export as Markdown or JSON");
        abort.visibleProperty().bind(Bindings.createBooleanBinding(() -> viewModel.selectedProperty().get() != null
                && SidebarViewModel.canAbort(viewModel.selectedProperty().get().status()), viewModel.selectedProperty()));
        abort.managedProperty().bind(abort.visibleProperty());
        resume.visibleProperty().bind(Bindings.createBooleanBinding(() -> viewModel.selectedProperty().get() != null
                && SidebarViewModel.canResume(viewModel.selectedProperty().get()), viewModel.selectedProperty()));
        resume.managedProperty().bind(resume.visibleProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button fresh = new Button(null, new FontIcon(Feather.PLUS));
        fresh.getStyleClass().add("button-icon");
        fresh.setId("new-conversation");
        IconOnly.withTip(fresh, "New conversation: a fresh start (new id, empty panes)");
        fresh.setOnAction(event -> {
            viewModel.newConversation();
            onNewConversation.run();
        });
        // Status and turn are never cut short; the reason between them and the buttons gives way first.
        Label reason = new Label();
        reason.setId("detail-reason");
        reason.getStyleClass().add("detail-reason");
        reason.textProperty().bind(Bindings.createStringBinding(() -> viewModel.selectedProperty().get() == null
                ? "" : viewModel.selectedProperty().get().statusReason(), viewModel.selectedProperty()));
        reason.setMinWidth(0);
        // A long reason is cut at the sidebar's edge; hovering shows all of it.
        Tooltip fullReason = new Tooltip();
        fullReason.textProperty().bind(reason.textProperty());
        fullReason.setWrapText(true);
        fullReason.setMaxWidth(420);
        reason.tooltipProperty().bind(Bindings.when(reason.textProperty().isEmpty())
                .then((Tooltip) null).otherwise(fullReason));
        // The conversation's cost so far, on the turn counter: replies, tokens each way, time, models.
        UsageText usage = UsageText.here();
        Tooltip totals = new Tooltip();
        totals.textProperty().bind(Bindings.createStringBinding(() -> usage.totals(viewModel.messages()),
                viewModel.messages()));
        turns.tooltipProperty().bind(Bindings.when(totals.textProperty().isEmpty())
                .then((Tooltip) null).otherwise(totals));
        status.setMinWidth(Region.USE_PREF_SIZE);
        turns.setMinWidth(Region.USE_PREF_SIZE);
        for (javafx.scene.control.Control control : new javafx.scene.control.Control[] {abort, resume, export, fresh}) {
            control.setMinWidth(Region.USE_PREF_SIZE);
        }
        HBox state = new StateRow(List.of(abort, resume), reason, status, turns, reason, spacer, abort, resume, export,
                fresh);
        state.setAlignment(Pos.CENTER_LEFT);

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
        MessageFollower follower = new MessageFollower(messages, java.util.List.of(yours, round),
                viewModel.dualProperty()::get, viewModel.selectedProperty()::get);
        viewModel.messages().addListener((ListChangeListener<MessageItem>) follower::messagesChanged);
        viewModel.revealedProperty().addListener((property, old, reveal) -> follower.reveal(reveal));
        viewModel.selectedProperty().addListener((property, old, row) -> follower.selectionChanged(old, row));
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
        StackPane body = new StackPane(messages, dualPane, loading, follower.jumpButton());
        findBar = new FindBar(viewModel::messages, turn -> {
            ConversationRow shown = viewModel.selectedProperty().get();
            if (shown != null) {
                viewModel.reveal(shown.id(), turn);
            }
        }, () -> (viewModel.dualProperty().get() ? dualPane : messages).requestFocus());
        viewModel.messages().addListener((ListChangeListener<MessageItem>) change -> findBar.refresh());
        highlight.bind(findBar.highlightProperty());
        highlight.addListener((property, old, text) -> messageLists.forEach(ListView::refresh));
        VBox.setVgrow(body, Priority.ALWAYS);

        Label writing = new Label();
        writing.setId("writing");
        writing.getStyleClass().add("writing");
        writing.setWrapText(true);
        writing.setMaxHeight(90);
        // The reply as it streams in, as plain text (its Markdown is rendered once the message is recorded).
        // A turn being asked again says so there, until its first word comes ("retrying (2 of 4)…").
        writing.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> {
            String text = viewModel.writingProperty().get();
            if (text.isEmpty()) {
                String retrying = viewModel.retryingProperty().get();
                return retrying.isEmpty() ? "" : "↻ " + retrying;
            }
            String plain = PlainText.of(text);
            return "✎ " + (plain.length() > 300 ? "…" + plain.substring(plain.length() - 300) : plain);
        }, viewModel.writingProperty(), viewModel.retryingProperty()));
        writing.visibleProperty().bind(writing.textProperty().isNotEmpty());
        writing.managedProperty().bind(writing.visibleProperty());

        Label none = placeholder("Nothing selected", "Pick a conversation above to read it.");
        VBox detail = new VBox(8, heading, forkOrigin(), state, findBar, body, failureBanner(), writing, composer());
        detail.visibleProperty().bind(viewModel.selectedProperty().isNotNull());
        none.visibleProperty().bind(viewModel.selectedProperty().isNull());
        VBox pane = new VBox(new StackPane(detail, none));
        VBox.setVgrow(pane.getChildren().get(0), Priority.ALWAYS);
        pane.getStyleClass().add("sidebar-detail-pane");
        return pane;
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

    /**
     * Under the last message of a failed conversation: which turn failed and why (all of it on hover), and Retry
     * to ask that turn again once the cause is fixed.
     */
    private VBox failureBanner() {
        // Three lines at most (the whole reason is on hover and under Details…): room for the messages above it.
        // Those lines are also its least height, so the messages, not the reason, give way in a short window.
        Label text = new Label() {
            @Override
            protected double computePrefHeight(double width) {
                return Math.min(super.computePrefHeight(width), FAILURE_LINES_HEIGHT);
            }
        };
        text.setId("failure-text");
        text.setWrapText(true);
        text.setMinHeight(Region.USE_PREF_SIZE);
        text.textProperty().bind(viewModel.selectedProperty().map(SidebarViewModel::failure).orElse(""));
        Tooltip whole = new Tooltip();
        whole.textProperty().bind(text.textProperty());
        whole.setWrapText(true);
        whole.setMaxWidth(420);
        text.setTooltip(whole);
        Button retry = new Button("Retry", new FontIcon(Feather.REFRESH_CW));
        retry.setId("retry-turn");
        retry.setMinWidth(Region.USE_PREF_SIZE);
        retry.setTooltip(new Tooltip("Ask this turn again, once what failed it is fixed (Agents… for a model or key)"));
        retry.setOnAction(event -> viewModel.retry());
        // The whole reason (a server's message can be long) in a window of its own, to read and copy.
        Button details = new Button("Details…");
        details.setId("failure-details");
        details.getStyleClass().add("flat");
        details.setMinWidth(Region.USE_PREF_SIZE);
        details.setTooltip(new Tooltip("Read the whole reason and copy it"));
        details.setOnAction(event -> showTextWindow(this, "Why the turn failed", text.getText()));
        // The reason on a line of its own, wrapped to the sidebar's width; the buttons below it, on the right.
        FontIcon alert = new FontIcon(Feather.ALERT_TRIANGLE);
        alert.getStyleClass().add("failure-icon");
        text.getStyleClass().add("failure-text");
        // The icon as the label's graphic: a label straight in the VBox is measured at the banner's width, so it
        // wraps (inside an HBox it would be measured on one line).
        text.setGraphic(alert);
        text.setGraphicTextGap(8);
        text.setAlignment(Pos.TOP_LEFT);
        text.setMaxWidth(Double.MAX_VALUE);
        Region push = new Region();
        HBox.setHgrow(push, Priority.ALWAYS);
        HBox actions = new HBox(8, push, details, retry);
        actions.setAlignment(Pos.CENTER_RIGHT);
        VBox banner = new VBox(4, text, actions);
        banner.setId("failure-banner");
        banner.getStyleClass().add("failure-banner");
        banner.visibleProperty().bind(text.textProperty().isNotEmpty());
        banner.managedProperty().bind(banner.visibleProperty());
        return banner;
    }

    /**
     * A text in a window of its own, selectable, with a Copy button: a failed turn's whole reason, or a message
     * whose words the reader wants to pick (the Markdown view draws text that cannot be selected).
     */
    static void showTextWindow(Node owner, String title, String text) {
        javafx.scene.control.TextArea whole = new javafx.scene.control.TextArea(text);
        whole.setId("text-window-text");
        whole.setEditable(false);
        whole.setWrapText(true);
        whole.setPrefRowCount(12);
        whole.setPrefColumnCount(56);
        Button copy = new Button("Copy all", new FontIcon(Feather.COPY));
        copy.setOnAction(event -> SystemClipboard.put(text));
        Alert dialog = new Alert(Alert.AlertType.NONE, "", ButtonType.CLOSE);
        dialog.setTitle(title);
        dialog.setHeaderText(null);
        dialog.getDialogPane().setContent(new VBox(8, whole, copy));
        dialog.getDialogPane().setId("text-window");
        ownedBy(dialog, owner);
        dialog.show();
    }

    /** A dialog over {@code owner}'s window, in the window's stylesheets (its theme, its colours). */
    static void ownedBy(javafx.scene.control.Dialog<?> dialog, Node owner) {
        javafx.scene.Parent root = owner.getScene() == null ? null : owner.getScene().getRoot();
        if (root != null) {
            dialog.getDialogPane().getStylesheets().addAll(root.getStylesheets());
        }
        dialog.initOwner(owner.getScene() == null ? null : owner.getScene().getWindow());
    }

    /** Where the human writes when it is their turn; Ctrl+Enter sends. */
    private HBox composer() {
        javafx.scene.control.TextArea input = new javafx.scene.control.TextArea();
        input.setId("composer");
        input.setWrapText(true);
        input.setPrefRowCount(3);
        HBox.setHgrow(input, Priority.ALWAYS);
        Button send = new Button(null, new FontIcon(Feather.SEND));
        send.setId("send-message");
        send.getStyleClass().addAll("accent", "button-icon");
        IconOnly.withTip(send, "Send (Ctrl+Enter)");
        send.setMinWidth(Region.USE_PREF_SIZE);
        javafx.beans.binding.BooleanBinding yourTurn = Bindings.createBooleanBinding(
                () -> viewModel.selectedProperty().get() != null
                        && viewModel.selectedProperty().get().acceptsYourMessage(),
                viewModel.selectedProperty());
        input.disableProperty().bind(yourTurn.not());
        input.promptTextProperty().bind(Bindings.createStringBinding(() -> {
            ConversationRow row = viewModel.selectedProperty().get();
            if (row != null && row.status() == ConversationStatus.WAITING) {
                return row.resumable() ? "Write a new round, or Resume (Ctrl+Enter)"
                        : "Your turn (Ctrl+Enter sends)";
            }
            if (row != null && !row.endRecorded()) {
                return "Saving stopped: Reopen (above) to go on";
            }
            if (row != null && row.status() == ConversationStatus.INTERRUPTED) {
                return "Stopped: Resume goes on from the next turn";
            }
            if (row != null && row.status() == ConversationStatus.QUEUED) {
                return "Queued: it starts when another conversation ends";
            }
            return row != null && row.status().isFinal() ? "Follow up (Ctrl+Enter sends)"
                    : "Waiting for the agents…";
        }, viewModel.selectedProperty()));
        send.disableProperty().bind(yourTurn.not().or(input.textProperty().isEmpty()));
        Runnable submit = () -> {
            if (!send.isDisabled()) {
                viewModel.send(input.getText());
                input.clear();
            }
        };
        send.setOnAction(event -> submit.run());
        // Each conversation keeps its own unsent text, across a switch, a restart and a crash.
        boolean[] showingDraft = {false};
        viewModel.selectedProperty().addListener((property, old, row) -> {
            if (old == null || row == null || !old.id().equals(row.id())) {
                showingDraft[0] = true;
                input.setText(row == null ? "" : viewModel.draftOf(row.id()));
                input.positionCaret(input.getLength());
                showingDraft[0] = false;
            }
        });
        input.textProperty().addListener((property, old, text) -> {
            ConversationRow row = viewModel.selectedProperty().get();
            if (!showingDraft[0] && row != null) {
                viewModel.keepDraft(row.id(), text);
            }
        });
        input.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, event -> {
            if (event.getCode() == javafx.scene.input.KeyCode.ENTER && event.isShortcutDown()) {
                submit.run();
                event.consume();
            }
        });
        HBox box = new HBox(6, input, send);
        box.setAlignment(Pos.BOTTOM_RIGHT);
        box.getStyleClass().add("composer");
        javafx.beans.binding.BooleanBinding shown = viewModel.selectedProperty().isNotNull();
        box.visibleProperty().bind(shown);
        box.managedProperty().bind(shown);
        return box;
    }

    /**
     * Selects in the list what the user picked, found again by id (rows are replaced as their conversations move
     * on), with the view-model's conversation last so that it is the one shown. A conversation the view-model
     * chose itself (one just started, a bubble clicked) replaces the user's picks.
     */
    private void syncSelection() {
        ConversationRow chosen = viewModel.selectedProperty().get();
        syncing = true;
        try {
            MultipleSelectionModel<ConversationRow> selection = list.getSelectionModel();
            if (chosen == null) {
                picked.clear();
                selection.clearSelection();
                return;
            }
            if (!picked.contains(chosen.id())) {
                picked.clear();
                picked.add(chosen.id());
            }
            List<Integer> wanted = new ArrayList<>();
            int chosenAt = -1;
            for (int i = 0; i < list.getItems().size(); i++) {
                ConversationId id = list.getItems().get(i).id();
                if (id.equals(chosen.id())) {
                    chosenAt = i;
                } else if (picked.contains(id)) {
                    wanted.add(i);
                }
            }
            if (chosenAt >= 0) {
                wanted.add(chosenAt);
            }
            if (new HashSet<>(selection.getSelectedIndices()).equals(new HashSet<>(wanted))
                    && selection.getSelectedIndex() == chosenAt) {
                return;
            }
            selection.clearSelection();
            wanted.forEach(selection::select);
        } finally {
            syncing = false;
        }
    }

    /** Puts the caret in the conversation search, its text selected so that typing starts a new search. */
    public void focusSearch() {
        search.requestFocus();
        search.selectAll();
    }

    /** The rows a rename or delete acts on: those selected, else the conversation shown. */
    private List<ConversationRow> targets() {
        List<ConversationRow> selected = List.copyOf(list.getSelectionModel().getSelectedItems());
        ConversationRow shown = viewModel.selectedProperty().get();
        return !selected.isEmpty() ? selected : shown == null ? List.of() : List.of(shown);
    }

    private ContextMenu rowMenu() {
        MenuItem rename = new MenuItem("Rename (F2)", new FontIcon(Feather.EDIT_2));
        rename.setId("rename-menu-item");
        rename.setOnAction(event -> startRename());
        MenuItem again = new MenuItem("Start again…", new FontIcon(Feather.REFRESH_CW));
        again.setId("start-again-menu-item");
        again.setOnAction(event -> {
            List<ConversationRow> picked = targets();
            if (picked.size() == 1) {
                viewModel.startAgain(picked.getFirst(), onStartAgain);
            }
        });
        MenuItem delete = new MenuItem("Delete… (Del)", new FontIcon(Feather.TRASH_2));
        delete.setId("delete-menu-item");
        delete.setOnAction(event -> confirmDelete());
        // The one conversation shown, as the Export button above its messages does.
        MenuItem exportMarkdown = new MenuItem("Export as Markdown…", new FontIcon(Feather.FILE_TEXT));
        exportMarkdown.setId("export-markdown-menu-item");
        exportMarkdown.setOnAction(event -> export("md", "Markdown", "*.md"));
        MenuItem exportJson = new MenuItem("Export as JSON…", new FontIcon(Feather.CODE));
        exportJson.setId("export-json-menu-item");
        exportJson.setOnAction(event -> export("json", "JSON", "*.json"));
        MenuItem exportAll = new MenuItem("Export all conversations…", new FontIcon(Feather.DOWNLOAD));
        exportAll.setId("export-all-menu-item");
        exportAll.setOnAction(event -> exportAll());
        MenuItem deleted = new MenuItem("Recently deleted…", new FontIcon(Feather.CORNER_UP_LEFT));
        deleted.setId("recently-deleted-menu-item");
        deleted.setOnAction(event -> new RecentlyDeletedDialog(viewModel, this).show());
        ContextMenu menu = new ContextMenu(rename, again, delete, new javafx.scene.control.SeparatorMenuItem(),
                exportMarkdown, exportJson, exportAll, new javafx.scene.control.SeparatorMenuItem(), deleted);
        menu.setOnShowing(event -> {
            int count = targets().size();
            rename.setDisable(count != 1);
            again.setDisable(count != 1);
            // Export writes the conversation shown: only when that is the one (or the only one) picked.
            boolean one = count == 1 && viewModel.selectedProperty().get() != null
                    && targets().getFirst().id().equals(viewModel.selectedProperty().get().id());
            exportMarkdown.setDisable(!one);
            exportJson.setDisable(!one);
            delete.setDisable(count == 0);
            delete.setText(count > 1 ? "Delete " + count + " conversations… (Del)" : "Delete… (Del)");
            exportAll.setText(count > 1 ? "Export these " + count + " conversations…" : "Export all conversations…");
            exportAll.setDisable(viewModel.allRows().isEmpty());
        });
        return menu;
    }

    /** Asks first (Cancel is the default answer), then deletes; the rows leave the list as each is done. */
    private void confirmDelete() {
        List<ConversationRow> targets = targets();
        if (targets.isEmpty()) {
            return;
        }
        List<String> question = SidebarViewModel.deleteQuestion(targets);
        ButtonType delete = new ButtonType("Delete", ButtonBar.ButtonData.OK_DONE);
        Alert confirm = new Alert(Alert.AlertType.CONFIRMATION, question.get(1), ButtonType.CANCEL, delete);
        confirm.setTitle("Delete conversations");
        confirm.setHeaderText(question.get(0));
        confirm.getDialogPane().setId("confirm-delete");
        Button deleteButton = (Button) confirm.getDialogPane().lookupButton(delete);
        deleteButton.setDefaultButton(false);
        deleteButton.getStyleClass().add("danger");
        ((Button) confirm.getDialogPane().lookupButton(ButtonType.CANCEL)).setDefaultButton(true);
        confirm.initOwner(getScene() == null ? null : getScene().getWindow());
        if (confirm.showAndWait().filter(delete::equals).isPresent()) {
            viewModel.delete(targets);
        }
    }

    /** Puts the shown conversation's title in an editor above its messages: Enter keeps it, Esc leaves it. */
    private void startRename() {
        List<ConversationRow> targets = targets();
        if (targets.size() == 1) {
            startRename(targets.getFirst());
        }
    }

    private void startRename(ConversationRow row) {
        if (row == null) {
            return;
        }
        if (viewModel.selectedProperty().get() == null || !viewModel.selectedProperty().get().id().equals(row.id())) {
            viewModel.select(row);
        }
        renaming = row;
        titleEditor.setText(row.title());
        titleEditor.setVisible(true);
        titleEditor.requestFocus();
        titleEditor.selectAll();
    }

    private void finishRename(boolean keep) {
        ConversationRow row = renaming;
        if (row == null) {
            return;
        }
        renaming = null;
        titleEditor.setVisible(false);
        String title = titleEditor.getText();
        if (keep && !title.strip().equals(row.title())) {
            viewModel.rename(row.id(), title);
        }
        list.requestFocus();
    }

    private TextField titleEditor() {
        TextField editor = new TextField();
        editor.setId("title-editor");
        editor.setPromptText("A title (empty: the task's first line)");
        editor.setVisible(false);
        editor.managedProperty().bind(editor.visibleProperty());
        HBox.setHgrow(editor, Priority.ALWAYS);
        editor.setOnAction(event -> finishRename(true));
        editor.addEventFilter(KeyEvent.KEY_PRESSED, event -> {
            if (event.getCode() == KeyCode.ESCAPE) {
                finishRename(false);
                event.consume();
            }
        });
        // Clicking elsewhere keeps what was typed, as in a file manager.
        editor.focusedProperty().addListener((property, was, focused) -> {
            if (!focused) {
                finishRename(true);
            }
        });
        return editor;
    }

    /** What "Start again…" does with the conversation picked (the app opens the start dialog, filled in). */
    public void setOnStartAgain(Consumer<ConversationState> action) {
        onStartAgain = action;
    }

    /** What "New" does after clearing the panes (the app opens the start dialog). */
    public void setOnNewConversation(Runnable action) {
        onNewConversation = action;
    }

    private void configure(ListView<MessageItem> list, javafx.collections.ObservableList<MessageItem> items, String id,
                           String heading, String hint) {
        list.setId(id);
        list.setItems(items);
        list.setCellFactory(view -> new MessageCell(list, highlight, viewModel::forkAt));
        messageLists.add(list);
        list.setPlaceholder(placeholder(heading, hint));
        list.setFocusTraversable(true);
    }

    /**
     * The status row. Abort and Resume give up their words (their icons and tooltips stay) when the row is
     * narrower than everything at full width, and the reason hides rather than show a lone "…": a long status
     * such as "Waiting for you" never pushes a button out of the sidebar. Whether it all fits is measured as if
     * the words showed, so nothing flips back and forth between layout passes.
     */
    private static final class StateRow extends HBox {
        /** Less room than this would show the reason as a lone "…". */
        private static final double REASON_ROOM = 48;
        private final List<Button> shortened;
        private final Label reason;

        StateRow(List<Button> shortened, Label reason, javafx.scene.Node... children) {
            super(8, children);
            this.shortened = shortened;
            this.reason = reason;
            // Its width is the sidebar's, not what its contents would like.
            setMinWidth(0);
        }

        @Override
        protected void layoutChildren() {
            double full = snappedLeftInset() + snappedRightInset() - getSpacing();
            for (javafx.scene.Node child : getManagedChildren()) {
                // The reason takes what is left, cut short; it asks for no room of its own.
                full += (child == reason ? 0 : child.prefWidth(-1)) + getSpacing();
            }
            for (Button button : shortened) {
                if (button.isManaged() && button.getContentDisplay() == javafx.scene.control.ContentDisplay.GRAPHIC_ONLY) {
                    javafx.scene.text.Text words = new javafx.scene.text.Text(button.getText());
                    words.setFont(button.getFont());
                    full += words.getLayoutBounds().getWidth() + button.getGraphicTextGap();
                }
            }
            javafx.scene.control.ContentDisplay display = full > getWidth()
                    ? javafx.scene.control.ContentDisplay.GRAPHIC_ONLY : javafx.scene.control.ContentDisplay.LEFT;
            shortened.forEach(button -> button.setContentDisplay(display));
            // Visibility, not management, so the measure above stays the same either way.
            reason.setVisible(getWidth() - full >= REASON_ROOM);
            super.layoutChildren();
        }
    }

    private static VBox titled(String title, ListView<MessageItem> list) {
        Label label = new Label(title);
        label.getStyleClass().add("pane-title");
        VBox.setVgrow(list, Priority.ALWAYS);
        VBox box = new VBox(4, label, list);
        // As narrow as the sidebar: the messages wrap, and nothing may push the buttons above out of sight.
        box.setMinWidth(0);
        return box;
    }

    /** A paused conversation has an icon and a colour of its own: it waits for a Resume, not for a turn. */
    private static Ikon iconOf(ConversationRow row) {
        return row.paused() ? Feather.PAUSE : ICONS.get(row.status());
    }

    private static String statusClassOf(ConversationRow row) {
        return row.paused() ? "status-paused" : "status-" + row.status().wireName();
    }

    private static void showStatus(Label label, ConversationRow row) {
        if (row == null) {
            label.setText("");
            label.setGraphic(null);
            return;
        }
        label.setText(row.statusWords());
        label.setGraphic(new FontIcon(iconOf(row)));
        label.getStyleClass().setAll("label", "status-marker", statusClassOf(row));
        label.setTooltip(new Tooltip(row.statusWords()
                + (row.statusReason().isEmpty() ? "" : ": " + row.statusReason())));
    }

    private void export(String extension, String description, String pattern) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export the conversation");
        chooser.setInitialFileName(viewModel.exportName(extension));
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(description, pattern));
        File file = chooser.showSaveDialog(getScene() == null ? null : getScene().getWindow());
        if (file != null) {
            viewModel.export(file.toPath());
        }
    }

    /**
     * Every conversation (or the several picked) as JSON files in a folder the user chooses: a backup that
     * Import reads back, one conversation at a time.
     */
    private void exportAll() {
        List<ConversationRow> picks = targets();
        List<ConversationRow> chosen = picks.size() > 1 ? picks : List.copyOf(viewModel.allRows());
        javafx.stage.DirectoryChooser chooser = new javafx.stage.DirectoryChooser();
        chooser.setTitle(chosen.size() == 1 ? "Export the conversation to a folder"
                : "Export " + chosen.size() + " conversations to a folder");
        File folder = chooser.showDialog(getScene() == null ? null : getScene().getWindow());
        if (folder != null) {
            viewModel.exportAll(chosen, folder.toPath());
        }
    }

    private void importConversation() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Import a conversation");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Conversation (JSON)", "*.json"));
        File file = chooser.showOpenDialog(getScene() == null ? null : getScene().getWindow());
        if (file != null) {
            viewModel.importFile(file.toPath());
        }
    }

    static Label placeholder(String heading, String hint) {
        Label label = new Label(hint.isEmpty() ? heading : heading + "\n" + hint);
        label.getStyleClass().add("sidebar-placeholder");
        label.setWrapText(true);
        return label;
    }

    /**
     * A conversation in the list. Its nodes are made once and only their text changes: a row is replaced on
     * every message of a running conversation, and labels made anew inside the list's layout pass have no
     * skin until the next pulse, so the row used to show blank for a frame on every turn.
     */
    private static final class RowCell extends ListCell<ConversationRow> {
        private final FontIcon icon = new FontIcon(Feather.CIRCLE);
        private final Label status = new Label(null, icon);
        private final Label kind = new Label();
        private final Label when = new Label();
        private final Tooltip whenTip = new Tooltip();
        private final Label title = new Label();
        private final Label people = new Label();
        private final Tooltip reasonTip = new Tooltip();
        private final VBox box;
        private String statusClass = "";

        RowCell() {
            status.getStyleClass().add("status-marker");
            kind.getStyleClass().add("type-chip");
            when.getStyleClass().add("row-time");
            when.setTooltip(whenTip);
            title.getStyleClass().add("row-title");
            people.getStyleClass().add("row-people");
            Region spacer = new Region();
            HBox.setHgrow(spacer, Priority.ALWAYS);
            HBox top = new HBox(6, status, kind, spacer, when);
            top.setAlignment(Pos.CENTER_LEFT);
            box = new VBox(2, top, title, people);
            box.setPadding(new Insets(2, 0, 2, 0));
            setText(null);
        }

        @Override
        protected void updateItem(ConversationRow row, boolean empty) {
            super.updateItem(row, empty);
            if (empty || row == null) {
                setGraphic(null);
                setTooltip(null);
                return;
            }
            icon.setIconCode(iconOf(row));
            status.setText(row.statusWords());
            String wanted = statusClassOf(row);
            if (!wanted.equals(statusClass)) {
                status.getStyleClass().remove(statusClass);
                status.getStyleClass().add(wanted);
                statusClass = wanted;
            }
            kind.setText(row.kind() == ConversationKind.TASK ? "task" : "conversation");
            when.setText(ConversationRow.relativeTime(row.updatedAt(), Instant.now()));
            whenTip.setText("Last activity: " + ConversationRow.clockTime(row.updatedAt()));
            title.setText(row.title());
            people.setText(row.participants() + " · " + row.turnsShort());
            reasonTip.setText(row.statusReason());
            setTooltip(row.statusReason().isEmpty() ? null : reasonTip);
            setGraphic(box);
        }
    }

    /** A message: the speaker's avatar and name, the turn, marks, what it cost, and the content as Markdown. */
    private static final class MessageCell extends ListCell<MessageItem> {
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
            select.setOnAction(event -> showTextWindow(owner, item.speakerName() + ", turn " + (item.turnIndex() + 1),
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
}
