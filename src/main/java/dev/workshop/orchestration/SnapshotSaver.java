package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.session.SessionSnapshot;
import dev.workshop.session.SnapshotFolder;
import dev.workshop.store.ConversationStore;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Writes a conversation's snapshot at the seed's save points: when an agent's turn hands over to the human
 * (the loop ends {@code waiting}), when a conversation stops for any reason, and when the user cancels it —
 * each of which ends with a {@link LoopEvent.Ended}. Saving runs off the loop's thread; a failure is reported
 * ({@link LoopEvent.SaveFailed}) and tried again with growing pauses, and never reaches the loop. The log
 * stays the source of truth: a snapshot is a readable copy that restores and imports can read back.
 */
final class SnapshotSaver implements Consumer<LoopEvent>, AutoCloseable {
    private static final int LOCK_STRIPES = 64;
    private final ConversationStore store;
    private final TenantId team;
    private final SnapshotFolder folder;
    private final Consumer<LoopEvent> publish;
    private final Clock clock;
    private final List<Duration> retryPauses;
    private final ExecutorService saving = Executors.newVirtualThreadPerTaskExecutor();
    /**
     * One save at a time per conversation: two would race for the same temporary file. Striped, so a
     * long-running app keeps a fixed number of locks rather than one for every conversation it ever saved;
     * two conversations that share a stripe merely save one after the other.
     */
    private final ReentrantLock[] locks = new ReentrantLock[LOCK_STRIPES];
    /** Set on close: the last saves are tried once each, so a failing disk cannot hold up the exit. */
    private volatile boolean closing;

    SnapshotSaver(ConversationStore store, TenantId team, SnapshotFolder folder, Consumer<LoopEvent> publish,
                  Clock clock, List<Duration> retryPauses) {
        this.store = store;
        this.team = team;
        this.folder = folder;
        this.publish = publish;
        this.clock = clock;
        this.retryPauses = List.copyOf(retryPauses);
        for (int i = 0; i < locks.length; i++) {
            locks[i] = new ReentrantLock();
        }
    }

    @Override
    public void accept(LoopEvent event) {
        // An end the store could not record has nothing new to save (and the disk refused the last write).
        if (event instanceof LoopEvent.Ended ended && ended.recorded()) {
            save(ended.conversationId());
        }
    }

    /** Saves in the background; returns at once. */
    void save(ConversationId id) {
        if (saving.isShutdown()) {
            return;
        }
        try {
            saving.execute(() -> saveWithRetries(id));
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            // Closing: the final saves are already queued.
        }
    }

    private void saveWithRetries(ConversationId id) {
        for (int attempt = 1; ; attempt++) {
            Optional<String> failure = saveOnceLocked(id);
            if (failure.isEmpty()) {
                return;
            }
            boolean retrying = attempt <= retryPauses.size() && !closing;
            reportFailure(id, failure.get(), attempt, retrying);
            if (!retrying) {
                return;
            }
            if (!pause(retryPauses.get(attempt - 1))) {
                // Woken by the close: the retry it announced will not come, so the last word says so.
                reportFailure(id, failure.get(), attempt, false);
                return;
            }
        }
    }

    private void reportFailure(ConversationId id, String failure, int attempt, boolean retrying) {
        publish.accept(new LoopEvent.SaveFailed(id, 1, clock.instant(),
                "Could not save the snapshot of conversation " + id + ": " + failure
                        + (retrying ? "; trying again" : "; the conversation itself is safe in the log"),
                attempt, retrying));
    }

    static int stripeOf(ConversationId id) {
        return Math.floorMod(id.hashCode(), LOCK_STRIPES);
    }

    /** Held for one attempt only, so a save that waits to try again never holds up the others of its stripe. */
    private Optional<String> saveOnceLocked(ConversationId id) {
        ReentrantLock lock = locks[stripeOf(id)];
        lock.lock();
        try {
            return saveOnce(id);
        } finally {
            lock.unlock();
        }
    }

    private Optional<String> saveOnce(ConversationId id) {
        try {
            Optional<ConversationState> state = store.state(team, id);
            if (state.isEmpty()) {
                return Optional.empty();
            }
            List<RecordedEvent> history = store.history(team, id);
            folder.save(SessionSnapshot.of(team, state.get(), history));
            publish.accept(new LoopEvent.SessionSaved(id, FollowUps.turnNumber(history), clock.instant()));
            return Optional.empty();
        } catch (Exception e) {
            // Disk full, permission denied, a vanished folder, a closed store: reported, never thrown.
            return Optional.of(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    private static boolean pause(Duration pause) {
        try {
            Thread.sleep(pause);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Waits for the saves under way (the last ones of a closing workspace). A save still pausing before a
     * retry after two seconds is woken and given up (reported), so a failing disk cannot hold up the exit.
     */
    @Override
    public void close() {
        closing = true;
        saving.shutdown();
        try {
            if (!saving.awaitTermination(2, TimeUnit.SECONDS)) {
                saving.shutdownNow();
                saving.awaitTermination(8, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            saving.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
