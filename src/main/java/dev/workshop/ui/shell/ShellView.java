package dev.workshop.ui.shell;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.workshop.domain.canvas.Bounds;
import dev.workshop.domain.canvas.SceneSettings;
import dev.workshop.domain.canvas.WindowLayout;
import dev.workshop.ui.agents.AgentsView;
import dev.workshop.ui.agents.AgentsViewModel;
import dev.workshop.ui.canvas.CanvasView;
import dev.workshop.ui.canvas.CanvasViewModel;
import dev.workshop.ui.dialogs.PreferencesDialog;
import dev.workshop.ui.fx.ExternalLinks;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.fx.IconOnly;
import dev.workshop.ui.fx.SystemClipboard;
import dev.workshop.ui.fx.SystemTheme;
import dev.workshop.ui.palette.PaletteView;
import dev.workshop.ui.sidebar.ConversationRow;
import dev.workshop.ui.sidebar.SidebarView;
import dev.workshop.ui.sidebar.SidebarViewModel;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.util.Subscription;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The main window's layout: a header, the palette and the canvas, and a status bar. Until the workspace is
 * open the canvas area shows that it is opening. Reads the view-models only.
 */
public final class ShellView extends BorderPane {
    private static final String COLD_START_PROBE = "workshop.coldStartProbe";
    /** Focus comes back after every dialog: the desktop is asked again at most this often. */
    private static final java.time.Duration SYSTEM_THEME_RECHECK = java.time.Duration.ofSeconds(30);
    private final ShellViewModel viewModel;
    private final Label notice = new Label();
    private final MenuButton theme = new MenuButton();
    private final ToggleGroup themeChoices = new ToggleGroup();
    private final Button start = new Button("Start conversation", new FontIcon(Feather.MESSAGE_SQUARE));
    private final Button agents = new Button("Agents…", new FontIcon(Feather.USERS));
    private CanvasView canvasView;
    private SplitPane canvasAndSidebar;
    private SidebarView sidebarView;
    private WindowLayout layout = WindowLayout.DEFAULT;
    /** The colours last applied to the window; null until the launch or the canvas applied some. */
    private Boolean appliedDark;
    /** When the desktop was last asked for its colours ({@link System#nanoTime()}). */
    private long systemThemeAskedAt;
    /**
     * What the shown canvas and sidebar listen to beyond their own nodes (the window's focus, the status bar):
     * dropped when Reopen shows new ones, so the old ones neither linger in memory nor answer for the new.
     */
    private Subscription shownWorkspace = Subscription.EMPTY;
    /** What the desktop answered just before the window opened, if it was asked then. */
    private Optional<Boolean> systemDarkAtLaunch = Optional.empty();
    private final javafx.animation.PauseTransition noticeTimer =
            new javafx.animation.PauseTransition(javafx.util.Duration.seconds(15));

    public ShellView(ShellViewModel viewModel) {
        this.viewModel = viewModel;
        getStyleClass().add("shell");
        getStylesheets().add(ShellView.class.getResource("shell.css").toExternalForm());
        setTop(new VBox(header(), cannotSaveBanner("data-directory-gone", viewModel.dataDirectoryGoneProperty()),
                cannotSaveBanner("saving-stopped", viewModel.savingStoppedProperty())));
        setCenter(openingArea());
        setBottom(statusBar());
        noticeTimer.setOnFinished(event -> notice.setText(""));
        viewModel.noticeProperty().addListener((property, old, text) -> showNotice(text));
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
        sidebar.setOnNewConversation(() -> canvasView.startConversation(canvas.selection()));
        sidebar.setOnStartAgain(canvasView::startAgain);
        canvas.setOnOpenMessage(message -> sidebarModel.reveal(message.conversationId(), message.turnIndex()));
        canvas.setOnShowConversation(sidebarModel::show);
        canvas.setTitleLookup(sidebarModel::titleOf);
        // The window is named after the conversation shown, as a document app names its document (task bar,
        // Alt+Tab); a rename shows at once.
        Subscription windowName = sidebarModel.selectedProperty().map(ConversationRow::title).subscribe(this::nameWindow);
        canvas.setOnEditAgent(agent -> viewModel.agentsEditor().ifPresent(editor -> {
            editor.select(agent);
            showAgents(editor);
        }));
        SplitPane split = new SplitPane(canvasView, sidebar);
        canvasAndSidebar = split;
        split.setDividerPositions(layout.sidebarDivider());
        SplitPane.setResizableWithParent(sidebar, false);
        BorderPane area = new BorderPane(split);
        area.setLeft(palette);
        setCenter(area);
        // The status bar tells the latest news from the canvas or the sidebar.
        Subscription notices = Subscription.combine(
                canvas.noticeProperty().subscribe((old, text) -> showNotice(text)),
                sidebarModel.noticeProperty().subscribe((old, text) -> showNotice(text)));
        Tooltip details = new Tooltip();
        details.textProperty().bind(notice.textProperty());
        details.setWrapText(true);
        details.setMaxWidth(600);
        notice.setTooltip(details);
        // Only a new theme choice: snap and minimap are settings too, and they must not restyle the window.
        canvas.settingsProperty().addListener((property, old, settings) -> {
            if (old.theme() != settings.theme()) {
                applyTheme(canvas);
            }
        });
        // Before the first paint, so a dark desktop's window does not turn light and back.
        systemDarkAtLaunch.ifPresent(canvas::setSystemPrefersDark);
        canvas.darkProperty().addListener((property, old, dark) -> applyTheme(canvas));
        applyTheme(canvas);
        themeChoices.getToggles().forEach(toggle -> ((RadioMenuItem) toggle).setOnAction(event ->
                canvas.setTheme((SceneSettings.Theme) toggle.getUserData())));
        shownWorkspace = Subscription.combine(windowName, notices, followSystemTheme(canvas));
        start.setOnAction(event -> canvasView.startConversation(canvas.selection()));
        start.disableProperty().bind(javafx.beans.binding.Bindings.size(canvas.agents()).lessThan(2));
        canvasView.requestFocus();
        if (Boolean.getBoolean(COLD_START_PROBE)) {
            reportFirstFrame(canvas);
        }
    }

