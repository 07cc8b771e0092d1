package dev.workshop.ui.shell;

import dev.workshop.domain.canvas.Bounds;
import dev.workshop.domain.canvas.WindowLayout;
import dev.workshop.ui.agents.AgentsView;
import dev.workshop.ui.agents.AgentsViewModel;
import dev.workshop.ui.canvas.CanvasView;
import dev.workshop.ui.canvas.CanvasViewModel;
import dev.workshop.ui.dialogs.PreferencesDialog;
import dev.workshop.ui.dialogs.TeamServerDialog;
import dev.workshop.ui.fx.Background;
import dev.workshop.ui.fx.IconOnly;
import dev.workshop.ui.fx.ModalOver;
import dev.workshop.ui.palette.PaletteView;
import dev.workshop.ui.sidebar.ConversationRow;
import dev.workshop.ui.sidebar.SidebarView;
import dev.workshop.ui.sidebar.SidebarViewModel;
import java.util.List;
import java.util.Optional;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.util.Subscription;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The main window's layout: a header, the palette and the canvas, and a status bar. Until the workspace is
 * open the canvas area shows that it is opening. Reads the view-models only.
 */
public final class ShellView extends BorderPane {
    /** Below this width the palette shows only avatars, so that the canvas keeps room beside the sidebar. */
    static final double COMPACT_PALETTE_BELOW = 900;
    /** The least of the canvas a narrow window keeps: room to drop an agent and see it. */
    static final double CANVAS_MIN_WIDTH = 200;
    private final ShellViewModel viewModel;
    private final StatusBar statusBar;
    private final ThemeMenu theme = new ThemeMenu(Background.virtualThreads());
    private final Button start = new Button("Start conversation", new FontIcon(Feather.MESSAGE_SQUARE));
    private final Button agents = new Button("Agents…", new FontIcon(Feather.USERS));
    private final HelpMenu help;
    private CanvasView canvasView;
    private SplitPane canvasAndSidebar;
    private SidebarView sidebarView;
    private WindowLayout layout = WindowLayout.DEFAULT;
    /**
     * What the shown canvas and sidebar listen to beyond their own nodes (the window's focus, the status bar):
     * dropped when Reopen shows new ones, so the old ones neither linger in memory nor answer for the new.
     */
    private Subscription shownWorkspace = Subscription.EMPTY;

    public ShellView(ShellViewModel viewModel) {
        this.viewModel = viewModel;
        help = new HelpMenu(() -> shortcut(AppShortcuts.Action.SHORTCUTS), this::showAbout,
                this::showNotice);
        getStyleClass().add("shell");
        getStylesheets().add(ShellView.class.getResource("shell.css").toExternalForm());
        setTop(new VBox(header(),
                CannotSaveBanner.of("data-directory-gone", viewModel.dataDirectoryGoneProperty(), viewModel::reopen),
                CannotSaveBanner.of("saving-stopped", viewModel.savingStoppedProperty(), viewModel::reopen)));
        setCenter(openingArea());
        statusBar = new StatusBar(viewModel);
        setBottom(statusBar);
        viewModel.noticeProperty().addListener((property, old, text) -> statusBar.showNotice(text));
        sceneProperty().addListener((property, old, scene) -> {
            if (scene != null) {
                AppShortcuts.install(scene, this::shortcut);
            }
        });
        viewModel.fatalErrorProperty().addListener((property, old, message) -> {
            if (!message.isEmpty()) {
                showFatalError(message);
            }
        });
        viewModel.warningTextProperty().addListener((property, old, warnings) -> {
            if (!warnings.isEmpty()) {
                showWarnings(warnings);
            }
        });
        viewModel.canvasProperty().addListener((property, old, canvas) -> {
            if (canvas != null) {
                showCanvas(canvas);
            }
        });
    }

