package dev.workshop.ui.fx;

/**
 * The one way off the JavaFX thread: store reads and writes, searches and imports that must not freeze the
 * window. View-models take one of these, so that tests can run their work at once on the caller's thread with
 * {@link #direct()} and check what came of it without waiting.
 */
@FunctionalInterface
public interface Background {
    /** Runs {@code work} away from the FX thread; {@code name} names its thread in a thread dump. */
    void run(String name, Runnable work);

    /**
     * Runs {@code work} as {@link #run} does once {@code pause} has passed: for work that waits until the user stops
     * typing. The pause is this seam's, so a test's direct background runs the work at once.
     */
    default void runAfter(java.time.Duration pause, String name, Runnable work) {
        java.util.concurrent.CompletableFuture.delayedExecutor(pause.toMillis(),
                java.util.concurrent.TimeUnit.MILLISECONDS, paused -> run(name, paused)).execute(work);
    }

    /** Each piece of work on a virtual thread of its own: what the app uses. */
    static Background virtualThreads() {
        return (name, work) -> Thread.ofVirtual().name(name).start(work);
    }

    /**
     * One virtual thread that takes the work in the order given, one piece after the other: for writes where an
     * older one must never land after a newer one (the window's layout).
     */
    static java.util.concurrent.ExecutorService oneAfterTheOther(String name) {
        return java.util.concurrent.Executors.newSingleThreadExecutor(Thread.ofVirtual().name(name).factory());
    }

    /** On the caller's thread, before {@code run} returns, with no pause: for tests of view-models. */
    static Background direct() {
        return new Background() {
            @Override
            public void run(String name, Runnable work) {
                work.run();
            }

            @Override
            public void runAfter(java.time.Duration pause, String name, Runnable work) {
                work.run();
            }
        };
    }
}
