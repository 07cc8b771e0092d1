package dev.workshop.store.jdbc;

import dev.workshop.store.StoreException;
import java.util.concurrent.CountDownLatch;

/**
 * Something opened once, on the first caller's thread, while later callers wait for the same outcome: the
 * store's tables, which a process that only reads a conversation back never opens.
 */
final class OpenOnce {
    private final Runnable open;
    private final String failureContext;
    /**
     * Counted down once opened, or failed to ({@link #failure}). A latch rather than a CompletableFuture: a store
     * that only reads the journal (a restore) then never starts the fork-join machinery that a first
     * CompletableFuture brings, about a millisecond in a new JVM.
     */
    private final CountDownLatch opened = new CountDownLatch(1);
    private final Object startLock = new Object();
    private boolean started;
    /**
     * Set once opened without failing: every append and read asks, and then it should cost a volatile read, not a
     * monitor and a latch (a thousand loops ask tens of thousands of times a second).
     */
    private volatile boolean ready;
    private volatile Throwable failure;

    /** {@code failureContext}: what a failure that is not a runtime exception is said to have stopped. */
    OpenOnce(Runnable open, String failureContext) {
        this.open = open;
        this.failureContext = failureContext;
    }

    /** Opens if nobody has yet, or waits until it is open; rethrows what stopped it. */
    void await() {
        if (ready) {
            return;
        }
        openOnce();
        awaitOutcome();
        Throwable failed = failure;
        if (failed instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (failed != null) {
            throw new StoreException(failureContext + ": " + failed, failed);
        }
        ready = true;
    }

    /** When it is being opened on another thread, waits for that to finish (or fail); before closing. */
    void awaitIfStarted() {
        boolean opening;
        synchronized (startLock) {
            opening = started;
        }
        if (opening) {
            awaitOutcome();
        }
    }

    private void openOnce() {
        synchronized (startLock) {
            if (started) {
                return;
            }
            started = true;
        }
        try {
            open.run();
        } catch (Throwable e) {
            failure = e;
        } finally {
            opened.countDown();
        }
    }

    /** Like {@link CountDownLatch#await()}, but an interrupt waits on and is kept for the caller. */
    private void awaitOutcome() {
        boolean interrupted = false;
        while (true) {
            try {
                opened.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