    private void showCanvas(CanvasViewModel canvas) {
        if (canvasAndSidebar != null) {
            // The data was opened again (Reopen): the new panes keep the dividers where the user left them.
            layout = currentLayout(layout.bounds(), layout.maximized());
        }
        shownWorkspace.unsubscribe();
        canvasView = new CanvasView(canvas);
        PaletteView palette = new PaletteView(canvas.palette(), canvasView);
        SidebarViewModel sidebarModel = viewModel.sidebarProperty().get();
        SidebarView sidebar = new SidebarView(sidebarModel);
        sidebarView = sidebar;
        sidebar.setDividerPositions(layout.listDivider());
        sidebar.setOnNewConversation(() -> canvasView.startConversation(canvas.selecting().selection()));
        sidebar.setOnStartAgain(canvasView::startAgain);
        // The window is named after the conversation shown, as a document app names its document (task bar,
        // Alt+Tab); a rename shows at once.
        Subscription windowName = sidebarModel.selectedProperty().map(ConversationRow::title).subscribe(this::nameWindow);
        canvas.waysOut().setOnEditAgent(agent -> viewModel.agentsEditor().ifPresent(editor -> {
            editor.select(agent);
            showAgents(editor);
        }));
        SplitPane split = new SplitPane(canvasView, sidebar);
        canvasAndSidebar = split;
        split.setDividerPositions(layout.sidebarDivider());
        SplitPane.setResizableWithParent(sidebar, false);
        canvasView.setMinWidth(CANVAS_MIN_WIDTH);
        BorderPane area = new BorderPane(split);
        area.setLeft(palette);
        // The window's width, laid out already, not the new area's (zero until its first layout): a palette that
        // began compact and then widened would take its width from the sidebar's remembered share.
        palette.compactProperty().bind(widthProperty().lessThan(COMPACT_PALETTE_BELOW));
        setCenter(area);
        // The status bar tells the latest news from the canvas or the sidebar.
        Subscription notices = Subscription.combine(
                canvas.noticeProperty().subscribe((old, text) -> statusBar.showNotice(text)),
                sidebarModel.noticeProperty().subscribe((old, text) -> statusBar.showNotice(text)));
        Subscription colours = theme.follow(canvas,
                sceneProperty().flatMap(Scene::windowProperty).flatMap(window -> window.focusedProperty()));
        shownWorkspace = Subscription.combine(windowName, notices, colours);
        start.setOnAction(event -> canvasView.startConversation(canvas.selecting().selection()));
        start.disableProperty().bind(javafx.beans.binding.Bindings.size(canvas.agents()).lessThan(2));
        canvasView.requestFocus();
        ColdStartProbe.reportFirstFrameIfAsked(canvas);
    }

    /** "Title — Workshop" while a conversation is shown, else "Workshop". */
    static String windowTitle(String conversation) {
        return conversation == null || conversation.isBlank() ? "Workshop" : conversation + " — Workshop";
    }

    private void nameWindow(String conversation) {
        if (getScene() != null && getScene().getWindow() instanceof Stage stage) {
            stage.setTitle(windowTitle(conversation));
        }
    }

    /** What an application-wide shortcut does; each does nothing until the canvas is open, as its button. */
    private void shortcut(AppShortcuts.Action action) {
        if (canvasView == null) {
            return;
        }
        switch (action) {
            case START_CONVERSATION -> {
                if (!start.isDisabled()) {
                    start.fire();
                } else {
                    // A key that does nothing would look broken: say what it needs.
                    statusBar.showNotice("A conversation needs two agents on the canvas: drag them in from the palette");
                }
            }
            case AGENTS -> {
                if (!agents.isDisabled()) {
                    agents.fire();
                }
            }
            case SEARCH_CONVERSATIONS -> sidebarView.focusSearch();
            case SHORTCUTS -> canvasView.showShortcuts();
            case QUIT -> quit();
        }
    }

    /** What the Help menu tells about the app (until given, the menu is disabled). */
    public void setHelp(HelpMenu.Help about) {
        help.setHelp(about);
    }

    private void showNotice(String text) {
        statusBar.showNotice(text);
    }

    private void showAbout(String text) {
        Alert about = new Alert(Alert.AlertType.INFORMATION, text);
        about.setTitle("About Workshop");
        about.setHeaderText("Workshop");
        about.getDialogPane().setId("about-dialog");
        java.io.InputStream icon = ShellView.class.getResourceAsStream("/dev/workshop/icons/workshop-64.png");
        if (icon != null) {
            about.setGraphic(new javafx.scene.image.ImageView(new javafx.scene.image.Image(icon)));
        }
        ModalOver.owner(about, getScene() == null ? null : getScene().getWindow());
        about.show();
    }

    /** The dividers to show once the canvas is open (remembered from the last time the window closed). */
    public void restoreLayout(WindowLayout remembered) {
        layout = remembered;
    }

