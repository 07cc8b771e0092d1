package dev.workshop.store.journal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The first failure that stopped the journal's writes (a write, sync or new segment failed), and who hears of
 * it: once, on the thread whose write failed.
 */
final class WriteFailure {
    private volatile IOException failure;
    /** Guarded by itself. */
    private final List<Consumer<IOException>> listeners = new ArrayList<>();

    /** The failure, or null while the journal writes. */
    IOException get() {
        return failure;
    }

    /** Recorded before the write lock is let go, so that no append after it is acknowledged. */
    void set(IOException cause) {
        synchronized (listeners) {
            if (failure == null) {
                failure = cause;
            }
        }
    }

    void onFailure(Consumer<IOException> listener) {
        IOException already;
        synchronized (listeners) {
            already = failure;
            if (already == null) {
                listeners.add(listener);
            }
        }
        if (already != null) {
            listener.accept(already);
        }
    }

    void tell(IOException cause) {
        List<Consumer<IOException>> told;
        synchronized (listeners) {
            told = List.copyOf(listeners);
            listeners.clear();
        }
        for (Consumer<IOException> listener : told) {
            try {
                listener.accept(cause);
            } catch (RuntimeException ignored) {
                // A listener's own trouble must not keep the appenders waiting for their answer.
            }
        }
    }
}
