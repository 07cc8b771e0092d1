package dev.workshop.store.jdbc;

import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.StoreException;
import dev.workshop.store.file.DiskSpace;
import dev.workshop.store.journal.JournalPosition;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import javax.sql.DataSource;

/**
 * Applies durable journal batches to the H2 tables, in journal order, many batches per transaction. It runs
 * behind the journal: an append is acknowledged once the journal has it, and readers that need the tables
 * wait here until the tables have caught up. A bounded queue slows the writers down when H2 falls behind,
 * so memory never grows without limit. Within {@link #SYNC_WITHIN_NANOS} of taking a change, and on close, it
 * makes H2 sync its file and only then records how far H2 is surely complete ({@link AppliedPosition}), where
 * the next start replays from: so an acknowledged event has a second durable copy within about a second, and
 * damage to its journal record after that loses nothing (docs/decisions/0024-a-second-copy-within-a-second.md).
 */
final class Projector implements AutoCloseable {

    /** One acknowledged append: its events and the conversation's state after them. */
    record Change(TenantId tenant, List<RecordedEvent> events, ConversationState after) {
    }

    private record Batch(List<Object> changes, JournalPosition end) {
        int events() {
            return changes.stream().mapToInt(change -> ((Change) change).events().size()).sum();
        }
    }

    private static final Batch STOP = new Batch(List.of(), null);
    /** Put in the queue by a waiting reader, so the projector stops gathering and writes at once. */
    private static final Batch NUDGE = new Batch(List.of(), null);
    /** Gathers while appends keep coming (each within QUIET of the last), for at most COALESCE. */
    private static final long COALESCE_NANOS = 300_000_000L;
    private static final long QUIET_NANOS = 20_000_000;
    /**
     * How long a change the tables took may wait for H2's sync. With the gathering above (at most 300 ms) an
     * event is in two durable places within about a second of its acknowledgement; syncing this often cost the
     * appends nothing measurable against the disk's own fdatasync (ADR 0024, docs/perf.md).
     */
    private static final long SYNC_WITHIN_NANOS = 700_000_000L;
    /**
     * Well under MAX_QUEUED_EVENTS, so the writers never wait for room while the projector still gathers. A
     * thousand loops fill it in ~45 ms; at 6 000 they held four times as many events alive across G1's young
     * collections, and ran ~5% slower (docs/perf.md). One conversation appending alone stays under it for the
     * whole of COALESCE_NANOS, so its transactions stay as few.
     */
    private static final int COALESCE_EVENTS = 1_500;

    /** Less free than this when a database write fails, and the full disk is the likely cause. */
    private static final long NEARLY_FULL_BYTES = 8L * 1024 * 1024;

    private final DataSource dataSource;
    private final ConversationTables tables;
    private final Path journalDirectory;
    private JournalPosition synced;
    /** Events in the tables; written beside the synced position so a file that lost synced rows is noticed. */
    private long eventCount;
    /** When the tables first took a change H2 has not synced yet (System.nanoTime); -1 when all is synced. */
    private long unsyncedSince = -1;
    /**
     * Bounded by events, not batches: bursts of many small batches (a thousand loops waking at once) pass
     * without stalling the journal, while a projector that falls behind for long still slows the writers.
     */
    private static final int MAX_QUEUED_EVENTS = 50_000;
    private final BlockingQueue<Batch> queue = new LinkedBlockingQueue<>();
    private final Semaphore room = new Semaphore(MAX_QUEUED_EVENTS);
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition progressed = lock.newCondition();
    private final AtomicInteger readersWaiting = new AtomicInteger();
    private JournalPosition applied;
    private volatile RuntimeException failure;
    private Thread worker;

    Projector(DataSource dataSource, ConversationTables tables, Path journalDirectory,
              JournalPosition applied, long eventCount) {
        this.eventCount = eventCount;
        this.dataSource = dataSource;
        this.tables = tables;
        this.journalDirectory = journalDirectory;
        this.applied = applied;
        this.synced = applied;
    }

    void start() {
        worker = Thread.ofPlatform().name("workshop-projector").daemon(true).start(this::run);
    }