    /**
     * The colours the window opened in, chosen before it showed (from the scene file's theme, and for System
     * the desktop's answer): the canvas starts from them instead of painting light and then turning dark.
     */
    public void openedInColours(boolean dark, Optional<Boolean> systemPrefersDark) {
        theme.openedInColours(dark, systemPrefersDark);
    }

    /** The layout to remember: the window's place as given, and the dividers as they are now. */
    public WindowLayout currentLayout(Bounds window, boolean maximized) {
        double sidebar = canvasAndSidebar == null ? layout.sidebarDivider() : canvasAndSidebar.getDividerPositions()[0];
        double list = sidebarView == null ? layout.listDivider() : sidebarView.listShare();
        return new WindowLayout(window, maximized, sidebar, list);
    }

    private HBox header() {
        FontIcon logo = new FontIcon(Feather.LAYERS);
        logo.getStyleClass().add("app-logo");
        Label title = new Label("Workshop");
        title.getStyleClass().add("app-title");
        Label subtitle = new Label("Agents that talk, conversations that are never lost");
        subtitle.getStyleClass().add("app-subtitle");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        start.setId("start-conversation");
        start.getStyleClass().add("accent");
        start.setTooltip(new Tooltip("Start a conversation among agents on the canvas (Ctrl+N)"));
        start.setDisable(true);
        agents.setId("open-agents");
        agents.setTooltip(new Tooltip("Add agents and point them at a model (Ctrl+,)"));
        agents.disableProperty().bind(viewModel.readyProperty().not());
        agents.setOnAction(event -> viewModel.agentsEditor().ifPresent(editor -> {
            editor.selectFirstIfNone();
            showAgents(editor);
        }));
        Button settings = new Button(null, new FontIcon(Feather.SLIDERS));
        settings.setId("open-settings");
        settings.getStyleClass().add("button-icon");
        IconOnly.withTip(settings, "Settings: turns, conversations at once, offline reply time, team server");
        settings.disableProperty().bind(viewModel.readyProperty().not());
        settings.setOnAction(event -> showPreferences());
        theme.disableProperty().bind(viewModel.readyProperty().not());
        // A narrow window gives up the subtitle, never the name or the buttons' words; a subtitle that no longer
        // fits whole is hidden rather than left as a lone "…".
        hiddenWhenCut(subtitle);
        // The name goes next (the window's title still says it), then nothing: the buttons keep their words.
        hiddenWhenCut(title);
        for (Region keeps : List.of(start, agents, settings, theme, help)) {
            keeps.setMinWidth(Region.USE_PREF_SIZE);
        }
        HBox header = new HBox(12, logo, title, subtitle, spacer, start, agents, settings, theme, help);
        header.getStyleClass().add("header");
        header.setAlignment(Pos.CENTER_LEFT);
        return header;
    }

