package dev.workshop.orchestration;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Looks every so often whether the data directory is still the one Workshop opened. A folder deleted or moved
 * while the app runs would go on taking appends into files that no one will open again: acknowledged, then
 * lost. Once it is gone, {@code stopWrites} makes the store refuse appends (each with the reason) and the
 * listeners hear why, so the user is told at once rather than at the next start.
 */
public final class DataDirectoryWatch implements AutoCloseable {
    private final Supplier<Optional<String>> whyGone;
    private final Consumer<String> stopWrites;
    private final List<Consumer<String>> listeners = new CopyOnWriteArrayList<>();
    private final Thread watcher;
    private volatile String lost;

    /**
     * @param whyGone    why the directory is not the one opened, or empty while it is (a cheap check)
     * @param stopWrites called once, with the reason, when it is gone
     * @param every      how often to look
     */
    public DataDirectoryWatch(Supplier<Optional<String>> whyGone, Consumer<String> stopWrites, Duration every) {
        this.whyGone = whyGone;
        this.stopWrites = stopWrites;
        this.watcher = Thread.ofVirtual().name("data-directory-watch").start(() -> watch(every));
    }

    private void watch(Duration every) {
        try {
            while (lost == null) {
                Thread.sleep(every);
                whyGone.get().ifPresent(this::gone);
            }
        } catch (InterruptedException closing) {
            Thread.currentThread().interrupt();
        }
    }

    private synchronized void gone(String reason) {
        lost = reason;
        stopWrites.accept(reason);
        listeners.forEach(listener -> listener.accept(reason));
    }

    /** Hears once, with the reason, when the directory is gone; at once if it already is. */
    public synchronized void onGone(Consumer<String> listener) {
        if (lost != null) {
            listener.accept(lost);
        } else {
            listeners.add(listener);
        }
    }

    /** Why the directory is gone, or empty while it is in place. */
    public Optional<String> gone() {
        return Optional.ofNullable(lost);
    }

    @Override
    public void close() {
        watcher.interrupt();
    }
}
