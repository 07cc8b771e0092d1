package dev.workshop;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.workshop.domain.canvas.Bounds;
import dev.workshop.domain.canvas.SceneSettings;
import dev.workshop.domain.canvas.WindowLayout;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.store.file.JsonSceneStore;
import dev.workshop.store.file.JsonWindowLayout;
import dev.workshop.ui.fx.ExternalLinks;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.fx.FxTicker;
import dev.workshop.ui.fx.SystemTheme;
import dev.workshop.ui.shell.LayoutSaver;
import dev.workshop.ui.shell.ShellView;
import dev.workshop.ui.shell.ShellViewModel;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;

/** The desktop app. The window appears at once; the data directory opens in the background. */
public final class WorkshopApp extends Application {
    private static final String DATA_DIR = "data-dir";
    /** The data directory, opened while the toolkit starts (both take a good part of a second). */
    private static volatile CompletableFuture<Workspace> opening;
    /** The colours to open in, worked out while the toolkit starts (for System, a small process answers). */
    private static volatile CompletableFuture<LaunchColours> colours;
    /**
     * JavaFX's own logger, held here (the JDK keeps loggers weakly). Its filter drops the one warning every start
     * printed in the terminal, "Unsupported JavaFX configuration: classes were loaded from 'unnamed module'": the
     * single runnable jar puts JavaFX on the class path on purpose, and it runs there. Its other warnings stay.
     */
    private static final java.util.logging.Logger JAVAFX_LOG = java.util.logging.Logger.getLogger("javafx");
    /** How long the window waits for the desktop's answer before it opens light anyway. */
    private static final java.time.Duration COLOURS_WAIT = java.time.Duration.ofMillis(400);
    private static final System.Logger LOG = System.getLogger(WorkshopApp.class.getName());
    private static final GraphicsChoice GRAPHICS = GraphicsChoice.forThisUser();
    /** Why the app runs without its log file, to show once the window is up; empty when it has one. */
    private static volatile Optional<String> logProblem = Optional.empty();
    /** Files given on the command line (a double-clicked export), imported once the data directory is open. */
    private static volatile java.util.List<Path> toImport = java.util.List.of();
    /** How the data is opened: this device's own store, or a team server (set before the app launches). */
    private static volatile WorkspaceOptions options = WorkspaceOptions.DESKTOP;
    /** What reading the saved team server setting found wrong, shown once the window is up. */
    private static volatile java.util.List<String> choiceWarnings = java.util.List.of();
    private ShellViewModel shell;
    private Optional<SingleInstance> listening = Optional.empty();

    /** Opens the app on {@code dataDirectory} and returns when its window is closed. */
    public static void launchOn(Path dataDirectory) {
        launchOn(dataDirectory, java.util.List.of());
    }

    /**
     * Opens the app on {@code dataDirectory} and imports {@code files} into it; when a Workshop already runs on
     * that directory, hands it the files and brings its window to the front instead, and returns at once.
     */
    public static void launchOn(Path dataDirectory, java.util.List<Path> files) {
        launchOn(dataDirectory, files, Optional.empty(), dev.workshop.domain.conversation.TenantId.LOCAL);
    }

