package dev.workshop.ui.fx;

import javafx.application.Platform;

/**
 * The one way onto the JavaFX thread. View-models take one of these, so tests pass {@link #direct()} and
 * run without a toolkit.
 */
@FunctionalInterface
public interface FxExecutor {
    void execute(Runnable work);

    /** Runs on the JavaFX application thread (at once when already there). */
    static FxExecutor platform() {
        return work -> {
            if (Platform.isFxApplicationThread()) {
                work.run();
            } else {
                Platform.runLater(work);
            }
        };
    }

    /** Runs on the JavaFX thread after the current pulse (e.g. once a list has laid out its new rows). */
    static void later(Runnable work) {
        Platform.runLater(work);
    }

    /** Runs on the caller's thread: for tests of view-models. */
    static FxExecutor direct() {
        return Runnable::run;
    }
}
