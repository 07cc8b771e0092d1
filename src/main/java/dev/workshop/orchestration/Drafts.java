package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.store.DraftStore;
import dev.workshop.store.StoreException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * What the user has written to a conversation and not sent yet, one draft per conversation, kept across a
 * switch to another conversation, a restart and a crash. A change is in memory at once and on disk within
 * {@code every} (a crash loses at most that much typing); writes run one after another on a thread of their
 * own, so the newest drafts are never replaced by older ones, and {@link #close()} writes what is left.
 */
public final class Drafts implements AutoCloseable {
    private final DraftStore store;
    private final Duration every;
    private final Map<ConversationId, String> drafts = new ConcurrentHashMap<>();
    private final List<Consumer<String>> failureListeners = new CopyOnWriteArrayList<>();
    private final ScheduledThreadPoolExecutor writer = new ScheduledThreadPoolExecutor(1,
            Thread.ofVirtual().name("drafts-writer").factory());
    /** A write is scheduled and has not started yet: later changes ride along with it. */
    private boolean writeScheduled;

    public Drafts(DraftStore store, Duration every) {
        this.store = store;
        this.every = every;
        // At close the pending write runs at once instead of after its delay.
        writer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        drafts.putAll(store.load());
    }

    /** The unsent text of a conversation, or "" when there is none. */
    public String of(ConversationId id) {
        return drafts.getOrDefault(id, "");
    }

    /** Keeps {@code text} as the conversation's draft; a blank one (a message sent, a box cleared) removes it. */
    public void keep(ConversationId id, String text) {
        String kept = text == null || text.isBlank() ? null : text;
        String before = kept == null ? drafts.remove(id) : drafts.put(id, kept);
        if (Objects.equals(before, kept)) {
            return;
        }
        synchronized (this) {
            // Once closed (the window is going away) a change stays in memory only: nothing is scheduled.
            if (!writeScheduled && !writer.isShutdown()) {
                writeScheduled = true;
                writer.schedule(this::write, every.toMillis(), TimeUnit.MILLISECONDS);
            }
        }
    }

    /** Hears about writes that failed; the next change tries again. */
    public void onFailure(Consumer<String> listener) {
        failureListeners.add(listener);
    }

    private void write() {
        synchronized (this) {
            writeScheduled = false;
        }
        try {
            store.save(Map.copyOf(drafts));
        } catch (StoreException e) {
            failureListeners.forEach(listener -> listener.accept(e.getMessage()));
        }
    }

    /** Writes what is still to be written and stops the writer. */
    @Override
    public void close() {
        synchronized (this) {
            if (writeScheduled) {
                writer.execute(this::write);
            }
            writer.shutdown();
        }
        try {
            if (!writer.awaitTermination(5, TimeUnit.SECONDS)) {
                writer.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
