package dev.workshop.ui.shell;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.settings.Preferences;
import dev.workshop.domain.settings.TeamServerChoice;
import dev.workshop.orchestration.TeamServerSettings;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOpener;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.ui.agents.AgentsViewModel;
import dev.workshop.ui.canvas.CanvasViewModel;
import dev.workshop.ui.sidebar.ConversationRow;
import dev.workshop.ui.sidebar.SidebarViewModel;
import dev.workshop.ui.fx.Background;
import dev.workshop.ui.fx.FxExecutor;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * State of the main window: which data directory is open, how many conversations it holds, and anything
 * that went wrong opening it. Opening runs on a virtual thread; results arrive through the {@link FxExecutor}.
 */
public final class ShellViewModel {
    private final Path dataDirectory;
    /** How the data opens; Settings → Team server changes where (and reopens). */
    private volatile WorkspaceOptions options;
    private volatile Optional<TeamServerSettings> teamServerSettings = Optional.empty();
    /** Where the conversations are kept when on a team server ("Team server: HOST:PORT/DB · team T"), else "". */
    private final ReadOnlyStringWrapper teamServerText = new ReadOnlyStringWrapper("");
    private final WorkspaceOpener opener;
    private final FxExecutor fx;
    /** Where opening, resuming, reopening, closing and saving settings run, away from the FX thread. */
    private final Background background;
    private final ReadOnlyStringWrapper dataDirectoryText = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper conversationCountText = new ReadOnlyStringWrapper("Opening…");
    private final ReadOnlyStringWrapper warningText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper fatalError = new ReadOnlyStringWrapper("");
    /** What became of the last settings saved; the status bar shows it. */
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper("");
    /** What the window's own files said before the data opened (a layout set aside), shown with its warnings. */
    private final List<String> launchWarnings = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Why nothing can be saved any more (the data directory was deleted or moved away), or "". */
    private final ReadOnlyStringWrapper dataDirectoryGone = new ReadOnlyStringWrapper("");
    /** Why saving stopped (the disk refused a write), with what to do, or "" while it works. */
    private final ReadOnlyStringWrapper savingStopped = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper opening = new ReadOnlyBooleanWrapper(true);
    private final ReadOnlyBooleanWrapper ready = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyObjectWrapper<CanvasViewModel> canvas = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<SidebarViewModel> sidebar = new ReadOnlyObjectWrapper<>();
    private volatile Workspace workspace;
    /** Set from Reopen until the old workspace is closed: a second click does nothing meanwhile. */
    private volatile boolean reopening;
    /** The conversation the sidebar showed when the user asked to reopen the data; shown again after. */
    private volatile ConversationId shownBeforeReopen;
    /** Set once closing began: the loops' last events must not overwrite "Saving…". */
    private volatile boolean closing;

    /** Where this window's data lives (shown in the status bar; its menu opens it or copies it). */
    public Path dataDirectory() {
        return dataDirectory;
    }

    public ShellViewModel(Path dataDirectory, WorkspaceOpener opener, FxExecutor fx) {
        this(dataDirectory, opener, fx, WorkspaceOptions.DESKTOP);
    }

    public ShellViewModel(Path dataDirectory, WorkspaceOpener opener, FxExecutor fx, WorkspaceOptions options) {
        this(dataDirectory, opener, fx, options, Background.virtualThreads());
    }

    public ShellViewModel(Path dataDirectory, WorkspaceOpener opener, FxExecutor fx, WorkspaceOptions options,
                          Background background) {
        this.options = options;
        this.dataDirectory = dataDirectory;
        this.opener = opener;
        this.fx = fx;
        this.background = background;
        dataDirectoryText.set(dataDirectory.toString());
        teamServerText.set(TeamServerText.of(teamServerChoice()));
    }

    /** Offers Settings → Team server (the app's wiring gives what tests and saves it; without it, none is offered). */
    public void offerTeamServerSettings(TeamServerSettings settings) {
        teamServerSettings = Optional.of(settings);
    }

    public Optional<TeamServerSettings> teamServerSettings() {
        return teamServerSettings;
    }

    /** Where this window's conversations are kept now. */
    public TeamServerChoice teamServerChoice() {
        WorkspaceOptions now = options;
        return new TeamServerChoice(now.teamServer(), now.team());
    }

    /**
     * Keeps {@code choice} for the next launches and opens the conversations there now: the running ones stop here
     * as at any close (on a team server another instance goes on with them; on this device they resume when it
     * opens again). What cannot be saved is said in the status bar and nothing changes.
     */
    public void switchTo(TeamServerChoice choice) {
        TeamServerSettings settings = teamServerSettings.orElseThrow();
        if (reopening) {
            return;
        }
        reopening = true;
        background.run("workshop-switch", () -> {
            try {
                settings.save(choice);
            } catch (RuntimeException e) {
                fx.execute(() -> {
                    reopening = false;
                    notice.set("The team server setting was not changed: " + e.getMessage());
                });
                return;
            }
            fx.execute(() -> {
                options = options.withTeam(choice.team()).withTeamServer(choice.url());
                teamServerText.set(TeamServerText.of(choice));
                if (workspace == null) {
                    reopening = false;
                    tryAgain();
                } else {
                    closeAndOpenAgain();
                }
                notice.set(choice.onTeamServer() ? "Now on the team server " + TeamServerText.where(choice.url().orElseThrow())
                        + " as team " + choice.team().value() : "Now on this device's own conversations");
            });
        });
    }