    /**
     * As {@link #launchOn(Path, java.util.List)}, with {@code team}'s conversations, on the team server
     * {@code teamServer} when one is given.
     */
    public static void launchOn(Path dataDirectory, java.util.List<Path> files, Optional<String> teamServer,
                                dev.workshop.domain.conversation.TenantId team) {
        if (teamServer.isEmpty() && team.equals(dev.workshop.domain.conversation.TenantId.LOCAL)) {
            // Neither --store-url nor --team: where Settings → Team server last pointed this device.
            java.util.List<String> warnings = new java.util.ArrayList<>();
            dev.workshop.domain.settings.TeamServerChoice saved =
                    new dev.workshop.store.file.JsonTeamServerChoice(dataDirectory).load(warnings::add);
            teamServer = saved.url();
            team = saved.team();
            choiceWarnings = java.util.List.copyOf(warnings);
        }
        options = WorkspaceOptions.DESKTOP.withTeam(team).withTeamServer(teamServer);
        if (SingleInstance.handOver(dataDirectory, files)) {
            System.out.println("Workshop is already open on " + dataDirectory + ": its window is brought to the front"
                    + (files.isEmpty() ? "" : " and given " + (files.size() == 1 ? "the file" : files.size() + " files")
                    + " to import"));
            return;
        }
        toImport = java.util.List.copyOf(files);
        quietJavaFxLog();
        logProblem = AppLog.install(dataDirectory);
        LOG.log(System.Logger.Level.INFO, "Workshop " + dev.workshop.cli.VersionProvider.version() + " starts on "
                + dataDirectory + " (Java " + Runtime.version() + ", " + System.getProperty("os.name") + ")");
        WorkspaceOptions chosen = options;
        opening = CompletableFuture.supplyAsync(() -> Wiring.openWorkspace(dataDirectory, chosen),
                runnable -> Thread.ofVirtual().name("workshop-early-open").start(runnable));
        colours = LaunchColours.workOut(dataDirectory);
        GRAPHICS.beforeStart(System.getProperties());
        Application.launch(WorkshopApp.class, "--" + DATA_DIR + "=" + dataDirectory);
    }

    /** Drops JavaFX's warning about the class path (see {@link #JAVAFX_LOG}), and only that one. */
    static void quietJavaFxLog() {
        JAVAFX_LOG.setFilter(record -> record.getMessage() == null
                || !record.getMessage().startsWith("Unsupported JavaFX configuration"));
    }

    /** The workspace opened early when there is one for this directory, else opened now. */
    private static Workspace open(Path dataDirectory, WorkspaceOptions options) {
        CompletableFuture<Workspace> early = opening;
        opening = null;
        if (early == null) {
            return Wiring.openWorkspace(dataDirectory, options);
        }
        try {
            return early.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        }
    }