    /**
     * Queues a durable batch's changes; waits for room when the tables have fallen far behind. An interrupt
     * waits on and is kept for the caller: the changes are in the journal already, and the tables must have them.
     */
    void onDurable(List<Object> attachments, JournalPosition end) {
        Batch batch = new Batch(attachments, end);
        int events = Math.min(MAX_QUEUED_EVENTS, batch.events());
        boolean interrupted = false;
        // After a failure nothing drains the queue; the changes stay safe in the journal for the next start.
        while (failure == null) {
            try {
                if (room.tryAcquire(events, 100, TimeUnit.MILLISECONDS)) {
                    queue.add(batch);
                    break;
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Writes changes now, on the caller's thread (used while replaying the journal at start). */
    void applyNow(List<Change> changes, JournalPosition end) {
        try (Connection connection = dataSource.getConnection()) {
            write(connection, changes);
        } catch (SQLException e) {
            throw new StoreException("Cannot write the replayed journal to the database: " + why(e), e);
        }
        markApplied(end);
    }

    /**
     * Records that the tables hold everything up to {@code position} (after the start-up replay) and makes
     * that durable, so the next start does not replay it again.
     */
    void caughtUpTo(JournalPosition position) {
        markApplied(position);
        try (Connection connection = dataSource.getConnection()) {
            syncIfDue(connection, position, true);
        } catch (SQLException | IOException e) {
            throw new StoreException("Cannot sync the database after replaying the journal: " + why(e), e);
        }
    }

    /**
     * Why a database write failed, in the user's terms: on a disk with almost nothing free, that the disk is full
     * (H2 reports only a write that failed, under a chain of its own exceptions); otherwise H2's message.
     */
    private String why(Exception e) {
        return DiskSpace.freeIfBelow(journalDirectory, NEARLY_FULL_BYTES)
                .map(free -> "the disk holding " + journalDirectory.toAbsolutePath().getParent() + " is full ("
                        + DiskSpace.megabytes(free) + " free): free some space and try again")
                .orElse(e.getMessage());
    }

    /** Returns once every change up to {@code position} is in the tables. */
    void awaitApplied(JournalPosition position) {
        readersWaiting.incrementAndGet();
        if (applied().compareTo(position) < 0) {
            queue.add(NUDGE);
        }
        lock.lock();
        try {
            while (applied.compareTo(position) < 0) {
                if (failure != null) {
                    throw failure;
                }
                progressed.await(100, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("Interrupted while waiting for the database to catch up", e);
        } finally {
            lock.unlock();
            readersWaiting.decrementAndGet();
        }
    }

    private void run() {
        List<Batch> batches = new ArrayList<>();
        try (Connection connection = dataSource.getConnection()) {
            boolean stopping = false;
            while (!stopping) {
                // Idle with changes not synced yet: wait no longer than their sync is due.
                Batch first = unsyncedSince < 0 ? queue.take()
                        : queue.poll(Math.max(0, unsyncedSince + SYNC_WITHIN_NANOS - System.nanoTime()),
                                TimeUnit.NANOSECONDS);
                if (first == null) {
                    syncIfDue(connection, applied(), true);
                    continue;
                }
                batches.clear();
                batches.add(first);
                gatherMore(batches);
                // Markers are compared by identity: as records, STOP and NUDGE would be equal to each other.
                stopping = batches.removeIf(batch -> batch == STOP);
                batches.removeIf(batch -> batch == NUDGE);
                if (batches.isEmpty()) {
                    continue;
                }
                List<Change> changes = new ArrayList<>();
                batches.forEach(batch -> batch.changes().forEach(change -> changes.add((Change) change)));
                JournalPosition end = batches.getLast().end();
                write(connection, changes);
                markApplied(end);
                if (unsyncedSince < 0) {
                    unsyncedSince = System.nanoTime();
                }
                room.release(batches.stream().mapToInt(batch -> Math.min(MAX_QUEUED_EVENTS, batch.events())).sum());
                syncIfDue(connection, end, stopping);
            }
            syncIfDue(connection, applied(), true);
        } catch (SQLException | IOException | RuntimeException e) {
            failure = new StoreException("The database stopped taking the journal's changes: " + why(e)
                    + ". They are safe in the journal and are applied at the next start.", e);
            signal();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Waits a few milliseconds for more batches unless a reader is waiting: one transaction for many
     * batches costs H2 far less CPU than one each, and the CPU is shared with the appenders.
     */
    private void gatherMore(List<Batch> batches) throws InterruptedException {
        long started = System.nanoTime();
        queue.drainTo(batches);
        int events = batches.stream().mapToInt(Batch::events).sum();
        while (readersWaiting.get() == 0 && events < COALESCE_EVENTS
                && batches.stream().noneMatch(batch -> batch == STOP || batch == NUDGE)) {
            long left = Math.min(QUIET_NANOS, started + COALESCE_NANOS - System.nanoTime());
            Batch more = left > 0 ? queue.poll(left, TimeUnit.NANOSECONDS) : null;
            if (more == null) {
                return;
            }
            batches.add(more);
            events += more.events();
            queue.drainTo(batches);
        }
    }

    /** H2 syncs its file, then the position it now surely holds is written beside the journal. */
    private void syncIfDue(Connection connection, JournalPosition end, boolean now)
            throws SQLException, IOException {
        if (!end.isAfter(synced)) {
            unsyncedSince = -1;
            return;
        }
        if (!now && (unsyncedSince < 0 || System.nanoTime() - unsyncedSince < SYNC_WITHIN_NANOS)) {
            return;
        }
        tables.syncToDisk(connection);
        AppliedPosition.write(journalDirectory, end, eventCount);
        synced = end;
        unsyncedSince = -1;
    }

    private JournalPosition applied() {
        lock.lock();
        try {
            return applied;
        } finally {
            lock.unlock();
        }
    }

    private void write(Connection connection, List<Change> changes) throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try {
            // Sorted by conversation (each one's events stay in seq order), so that consecutive inserts land on the
            // same pages of H2's indexes instead of a thousand different ones: with a thousand conversations at
            // once this more than halves the CPU the tables cost (docs/perf.md).
            Map<String, List<Change>> byConversation = new TreeMap<>();
            for (Change change : changes) {
                String key = change.tenant().value() + '\u0000' + change.after().id().value();
                byConversation.computeIfAbsent(key, k -> new ArrayList<>()).add(change);
            }
            List<RecordedEvent> events = new ArrayList<>();
            List<ConversationTables.Row> latest = new ArrayList<>(byConversation.size());
            for (List<Change> group : byConversation.values()) {
                for (Change change : group) {
                    events.addAll(change.events());
                }
                Change last = group.getLast();
                latest.add(new ConversationTables.Row(last.tenant(), last.after()));
            }
            tables.insertEvents(connection, events);
            tables.upsertConversations(connection, latest);
            connection.commit();
            eventCount += events.size();
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(autoCommit);
        }
    }

    private void markApplied(JournalPosition end) {
        lock.lock();
        try {
            if (end.isAfter(applied)) {
                applied = end;
            }
            progressed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void signal() {
        lock.lock();
        try {
            progressed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Applies what is queued, then stops. */
    @Override
    public void close() {
        if (worker == null) {
            return;
        }
        try {
            if (failure == null) {
                queue.put(STOP);
            }
            worker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