    public ReadOnlyStringProperty teamServerTextProperty() {
        return teamServerText.getReadOnlyProperty();
    }

    /** Opens the workspace in the background; never blocks the caller. */
    public void open() {
        background.run("workshop-open", () -> {
            try {
                Workspace opened = opener.openOrRead(dataDirectory, options);
                workspace = opened;
                if (options.teamServer().isPresent()) {
                    // On a team server the app drives too: it goes on with conversations whose Workshop stopped.
                    opened.driveTeamConversations();
                }
                OpenedParts parts = OpenedParts.of(opened, fx, background, shownBeforeReopen);
                opened.engine().subscribe(event -> {
                    if (OpenedParts.changesCounts(event)) {
                        int total = opened.conversationCount();
                        int running = opened.engine().runningCount();
                        fx.execute(() -> showCounts(total, running));
                    }
                });
                opened.directoryWatch().onGone(reason -> fx.execute(() -> dataDirectoryGone.set(Banners.gone(reason))));
                opened.onSavingStopped(reason -> fx.execute(() -> savingStopped.set(Banners.savingStopped(reason))));
                opened.onErased(() -> fx.execute(this::reopen));
                opened.readOnlyReason().ifPresent(why -> fx.execute(() -> savingStopped.set(Banners.readOnly(why))));
                int count = opened.conversationCount();
                List<String> warnings = opened.warnings();
                // Data that can only be read is shown, never run: nothing could be saved of it.
                boolean readOnly = opened.readOnlyReason().isPresent();
                fx.execute(() -> {
                    parts.canvas().load(parts.scene());
                    sidebar.set(parts.sidebar());
                    canvas.set(parts.canvas());
                    showOpened(count, warnings);
                    // What was running when Workshop stopped goes on now, with no action from the user.
                    background.run("workshop-resume", () -> {
                        // Off the way to the first frame: the marks of conversations no loop runs for (waiting
                        // for the user, failed).
                        List<ConversationState> stored = opened.engine().conversations();
                        fx.execute(() -> parts.canvas().showAtLaunch(stored));
                        if (readOnly) {
                            return;
                        }
                        try {
                            opened.engine().resumeInterruptedConversations();
                        } catch (RuntimeException e) {
                            fx.execute(() -> warningText.set("Resuming conversations failed: " + e.getMessage()));
                        }
                    });
                });
            } catch (RuntimeException e) {
                String message = e.getMessage() == null ? e.toString() : e.getMessage();
                fx.execute(() -> showFailed(message));
            } catch (Error e) {
                // Not for the app to mend (a class that cannot load, no memory left), but the window must not say
                // "Opening…" for ever: it says what happened, and the trace goes where a launcher's output goes.
                fx.execute(() -> showFailed("An internal error stopped it: " + e));
                e.printStackTrace();
            }
        });
    }

    private void showOpened(int count, List<String> warnings) {
        Workspace open = workspace;
        showCounts(count, open == null ? 0 : open.engine().runningCount());
        // A paragraph each: several repairs in one opening read as one block of text when joined line by line.
        List<String> all = new java.util.ArrayList<>(launchWarnings);
        all.addAll(warnings);
        warningText.set(String.join("\n\n", all));
        Optional.ofNullable(open).flatMap(Workspace::erasedAtOpen).ifPresent(erased -> notice.set(Banners.erased(erased)));
        opening.set(false);
        ready.set(true);
    }

    private void showCounts(int total, int running) {
        if (closing) {
            return;
        }
        String conversations = total == 1 ? "1 conversation" : total + " conversations";
        conversationCountText.set(running == 0 ? conversations : conversations + " · " + running + " running");
    }

    /** Opens again after a failure the user may have mended (space freed, the other Workshop closed): a first open. */
    public void tryAgain() {
        if (workspace != null) {
            return;
        }
        fatalError.set("");
        conversationCountText.set("Opening…");
        opening.set(true);
        open();
    }