    @Override
    public void start(Stage stage) {
        Path dataDirectory = Path.of(getParameters().getNamed().get(DATA_DIR));
        LaunchColours launch = LaunchColours.await(colours == null ? LaunchColours.workOut(dataDirectory) : colours,
                COLOURS_WAIT);
        Application.setUserAgentStylesheet(launch.dark() ? new PrimerDark().getUserAgentStylesheet()
                : new PrimerLight().getUserAgentStylesheet());
        boolean onTheGpu = Platform.isSupported(javafx.application.ConditionalFeature.SCENE3D);
        Thread.ofVirtual().name("workshop-graphics-choice").start(() -> GRAPHICS.started(onTheGpu,
                System.getProperties()));
        // Links in replies and "Open data folder" go to the desktop's browser and file manager.
        ExternalLinks.install(getHostServices()::showDocument);
        shell = new ShellViewModel(dataDirectory, Wiring.opener(WorkshopApp::open), FxExecutor.platform(), options);
        logProblem.ifPresent(shell::addLaunchWarning);
        choiceWarnings.forEach(shell::addLaunchWarning);
        shell.offerTeamServerSettings(Wiring.teamServerSettings(dataDirectory));
        stage.setTitle("Workshop");
        stage.getIcons().addAll(AppIcon.images());
        JsonWindowLayout layoutFile = new JsonWindowLayout(dataDirectory);
        WindowLayout remembered = layoutFile.load(shell::addLaunchWarning);
        ShellView view = new ShellView(shell);
        view.setHelp(new AboutTheApp(dataDirectory, shell.conversationCountTextProperty()::get, AppLog::recentProblems));
        view.restoreLayout(remembered);
        view.openedInColours(launch.dark(), launch.systemPrefersDark());
        // Where the window was, if that place is still on a screen; else most of the screen, up to a
        // comfortable size, never more than the screen has.
        Optional<Bounds> place = remembered.windowBounds().filter(WorkshopApp::onSomeScreen);
        javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        Scene scene = new Scene(view, place.map(Bounds::width).orElse(Math.min(1440, screen.getWidth() * 0.94)),
                place.map(Bounds::height).orElse(Math.min(920, screen.getHeight() * 0.94)));
        // What shows before the first frame is drawn: the theme's own background, not a white flash.
        scene.setFill(launch.dark() ? javafx.scene.paint.Color.web("#0d1117") : javafx.scene.paint.Color.WHITE);
        stage.setScene(scene);
        place.ifPresent(bounds -> {
            stage.setX(bounds.minX());
            stage.setY(bounds.minY());
        });
        stage.setMaximized(remembered.maximized());
        stage.setMinWidth(WindowLayout.MIN_WIDTH);
        stage.setMinHeight(WindowLayout.MIN_HEIGHT);
        NormalBounds normal = new NormalBounds(stage, place.orElse(null));
        // Only a window that opened its data directory remembers its layout there (not one that found the
        // directory in use by another Workshop); until it has, the layout counts as what the file holds.
        LayoutSaver layoutSaver = new LayoutSaver(() -> shell.workspace().isPresent()
                ? view.currentLayout(normal.bounds(), stage.isMaximized()) : remembered,
                layout -> layoutFile.save(layout, problem -> LOG.log(System.Logger.Level.WARNING, problem)), remembered);
        // Saved while the app runs too, so a killed Workshop opens as it last looked.
        FxTicker keepLayout = FxTicker.every(java.time.Duration.ofSeconds(2), "workshop-layout", layoutSaver::check);
        stage.setOnCloseRequest(event -> {
            // Stopping loops and flushing the store can take a moment: never on the FX thread.
            event.consume();
            keepLayout.stop();
            layoutSaver.check();
            shell.closeInBackground(() -> {
                layoutSaver.awaitWrites(java.time.Duration.ofSeconds(2));
                layoutSaver.close();
                Platform.exit();
            });
        });
        stage.show();
        // JavaFX 21 on some window managers (openbox) maps the window at its minimum size while it believes it has
        // the size asked for (JDK-8316423, fixed in JavaFX 22): once it is shown, it is asked for its size again.
        // A remembered size is the window's, frame and all, as it was saved (the scene was given it before the frame
        // was known): the window is set to it, so that it does not grow by its frame at every launch.
        FxExecutor.later(() -> {
            if (stage.isMaximized()) {
                place.ifPresent(bounds -> unmaximizeTo(stage, bounds));
                return;
            }
            if (place.isPresent()) {
                stage.setWidth(place.get().width());
                stage.setHeight(place.get().height());
            } else {
                stage.sizeToScene();
                stage.centerOnScreen();
            }
        });
        // Once this process holds the data directory: later launches on it come here instead, and the files this
        // one was given are imported.
        shell.readyProperty().subscribe(ready -> {
            if (ready && listening.isEmpty()) {
                listening = SingleInstance.listen(dataDirectory,
                        files -> FxExecutor.platform().execute(() -> launchedAgain(stage, files)));
                importAll(toImport);
                toImport = java.util.List.of();
            }
        });
        shell.open();
    }

    /**
     * The colours the window opens in: the scene file's theme and, when that follows the system, the desktop's
     * answer (asked only then, so a chosen theme starts no process). Without an answer in time: light, and the
     * canvas asks again once it opens.
     */
    private record LaunchColours(boolean dark, Optional<Boolean> systemPrefersDark) {
        static final LaunchColours LIGHT_UNTIL_ASKED = new LaunchColours(false, Optional.empty());

