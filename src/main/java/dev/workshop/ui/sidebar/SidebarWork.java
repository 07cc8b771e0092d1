package dev.workshop.ui.sidebar;

import dev.workshop.orchestration.ConversationEngine;
import dev.workshop.orchestration.Workspace;
import dev.workshop.ui.fx.Background;
import dev.workshop.ui.fx.FxExecutor;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * What every part of the sidebar's model works with: the open workspace, the two threads (FX and background),
 * and the notice line where a finished or failed action says how it went.
 */
final class SidebarWork {
    private final Workspace workspace;
    private final FxExecutor fx;
    private final Background background;
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper("");

    SidebarWork(Workspace workspace, FxExecutor fx, Background background) {
        this.workspace = workspace;
        this.fx = fx;
        this.background = background;
    }

    Workspace workspace() {
        return workspace;
    }

    ConversationEngine engine() {
        return workspace.engine();
    }

    /** Runs {@code work} on the FX thread. */
    void onFx(Runnable work) {
        fx.execute(work);
    }

    /** Runs {@code work} off the FX thread, on a thread named {@code name}. */
    void inBackground(String name, Runnable work) {
        background.run(name, work);
    }

    /** As {@link #inBackground}, once {@code pause} has passed (a direct background's test does not wait). */
    void inBackgroundAfter(java.time.Duration pause, String name, Runnable work) {
        background.runAfter(pause, name, work);
    }

    /** Store work off the FX thread; a failure becomes the notice ("Could not …: why"). */
    void attempt(String what, Runnable work) {
        background.run("sidebar-action", () -> {
            try {
                work.run();
            } catch (RuntimeException e) {
                tell("Could not " + what + ": " + e.getMessage());
            }
        });
    }

    /** Says {@code text} in the notice, from any thread. */
    void tell(String text) {
        fx.execute(() -> notice.set(text));
    }

    ReadOnlyStringProperty noticeProperty() {
        return notice.getReadOnlyProperty();
    }
}