    /** A label that gives way in a narrow header and, once it no longer fits whole, hides. */
    private static void hiddenWhenCut(Label label) {
        label.setMinWidth(0);
        label.visibleProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(
                () -> label.getWidth() >= label.prefWidth(-1) - 1, label.widthProperty()));
    }

    private static StackPane openingArea() {
        ProgressIndicator progress = new ProgressIndicator();
        progress.setMaxSize(36, 36);
        Label heading = new Label("Opening your workshop…");
        heading.getStyleClass().add("empty-heading");
        VBox box = new VBox(10, progress, heading);
        box.setAlignment(Pos.CENTER);
        StackPane area = new StackPane(new GridBackground(), box);
        area.getStyleClass().add("canvas-area");
        area.setId("canvas-area");
        return area;
    }

    /** The conversation settings; saved and applied at once on Save. */
    private void showPreferences() {
        viewModel.preferences().ifPresent(current -> {
            PreferencesDialog dialog = new PreferencesDialog(current, viewModel.teamServerSettings()
                    .map(settings -> whereKept()), viewModel.toolServers().map(tools -> owner -> ModalOver
                    .owner(new dev.workshop.ui.tools.ToolServersDialog(tools), owner).showAndWait()));
            dialog.followTheTeam(viewModel.teamServerChoice().onTeamServer());
            if (getScene() != null) {
                ModalOver.owner(dialog, getScene().getWindow());
            }
            dialog.showAndWait().filter(chosen -> !chosen.equals(current)).ifPresent(viewModel::savePreferences);
            if (dialog.teamServerAsked()) {
                showTeamServer();
            }
        });
    }

    private String whereKept() {
        return Optional.of(viewModel.teamServerTextProperty().get()).filter(t -> !t.isEmpty()).orElse("This device only");
    }

    /**
     * Settings → Team server: where the conversations are kept; Switch reopens them from there. True when the user
     * switched (the reopening has begun), false when they cancelled or kept what was there.
     */
    private boolean showTeamServer() {
        if (viewModel.teamServerSettings().isEmpty()) {
            return false;
        }
        dev.workshop.domain.settings.TeamServerChoice current = viewModel.teamServerChoice();
        TeamServerDialog dialog = new TeamServerDialog(current, viewModel.teamServerSettings().get(),
                dev.workshop.ui.fx.Background.virtualThreads(), dev.workshop.ui.fx.FxExecutor.platform());
        if (getScene() != null) {
            ModalOver.owner(dialog, getScene().getWindow());
        }
        Optional<dev.workshop.domain.settings.TeamServerChoice> chosen = dialog.showAndWait()
                .filter(choice -> !choice.equals(current));
        chosen.ifPresent(viewModel::switchTo);
        return chosen.isPresent();
    }

    private void showAgents(AgentsViewModel agents) {
        Stage window = new Stage();
        window.setTitle("Agents");
        if (getScene() != null) {
            ModalOver.owner(window, getScene().getWindow());
        }
        AgentsView editor = new AgentsView(agents, window::close);
        window.setScene(new Scene(editor, 900, 640));
        // The window's own close button asks about unsaved edits as Done does.
        window.setOnCloseRequest(event -> {
            event.consume();
            editor.closeAsked(window::close);
        });
        window.setMinWidth(700);
        window.setMinHeight(480);
        window.setOnHidden(event -> {
            CanvasViewModel canvas = viewModel.canvasProperty().get();
            if (canvas != null) {
                canvas.refreshPalette();
            }
            SidebarViewModel sidebar = viewModel.sidebarProperty().get();
            if (sidebar != null) {
                sidebar.refreshAgents();
            }
        });
        ModalOver.showCentred(window);
    }

    private void showWarnings(String warnings) {
        Alert alert = new Alert(Alert.AlertType.WARNING, warnings);
        alert.setHeaderText("Workshop repaired its data while opening");
        ModalOver.owner(alert, getScene() == null ? null : getScene().getWindow());
        alert.show();
    }

    /** The open failed: what failed, and a way to try again once it is mended without starting Workshop anew. */
    /**
     * Quit asked for from inside the window: the same way out as its close button, so the application's close
     * request (layout, drafts, loops and the store closed as usual) decides how the process ends, not this view.
     */
    private void quit() {
        if (getScene() != null && getScene().getWindow() != null) {
            javafx.stage.Window window = getScene().getWindow();
            window.fireEvent(new javafx.stage.WindowEvent(window, javafx.stage.WindowEvent.WINDOW_CLOSE_REQUEST));
        }
    }

    private void showFatalError(String message) {
        ButtonType tryAgain = new ButtonType("Try again", ButtonBar.ButtonData.OK_DONE);
        ButtonType quit = new ButtonType("Quit", ButtonBar.ButtonData.CANCEL_CLOSE);
        // A team server that cannot be reached need not keep the user out: they can point elsewhere from here.
        ButtonType teamServer = new ButtonType("Team server…", ButtonBar.ButtonData.LEFT);
        Alert alert = new Alert(Alert.AlertType.ERROR, message, tryAgain, quit);
        if (viewModel.teamServerSettings().isPresent() && viewModel.teamServerChoice().onTeamServer()) {
            alert.getButtonTypes().add(teamServer);
        }
        alert.setHeaderText("Workshop cannot open its data");
        ModalOver.owner(alert, getScene() == null ? null : getScene().getWindow());
        alert.setOnHidden(event -> {
            if (alert.getResult() == tryAgain) {
                viewModel.tryAgain();
            } else if (alert.getResult() == teamServer) {
                if (!showTeamServer()) {
                    // Cancelled: the window would otherwise stay empty with nothing to click.
                    showFatalError(message);
                }
            } else if (alert.getResult() == quit) {
                quit();
            }
            // Hidden without an answer (by code, or with its window): nothing to do. Quitting is the user's word
            // alone; a test tidying up its windows must never end the JavaFX toolkit under the tests after it.
        });
        alert.show();
    }
}