        static CompletableFuture<LaunchColours> workOut(Path dataDirectory) {
            return CompletableFuture.supplyAsync(() -> {
                SceneSettings.Theme theme = new JsonSceneStore(dataDirectory, ignored -> { }).peekTheme();
                if (theme != SceneSettings.Theme.SYSTEM) {
                    return new LaunchColours(theme.isDark(false), Optional.empty());
                }
                boolean desktopDark = SystemTheme.prefersDark();
                return new LaunchColours(desktopDark, Optional.of(desktopDark));
            }, runnable -> Thread.ofVirtual().name("launch-colours").start(runnable));
        }

        static LaunchColours await(CompletableFuture<LaunchColours> colours, java.time.Duration wait) {
            try {
                return colours.get(wait.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return LIGHT_UNTIL_ASKED;
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                return LIGHT_UNTIL_ASKED;
            }
        }
    }

    /** A remembered place counts only while some screen still shows its top-left part (a monitor unplugged). */
    private static boolean onSomeScreen(Bounds bounds) {
        return !javafx.stage.Screen.getScreensForRectangle(bounds.minX(), bounds.minY(), 100, 40).isEmpty();
    }

    /**
     * The window's place and size while it is not maximized: what to restore it to. A maximized window's own
     * bounds are the screen's, so they are not taken while it is.
     */
    private static final class NormalBounds {
        private final Stage stage;
        private Bounds bounds;

        /** @param remembered where the window was last time: kept if it opens maximized and stays so */
        NormalBounds(Stage stage, Bounds remembered) {
            this.stage = stage;
            this.bounds = remembered;
            javafx.beans.InvalidationListener update = property -> {
                if (!stage.isMaximized() && !stage.isIconified() && stage.getWidth() > 0) {
                    bounds = new Bounds(stage.getX(), stage.getY(), stage.getX() + stage.getWidth(),
                            stage.getY() + stage.getHeight());
                }
            };
            stage.xProperty().addListener(update);
            stage.yProperty().addListener(update);
            stage.widthProperty().addListener(update);
            stage.heightProperty().addListener(update);
        }

        Bounds bounds() {
            if (bounds == null && !stage.isMaximized()) {
                return new Bounds(stage.getX(), stage.getY(), stage.getX() + stage.getWidth(),
                        stage.getY() + stage.getHeight());
            }
            return bounds == null ? Bounds.EMPTY : bounds;
        }
    }

    /**
     * A window mapped maximized gave the window manager the scene's size as its size to come back to, and the scene
     * had the saved size, frame and all: un-maximized, it came back taller by its frame (37 px on metacity). The
     * first time it is un-maximized, it is set to where and how big it was saved instead.
     */
    private static void unmaximizeTo(Stage stage, Bounds bounds) {
        javafx.beans.value.ChangeListener<Boolean> once = new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends Boolean> maximized, Boolean was,
                                Boolean now) {
                if (now) {
                    return;
                }
                maximized.removeListener(this);
                // After the window manager's own restore, which would otherwise come last.
                FxExecutor.later(() -> {
                    stage.setX(bounds.minX());
                    stage.setY(bounds.minY());
                    stage.setWidth(bounds.width());
                    stage.setHeight(bounds.height());
                });
            }
        };
        stage.maximizedProperty().addListener(once);
    }

    /** Workshop was launched again on this data directory: the window comes to the front with what it was given. */
    private void launchedAgain(Stage stage, java.util.List<Path> files) {
        stage.setIconified(false);
        stage.show();
        stage.toFront();
        stage.requestFocus();
        importAll(files);
    }

    /** Imports each file, paused, as the sidebar's Import does (a file that cannot be read is said so there). */
    private void importAll(java.util.List<Path> files) {
        var sidebar = shell.sidebarProperty().get();
        if (sidebar != null) {
            files.forEach(sidebar.transfer()::importFile);
        }
    }

    /** Reached after the window closed (the workspace is closed by then) or on another exit path. */
    @Override
    public void stop() {
        listening.ifPresent(SingleInstance::close);
        if (shell != null && shell.workspace().isPresent()) {
            shell.close();
        }
    }
}
