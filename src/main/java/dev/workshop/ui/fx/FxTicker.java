package dev.workshop.ui.fx;

import java.time.Duration;

/**
 * Runs a piece of work on the JavaFX thread every so often, for as long as the window lives. Not a
 * {@code Timeline}: JavaFX pulses sixty times a second while any animation runs, however long its period, so
 * a clock ticking every 30 s as a timeline keeps an idle window busy (docs/perf.md, "An idle window"). Here a
 * virtual thread sleeps between ticks and wakes the FX thread only for the work.
 */
public final class FxTicker {
    private final Thread thread;
    private volatile boolean stopped;

    private FxTicker(Duration period, String name, Runnable work) {
        thread = Thread.ofVirtual().name(name).unstarted(() -> {
            try {
                while (!stopped) {
                    Thread.sleep(period);
                    FxExecutor.later(() -> {
                        if (!stopped) {
                            work.run();
                        }
                    });
                }
            } catch (InterruptedException interrupted) {
                // stop() was called: nothing more to run.
            }
        });
    }

    /** Starts running {@code work} on the FX thread every {@code period}, the first time one period from now. */
    public static FxTicker every(Duration period, String name, Runnable work) {
        FxTicker ticker = new FxTicker(period, name, work);
        ticker.thread.start();
        return ticker;
    }

    /** Runs the work no more, not even a tick already on its way to the FX thread. */
    public void stop() {
        stopped = true;
        thread.interrupt();
    }

    /** Waits until the ticking thread has ended after {@link #stop()}: from then on nothing is scheduled. */
    boolean awaitStopped(Duration timeout) throws InterruptedException {
        return thread.join(timeout);
    }
}
