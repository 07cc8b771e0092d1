package dev.workshop.ui.canvas;

import dev.workshop.ui.fx.FxExecutor;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A stand-in for the JavaFX thread in view-model tests: one thread that runs everything the view-model is
 * given, as the real one would, so that tests read its state without racing the loops' events.
 */
final class FxThread implements AutoCloseable {
    private final ExecutorService thread = Executors.newSingleThreadExecutor(runnable -> new Thread(runnable, "test-fx"));

    FxExecutor executor() {
        return thread::execute;
    }

    <T> T call(Callable<T> work) {
        try {
            return thread.submit(work).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("work on the test FX thread failed", e);
        }
    }

    void run(Runnable work) {
        call(() -> {
            work.run();
            return null;
        });
    }

    @Override
    public void close() throws InterruptedException {
        thread.shutdown();
        thread.awaitTermination(10, TimeUnit.SECONDS);
    }
}
