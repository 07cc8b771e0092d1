package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.ui.fx.FxTicker;
import dev.workshop.ui.fx.IconOnly;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import javafx.animation.PauseTransition;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.MultipleSelectionModel;
import javafx.scene.control.SelectionMode;
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
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import javafx.util.StringConverter;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The upper half of the sidebar: the conversations (status, title, type, participants, turns, when) under a
 * search box and a status filter, several of them picked at once for a bulk delete or export, and the Undo bar
 * after a delete.
 */
final class ConversationListPane extends VBox {
    /** How long Undo is offered after a delete. */
    private static final Duration UNDO_OFFERED = Duration.seconds(20);
    /** How often relative times ("2 min ago") are brought up to date. */
    private static final java.time.Duration TIMES_REFRESHED = java.time.Duration.ofSeconds(30);
    private static final KeyCombination UNDO = new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN);

    private final SidebarViewModel viewModel;
    private final TitleEditor titleEditor;
    private final ConversationActions actions;
    private final ListView<ConversationRow> list = new ListView<>();
    private final TextField search = new TextField();
    /** The conversations the user picked in the list, by id: rows are replaced as conversations move on. */
    private final Set<ConversationId> picked = new HashSet<>();
    /** Set while the list's selection is set from the view-model, so it is not taken for a user's click. */
    private boolean syncing;
    private Consumer<ConversationState> onStartAgain = state -> { };
    /** Moves "2 min ago" on while the sidebar is shown; null while it is not. */
    private FxTicker clock;

    ConversationListPane(SidebarViewModel viewModel, TitleEditor titleEditor, ConversationActions actions) {
        super(8);
        this.viewModel = viewModel;
        this.titleEditor = titleEditor;
        this.actions = actions;
        Label title = new Label("Conversations");
        title.getStyleClass().add("sidebar-title");
        configureList();
        VBox.setVgrow(list, Priority.ALWAYS);
        getChildren().addAll(title, tools(), undoBar(), list);
        getStyleClass().add("sidebar-list-pane");
        titleEditor.setAfterwards(list::requestFocus);
        // Relative times ("2 min ago") move on while nothing else happens, for as long as the sidebar is shown.
        dev.workshop.ui.fx.Showing.of(this).subscribe(this::keepTimesCurrent);
    }

    /** What "Start again…" does with the conversation picked (the app opens the start dialog, filled in). */
    void setOnStartAgain(Consumer<ConversationState> action) {
        onStartAgain = action;
    }

    /** Puts the caret in the conversation search, its text selected so that typing starts a new search. */
    void focusSearch() {
        search.requestFocus();
        search.selectAll();
    }

    /** Whether the relative times are kept current now: only while the list is in a showing window. */
    boolean keepsTimesCurrent() {
        return clock != null;
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

    private static final double SEARCH_MIN_WIDTH = 110;
    private static final double SEARCH_FULL_HINT_WIDTH = 175;

    private HBox tools() {
        ComboBox<ConversationStatus> filter = statusFilter();
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
        // The filter gives way first (its longest entry, "Waiting for you, or paused", would otherwise take the
        // width of the search), and its list still opens wide enough; in a narrow window the search gives way
        // too, with a hint short enough to read whole.
        search.setMinWidth(SEARCH_MIN_WIDTH);
        search.setPrefColumnCount(12);
        search.promptTextProperty().bind(search.widthProperty()
                .map(width -> width.doubleValue() < SEARCH_FULL_HINT_WIDTH ? "Search" : "Search conversations"));
        filter.setPrefWidth(140);
        filter.setMinWidth(80);
        Button importButton = new Button(null, new FontIcon(Feather.UPLOAD));
        importButton.getStyleClass().add("button-icon");
        importButton.setId("import-conversation");
        IconOnly.withTip(importButton, "Import a conversation (a JSON export or snapshot, older formats too); "
                + "it comes back paused until you continue it");
        importButton.setOnAction(event -> actions.importConversation());
        Button deletedButton = new Button(null, new FontIcon(Feather.TRASH_2));
        deletedButton.getStyleClass().add("button-icon");
        deletedButton.setId("recently-deleted-button");
        IconOnly.withTip(deletedButton, "Recently deleted: bring back a conversation you deleted");
        deletedButton.setOnAction(event -> actions.showRecentlyDeleted());
        Button heldButton = new Button(null, new FontIcon(Feather.GIT_BRANCH));
        heldButton.getStyleClass().add("button-icon");
        heldButton.setId("open-held-button");
        IconOnly.withTip(heldButton, "Open held session: re-inflate a conversation held in git, from this Workshop's"
                + " repository, another folder or a URL");
        heldButton.setOnAction(event -> actions.openHeld());
        return new HBox(6, search, filter, importButton, heldButton, deletedButton);
    }

    private ComboBox<ConversationStatus> statusFilter() {
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
        return filter;
    }

    private void configureList() {
        list.setId("conversation-list");
        list.setItems(viewModel.rows());
        list.setCellFactory(view -> {
            RowCell cell = new RowCell();
            // Cells as wide as the list, never wider: long titles end in "…" instead of a sideways scroll.
            cell.prefWidthProperty().bind(list.widthProperty().subtract(18));
            cell.setMaxWidth(Region.USE_PREF_SIZE);
            return cell;
        });
        Label empty = TextWindow.placeholder("", "");
        // An empty list says why: nothing stored yet, or nothing that matches the search and the filter.
        empty.textProperty().bind(Bindings.createStringBinding(() -> viewModel.allRows().isEmpty()
                ? "No conversations yet\nSelect agents on the canvas and start one."
                : viewModel.searchingProperty().get() ? "Searching the messages…"
                : "Nothing matches\nNo title, agent or message holds what you searched for, in that status.",
                viewModel.allRows(), viewModel.searchingProperty()));
        list.setPlaceholder(empty);
        OrderHeldUnderPointer.install(list, viewModel::holdListOrder);
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
                actions.confirmDelete(targets());
                event.consume();
            } else if (UNDO.match(event) && !viewModel.deletion().undoableProperty().get().isEmpty()) {
                viewModel.deletion().undo();
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
    }

    /**
     * "Deleted 2 conversations · Undo" above the list for a while after a delete: the Delete dialog asks first,
     * and this is the way back from a wrong answer.
     */
    private HBox undoBar() {
        Label text = new Label();
        text.setId("undo-delete-text");
        text.textProperty().bind(viewModel.deletion().undoTextProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button undo = new Button("Undo", new FontIcon(Feather.CORNER_UP_LEFT));
        undo.setId("undo-delete");
        undo.getStyleClass().add("flat");
        undo.setTooltip(new Tooltip("Bring them back (Ctrl+Z in the list)"));
        undo.setOnAction(event -> viewModel.deletion().undo());
        HBox bar = new HBox(8, new FontIcon(Feather.TRASH_2), text, spacer, undo);
        bar.setId("undo-delete-bar");
        bar.getStyleClass().add("undo-bar");
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.visibleProperty().bind(viewModel.deletion().undoTextProperty().isNotEmpty());
        bar.managedProperty().bind(bar.visibleProperty());
        PauseTransition lapse = new PauseTransition(UNDO_OFFERED);
        lapse.setOnFinished(event -> viewModel.deletion().forgetUndo());
        viewModel.deletion().undoTextProperty().addListener((property, old, now) -> {
            if (now.isEmpty()) {
                lapse.stop();
            } else {
                lapse.playFromStart();
            }
        });
        return bar;
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

    /** The rows a rename or delete acts on: those selected, else the conversation shown. */
    private List<ConversationRow> targets() {
        List<ConversationRow> selected = List.copyOf(list.getSelectionModel().getSelectedItems());
        ConversationRow shown = viewModel.selectedProperty().get();
        return !selected.isEmpty() ? selected : shown == null ? List.of() : List.of(shown);
    }

    private void startRename() {
        List<ConversationRow> targets = targets();
        if (targets.size() == 1) {
            titleEditor.start(targets.getFirst());
        }
    }

    private ContextMenu rowMenu() {
        return new ConversationRowMenu(viewModel, actions, this::targets, this::startRename,
                state -> onStartAgain.accept(state), this).menu();
    }
}