    /**
     * Closes the data and opens it again, once saving stopped and the user mended the cause (made room on the disk,
     * put the data directory back), or an erase was committed (the open takes its copies out): what a new start
     * would do, without closing the window. A data directory still missing is only reported; a failed open says
     * why and offers Try again.
     */
    public void reopen() {
        boolean folderGone = !dataDirectoryGone.get().isEmpty();
        if (workspace == null || reopening || (savingStopped.get().isEmpty() && !folderGone
                && !workspace.erasePending())) {
            return;
        }
        reopening = true;
        background.run("workshop-reopen", () -> {
            // Opening a folder that is not there would make a new, empty one: the user would see nothing of theirs.
            if (folderGone && !java.nio.file.Files.isDirectory(dataDirectory)) {
                fx.execute(() -> {
                    reopening = false;
                    notice.set("The data directory " + dataDirectory + " is not there yet: put it back (or restore"
                            + " it), then Reopen");
                });
                return;
            }
            fx.execute(this::closeAndOpenAgain);
        });
    }

    private void closeAndOpenAgain() {
        savingStopped.set("");
        dataDirectoryGone.set("");
        notice.set("");
        shownBeforeReopen = Optional.ofNullable(sidebar.get()).map(SidebarViewModel::selectedProperty)
                .map(ReadOnlyObjectProperty::get).map(ConversationRow::id).orElse(null);
        ready.set(false);
        opening.set(true);
        conversationCountText.set("Reopening…");
        background.run("workshop-reopen", () -> {
            try {
                close();
            } catch (RuntimeException notClosedCleanly) {
                // Expected with a journal that failed: what it holds is read back at the open below.
            } finally {
                reopening = false;
            }
            open();
        });
    }

    private void showFailed(String message) {
        conversationCountText.set("Not opened");
        fatalError.set(message);
        opening.set(false);
    }

    public Optional<Workspace> workspace() {
        return Optional.ofNullable(workspace);
    }

    /** Closes the workspace (on exit), on the calling thread. */
    public void close() {
        Workspace open = workspace;
        workspace = null;
        if (open != null) {
            open.close();
        }
    }

    /** Closes the workspace on a virtual thread (loops stop as interrupted, the store flushes), then runs {@code done}. */
    public void closeInBackground(Runnable done) {
        closing = true;
        conversationCountText.set("Saving…");
        opening.set(true);
        background.run("workshop-close", () -> {
            try {
                close();
            } finally {
                fx.execute(done);
            }
        });
    }

    public ReadOnlyStringProperty dataDirectoryTextProperty() {
        return dataDirectoryText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty conversationCountTextProperty() {
        return conversationCountText.getReadOnlyProperty();
    }

    /** Why nothing can be saved any more, with what to do, or "" while the data directory is in place. */
    public ReadOnlyStringProperty dataDirectoryGoneProperty() {
        return dataDirectoryGone.getReadOnlyProperty();
    }

    /** Why saving stopped, with what to do, or "" while saving works; {@link #reopen()} is the remedy. */
    public ReadOnlyStringProperty savingStoppedProperty() {
        return savingStopped.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty warningTextProperty() {
        return warningText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty fatalErrorProperty() {
        return fatalError.getReadOnlyProperty();
    }

    /** The conversation settings that apply now, once the workspace is open. */
    public Optional<Preferences> preferences() {
        return workspace().filter(open -> open.preferences().followed()).map(open -> open.preferences().current());
    }

    /** Saves new settings and applies them at once, off the FX thread; the notice says how it went. */
    public void savePreferences(Preferences preferences) {
        workspace().ifPresent(open -> background.run("workshop-save-settings", () -> {
            try {
                open.preferences().change(preferences);
                fx.execute(() -> notice.set("Settings saved: " + preferences.defaultMaxTurns() + " turns, "
                        + preferences.concurrentConversations() + " at once"));
            } catch (RuntimeException e) {
                fx.execute(() -> notice.set("The settings were not saved: " + e.getMessage()));
            }
        }));
    }

    /** A repair made while the window was being set up, to show with those the data directory's opening reports. */
    public void addLaunchWarning(String warning) {
        launchWarnings.add(warning);
    }

    public ReadOnlyStringProperty noticeProperty() {
        return notice.getReadOnlyProperty();
    }

    /** Settings → Tool servers of the open workspace. */
    public Optional<dev.workshop.ui.tools.ToolServersViewModel> toolServers() {
        return workspace().map(open -> new dev.workshop.ui.tools.ToolServersViewModel(
                open.engine().calls().toolbox(), open.agentDirectory(), fx, background));
    }

    /** The agent editor of the open workspace. */
    public Optional<AgentsViewModel> agentsEditor() {
        return workspace().map(open -> new AgentsViewModel(open.agentDirectory(), fx, background));
    }

    /** True once the workspace is open and usable. */
    public ReadOnlyBooleanProperty readyProperty() {
        return ready.getReadOnlyProperty();
    }

    /** The conversation sidebar; set just before {@link #canvasProperty()}. */
    public ReadOnlyObjectProperty<SidebarViewModel> sidebarProperty() {
        return sidebar.getReadOnlyProperty();
    }

    /** The canvas, once the workspace is open and its scene rebuilt. */
    public ReadOnlyObjectProperty<CanvasViewModel> canvasProperty() {
        return canvas.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty openingProperty() {
        return opening.getReadOnlyProperty();
    }
}