    /**
     * For the cold-start benchmark (docs/perf.md): prints the time from JVM start to the first frame that
     * shows the rebuilt canvas, then quits.
     */
    private static void reportFirstFrame(CanvasViewModel canvas) {
        new javafx.animation.AnimationTimer() {
            @Override
            public void handle(long now) {
                stop();
                long sinceStart = System.currentTimeMillis()
                        - java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime();
                System.out.println("{\"bench\":\"app-cold-start\",\"agents\":" + canvas.agents().size()
                        + ",\"jvm_start_to_first_frame_ms\":" + sinceStart + "}");
                Platform.exit();
            }
        }.start();
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
                    showNotice("A conversation needs two agents on the canvas: drag them in from the palette");
                }
            }
            case AGENTS -> {
                if (!agents.isDisabled()) {
                    agents.fire();
                }
            }
            case SEARCH_CONVERSATIONS -> sidebarView.focusSearch();
            case SHORTCUTS -> canvasView.showShortcuts();
            case QUIT -> {
                // The same way out as the window's close button, so layout, drafts and the store close as usual.
                javafx.stage.Window window = getScene().getWindow();
                window.fireEvent(new javafx.stage.WindowEvent(window, javafx.stage.WindowEvent.WINDOW_CLOSE_REQUEST));
            }
        }
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
        appliedDark = dark;
        systemDarkAtLaunch = systemPrefersDark;
        systemPrefersDark.ifPresent(answer -> systemThemeAskedAt = System.nanoTime());
    }

    /** The layout to remember: the window's place as given, and the dividers as they are now. */
    public WindowLayout currentLayout(Bounds window, boolean maximized) {
        double sidebar = canvasAndSidebar == null ? layout.sidebarDivider() : canvasAndSidebar.getDividerPositions()[0];
        double list = sidebarView == null ? layout.listDivider() : sidebarView.getDividerPositions()[0];
        return new WindowLayout(window, maximized, sidebar, list);
    }

    /** News stays in the status bar for a while, then makes room (its tooltip keeps the full text meanwhile). */
    private void showNotice(String text) {
        notice.setText(text);
        noticeTimer.playFromStart();
    }

    private void applyTheme(CanvasViewModel canvas) {
        boolean dark = canvas.darkProperty().get();
        SceneSettings.Theme chosen = canvas.settingsProperty().get().theme();
        // Restyling the whole window is not free: only when light and dark actually swap.
        if (appliedDark == null || appliedDark != dark) {
            appliedDark = dark;
            Application.setUserAgentStylesheet(dark ? new PrimerDark().getUserAgentStylesheet()
                    : new PrimerLight().getUserAgentStylesheet());
        }
        theme.setGraphic(new FontIcon(switch (chosen) {
            case SYSTEM -> Feather.MONITOR;
            case LIGHT -> Feather.SUN;
            case DARK -> Feather.MOON;
        }));
        theme.getTooltip().setText("Theme: " + (chosen == SceneSettings.Theme.SYSTEM
                ? "as the system (" + (dark ? "dark" : "light") + " now)" : themeName(chosen).toLowerCase(Locale.ROOT)));
        themeChoices.getToggles().stream().filter(toggle -> toggle.getUserData() == chosen).findFirst()
                .ifPresent(themeChoices::selectToggle);
    }

    private static String themeName(SceneSettings.Theme theme) {
        return switch (theme) {
            case SYSTEM -> "System";
            case LIGHT -> "Light";
            case DARK -> "Dark";
        };
    }

    /**
     * Asks the system for its colours while the theme follows it: when the canvas opens, when the user picks
     * System, and when the window comes back to the front (the desktop may have turned dark meanwhile), at most
     * once in {@link #SYSTEM_THEME_RECHECK} for that. Off the FX thread: it runs a small process. Returns the
     * window-focus watch, which outlives this canvas unless it is unsubscribed.
     */
    private Subscription followSystemTheme(CanvasViewModel canvas) {
        FxExecutor fx = FxExecutor.platform();
        Runnable probe = () -> {
            if (canvas.settingsProperty().get().theme() != SceneSettings.Theme.SYSTEM) {
                return;
            }
            systemThemeAskedAt = System.nanoTime();
            Thread.ofVirtual().name("system-theme").start(() -> {
                boolean dark = SystemTheme.prefersDark();
                fx.execute(() -> canvas.setSystemPrefersDark(dark));
            });
        };
        // Unless the desktop was asked a moment ago, just before the window opened.
        if (systemDarkAtLaunch.isEmpty()) {
            probe.run();
        }
        canvas.settingsProperty().addListener((property, old, settings) -> {
            if (old.theme() != settings.theme()) {
                probe.run();
            }
        });
        return sceneProperty().flatMap(Scene::windowProperty).flatMap(window -> window.focusedProperty())
                .subscribe((was, focused) -> {
                    if (Boolean.TRUE.equals(focused)
                            && System.nanoTime() - systemThemeAskedAt >= SYSTEM_THEME_RECHECK.toNanos()) {
                        probe.run();
                    }
                });
    }

    /**
     * A banner across the window while nothing can be saved (the data directory is gone, or the disk refused a
     * write): the user must know before they type or start anything else. It stays until Reopen opens the data
     * again, the one remedy, a button away.
     */
    private HBox cannotSaveBanner(String id, ReadOnlyStringProperty why) {
        Label text = new Label();
        text.setId(id);
        text.setWrapText(true);
        text.textProperty().bind(why);
        HBox.setHgrow(text, Priority.ALWAYS);
        Button reopen = new Button("Reopen", new FontIcon(Feather.REFRESH_CW));
        reopen.setId(id + "-reopen");
        reopen.setMinWidth(Region.USE_PREF_SIZE);
        reopen.setTooltip(new Tooltip("Opens the data again, as a new start of Workshop would: conversations go on"
                + " from their last saved message"));
        reopen.setOnAction(event -> viewModel.reopen());
        HBox banner = new HBox(10, new FontIcon(Feather.ALERT_OCTAGON), text, reopen);
        banner.getStyleClass().add("gone-banner");
        banner.setAlignment(Pos.CENTER_LEFT);
        banner.visibleProperty().bind(why.isNotEmpty());
        banner.managedProperty().bind(banner.visibleProperty());
        return banner;
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
        theme.setId("theme-menu");
        theme.getStyleClass().addAll("button-icon");
        theme.setGraphic(new FontIcon(Feather.MONITOR));
        IconOnly.withTip(theme, "Theme");
        for (SceneSettings.Theme option : SceneSettings.Theme.values()) {
            RadioMenuItem item = new RadioMenuItem(themeName(option));
            item.setId("theme-" + option.name().toLowerCase(Locale.ROOT));
            item.setUserData(option);
            item.setToggleGroup(themeChoices);
            theme.getItems().add(item);
        }
        Button settings = new Button(null, new FontIcon(Feather.SLIDERS));
        settings.setId("open-settings");
        settings.getStyleClass().add("button-icon");
        IconOnly.withTip(settings, "Settings: turns, conversations at once, offline reply time");
        settings.disableProperty().bind(viewModel.readyProperty().not());
        settings.setOnAction(event -> showPreferences());
        theme.disableProperty().bind(viewModel.readyProperty().not());
        // A narrow window gives up the subtitle, never the name or the buttons' words.
        subtitle.setMinWidth(0);
        for (Region keeps : List.of(title, start, agents, settings, theme)) {
            keeps.setMinWidth(Region.USE_PREF_SIZE);
        }
        HBox header = new HBox(12, logo, title, subtitle, spacer, start, agents, settings, theme);
        header.getStyleClass().add("header");
        header.setAlignment(Pos.CENTER_LEFT);
        return header;
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

    private HBox statusBar() {
        ProgressIndicator progress = new ProgressIndicator();
        progress.getStyleClass().add("status-progress");
        progress.visibleProperty().bind(viewModel.openingProperty());
        progress.managedProperty().bind(viewModel.openingProperty());

        Label dataDirectory = new Label();
        dataDirectory.setId("status-data-directory");
        dataDirectory.textProperty().bind(viewModel.dataDirectoryTextProperty().map(path -> "Data: " + path));
        dataDirectory.setTooltip(new Tooltip("Where Workshop keeps your conversations (right-click to open or copy)"));
        MenuItem openFolder = new MenuItem("Open data folder", new FontIcon(Feather.FOLDER));
        openFolder.setId("open-data-folder");
        openFolder.setDisable(!ExternalLinks.available());
        openFolder.setOnAction(event -> ExternalLinks.openFolder(viewModel.dataDirectory()));
        MenuItem copyPath = new MenuItem("Copy path", new FontIcon(Feather.COPY));
        copyPath.setId("copy-data-path");
        copyPath.setOnAction(event -> SystemClipboard.put(viewModel.dataDirectory().toString()));
        dataDirectory.setContextMenu(new ContextMenu(openFolder, copyPath));

        notice.setId("status-notice");
        notice.getStyleClass().add("status-notice");

        Label warning = new Label();
        warning.setId("status-warning");
        warning.getStyleClass().add("status-warning");
        warning.textProperty().bind(viewModel.warningTextProperty().map(text -> text.isEmpty() ? "" : "⚠ Repaired on opening"));
        warning.visibleProperty().bind(viewModel.warningTextProperty().isNotEmpty());
        Tooltip details = new Tooltip();
        details.textProperty().bind(viewModel.warningTextProperty());
        details.setWrapText(true);
        details.setMaxWidth(600);
        warning.setTooltip(details);

        Label count = new Label();
        count.setId("status-conversation-count");
        count.textProperty().bind(viewModel.conversationCountTextProperty());

        // A long notice is the one that gives way (its tooltip has all of it); the counts keep their words, and
        // the data directory keeps at least its start.
        count.setMinWidth(Region.USE_PREF_SIZE);
        warning.setMinWidth(Region.USE_PREF_SIZE);
        dataDirectory.setMinWidth(160);
        notice.setMinWidth(0);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(10, progress, dataDirectory, spacer, notice, warning, count);
        bar.getStyleClass().add("status-bar");
        bar.setAlignment(Pos.CENTER_LEFT);
        return bar;
    }

    /** The conversation settings; saved and applied at once on Save. */
    private void showPreferences() {
        viewModel.preferences().ifPresent(current -> {
            PreferencesDialog dialog = new PreferencesDialog(current);
            if (getScene() != null) {
                dialog.initOwner(getScene().getWindow());
            }
            dialog.showAndWait().filter(chosen -> !chosen.equals(current)).ifPresent(viewModel::savePreferences);
        });
    }

    private void showAgents(AgentsViewModel agents) {
        Stage window = new Stage();
        window.setTitle("Agents");
        if (getScene() != null) {
            window.initOwner(getScene().getWindow());
        }
        window.initModality(Modality.WINDOW_MODAL);
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
        window.show();
    }

    private void showWarnings(String warnings) {
        Alert alert = new Alert(Alert.AlertType.WARNING, warnings);
        alert.setHeaderText("Workshop repaired its data while opening");
        alert.initOwner(getScene() == null ? null : getScene().getWindow());
        alert.show();
    }

    /** The open failed: what failed, and a way to try again once it is mended without starting Workshop anew. */
    private void showFatalError(String message) {
        ButtonType tryAgain = new ButtonType("Try again", ButtonBar.ButtonData.OK_DONE);
        ButtonType quit = new ButtonType("Quit", ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert alert = new Alert(Alert.AlertType.ERROR, message, tryAgain, quit);
        alert.setHeaderText("Workshop cannot open its data");
        alert.initOwner(getScene() == null ? null : getScene().getWindow());
        alert.setOnHidden(event -> {
            if (alert.getResult() == tryAgain) {
                viewModel.tryAgain();
            } else {
                Platform.exit();
            }
        });
        alert.show();
    }
}
