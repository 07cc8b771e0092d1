package dev.workshop.ui.canvas;

import dev.workshop.ui.fx.FxExecutor;
import java.util.concurrent.Callable;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A stand-in for the JavaFX thread in view-model tests: one thread that runs everything the view-model is
 * given, as the real one would, so that tests read its state without racing the loops' events.
 */
final class FxThread implements AutoCloseable {
    private final ThreadPoolExecutor thread = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(), runnable -> new Thread(runnable, "test-fx"));

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

    /**
     * Runs what this thread was handed so far, and what that hands it in turn: the view-model has taken in what it
     * was told (by the test, or by loops that are done or were waited for first).
     */
    void settle() {
        for (int round = 0; round < 1000; round++) {
            run(() -> { });
            // An empty queue may only mean that the thread has just taken the last task: a second round waits for
            // that one, and whatever it handed on is then in the queue.
            if (thread.getQueue().isEmpty()) {
                run(() -> { });
                if (thread.getQueue().isEmpty()) {
                    return;
                }
            }
        }
        throw new AssertionError("the test FX thread is still handed work after 1000 rounds");
    }

    @Override
    public void close() throws InterruptedException {
        thread.shutdown();
        thread.awaitTermination(10, TimeUnit.SECONDS);
    }
}
