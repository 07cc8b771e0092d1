package dev.workshop.store.jdbc;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationRules;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.DeletedConversation;
import dev.workshop.domain.conversation.MessageMatch;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.ConcurrentAppendException;
import dev.workshop.store.ConversationStore;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.Durability;
import dev.workshop.store.MessageCopies;
import dev.workshop.store.StoreException;
import dev.workshop.store.journal.Journal;
import dev.workshop.store.journal.JournalPosition;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import org.h2.jdbcx.JdbcConnectionPool;

/**
 * The desktop store: an fsync'd journal makes each append durable before it returns, and H2 holds the
 * same events as queryable tables a moment later (see docs/decisions/0001-durable-commit.md). The
 * journal keeps the full history, so an unreadable H2 file is rebuilt from it. Each conversation's
 * current state lives in memory, so checking an append (version, turn index, size) costs no query.
 * Histories are read from the journal itself, through the position of every event, which the open-time
 * scan collects (or a clean close saved): a conversation can be read back before H2 has even opened
 * (docs/decisions/0007).
 */
public final class JournaledConversationStore implements ConversationStore {
    private static final int REPLAY_CHUNK = 4096;

    /** A conversation's latest state; its lock makes check-append-update one step per conversation. */
    private static final class Entry {
        final ReentrantLock lock = new ReentrantLock();
        final TenantId tenant;
        volatile ConversationState state;

        Entry(TenantId tenant, ConversationState state) {
            this.tenant = tenant;
            this.state = state;
        }
    }

    private final Map<ConversationKey, Entry> index = new ConcurrentHashMap<>();
    private final Map<ConversationKey, EventPositions> positions = new ConcurrentHashMap<>();
    /** Saves the index for the journal's checkpoints, on the thread that wrote the batch (one at a time). */
    private final SavedIndex checkpointIndex = new SavedIndex();
    private final List<String> warnings = new CopyOnWriteArrayList<>();
    /** Per conversation, how many events the journal's damage took that the tables did not have either. */
    private final Map<ConversationKey, Long> lostEvents = new java.util.LinkedHashMap<>();
    /** The tables are being rebuilt from the whole journal: a gap in it is the journal's own loss. */
    private boolean rebuilding;
    /** Where a message lost from the journal and the tables may still be found (the snapshots). */
    private volatile MessageCopies copies = MessageCopies.NONE;
    /** Per conversation, how many messages of a gap were taken from that copy. */
    private final Map<ConversationKey, Long> recoveredMessages = new java.util.LinkedHashMap<>();
    private final EventCodec codec = new EventCodec();
    private final JournalRecords records = new JournalRecords(codec);
    private final ConversationTables tables = new ConversationTables(codec);
    private final DataDirectory directory;
    private final Clock clock;
    /**
     * The starts of the records from {@link #journalOrderFrom} on, in journal order, until the tables have been
     * caught up from them; null when the open did not visit them all (it used a saved index or a checkpoint).
     */
    private JournalOrder journalOrder = new JournalOrder();
    private JournalPosition journalOrderFrom = JournalPosition.START;
    /**
     * Counted down once the tables have opened, or failed to ({@link #tablesFailure}). A latch rather than a
     * CompletableFuture: a store that only reads the journal (a restore) then never starts the fork-join
     * machinery that a first CompletableFuture brings, about a millisecond in a new JVM.
     */
    private final CountDownLatch tablesOpened = new CountDownLatch(1);
    private final Object tablesStartLock = new Object();
    private boolean tablesStarted;
    /**
     * Set once the tables opened without failing: every append and read asks, and once they are open it should
     * cost a volatile read, not a monitor and a latch (a thousand loops ask tens of thousands of times a second).
     */
    private volatile boolean tablesReady;
    private volatile Throwable tablesFailure;
    private JdbcConnectionPool pool;
    private Journal<Projector.Change> journal;
    private HistoryReader historyReader;
    private Projector projector;
    /** Set once the data directory is gone: why appends are refused; null while they are taken. */
    private volatile String writesRefused;
    private volatile boolean closed;

    private JournaledConversationStore(DataDirectory directory, Clock clock) {
        this.directory = directory;
        this.clock = clock;
    }

    /** Opens the store and returns once everything works, the tables included. */
    public static JournaledConversationStore open(DataDirectory directory) {
        return open(directory, Journal.DEFAULT_SEGMENT_BYTES, Clock.systemUTC());
    }

    /**
     * As {@link #open(DataDirectory)}; a message that the journal and the tables have both lost is taken from
     * {@code copies} (the conversations' snapshots) where they hold it.
     */
    public static JournaledConversationStore open(DataDirectory directory, MessageCopies copies) {
        return open(directory, Journal.DEFAULT_SEGMENT_BYTES, Clock.systemUTC(), copies);
    }

    public static JournaledConversationStore open(DataDirectory directory, long segmentBytes, Clock clock) {
        return open(directory, segmentBytes, clock, MessageCopies.NONE);
    }

    static JournaledConversationStore open(DataDirectory directory, long segmentBytes, Clock clock,
                                           MessageCopies copies) {
        JournaledConversationStore store = openJournalFirst(directory, segmentBytes, clock);
        store.copies = copies;
        try {
            store.awaitTables();
            return store;
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /**
     * Opens the journal only, and returns: {@link #history} works at once, from the journal. H2 opens (and
     * catches up) when something first needs it — any other call — so a process that only reads a
     * conversation back, or shows it before anything else, does not wait for the database.
     */
    public static JournaledConversationStore openJournalFirst(DataDirectory directory) {
        return openJournalFirst(directory, Journal.DEFAULT_SEGMENT_BYTES, Clock.systemUTC());
    }

    static JournaledConversationStore openJournalFirst(DataDirectory directory, long segmentBytes, Clock clock) {
        JournaledConversationStore store = new JournaledConversationStore(directory, clock);
        try {
            store.openJournal(segmentBytes);
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
        return store;
    }

    private void openJournal(long segmentBytes) {
        try {
            journal = Journal.open(directory.journalDirectory(), segmentBytes, JournalPosition.START,
                    new JournalOwner());
            historyReader = new HistoryReader(journal, records);
            if (journal.openedFromSavedIndex() || journal.openedFromCheckpoint()) {
                journalOrder = null;
            }
        } catch (IOException e) {
            throw new StoreException("Cannot open the journal in " + directory.journalDirectory() + ": "
                    + e.getMessage(), e);
        }
    }

    /** True when this open followed a crash and read only the journal after its last checkpoint. */
    boolean journalOpenedFromCheckpoint() {
        return journal.openedFromCheckpoint();
    }

    /** What the journal reports while it opens: the records it scans, damage, and the index saved at close. */
    private final class JournalOwner implements Journal.Owner {
        @Override
        public void replay(Journal.Entry entry) {
            indexRecord(entry);
        }

        @Override
        public void warn(String warning) {
            warnings.add(warning);
        }

        @Override
        public boolean useSavedIndex(List<byte[]> parts) {
            return SavedIndex.load(parts, positions);
        }
    }

    /** Notes where a record found by the open-time scan is; only its envelope is read. */
    private void indexRecord(Journal.Entry entry) {
        if (EventPositions.index(positions, entry, warnings::add)) {
            journalOrder.add(entry.start());
        }
    }

    /** Opens the tables once, on the first caller's thread; other callers wait for the same outcome. */
    private void openTablesOnce() {
        synchronized (tablesStartLock) {
            if (tablesStarted) {
                return;
            }
            tablesStarted = true;
        }
        try {
            openTables();
        } catch (Throwable e) {
            tablesFailure = e;
        } finally {
            tablesOpened.countDown();
        }
    }

    /** Like {@link CountDownLatch#await()}, but an interrupt waits on and is kept for the caller. */
    private void awaitTablesOpened() {
        boolean interrupted = false;
        while (true) {
            try {
                tablesOpened.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void openTables() {
        var opened = H2Database.open(directory, warnings::add, this::loadConsistentRows);
        try {
            catchUpTables(opened.pool(), opened.loaded(), replayStart(opened.loaded()));
        } catch (JournalGapException gap) {
            // H2 lost rows it had synced before: rebuild it from the whole journal, which has everything it
            // still holds (a gap there now can only be the journal's own damage: it is filled, not fatal).
            projector = null;
            pool = null;
            opened.pool().dispose();
            index.clear();
            lostEvents.clear();
            recoveredMessages.clear();
            rebuilding = true;
            var rebuilt = H2Database.discardAndReopen(directory, gap.getMessage(), warnings::add,
                    this::loadConsistentRows);
            catchUpTables(rebuilt.pool(), rebuilt.loaded(), JournalPosition.START);
        }
        if (!recoveredMessages.isEmpty()) {
            warnings.add("Journal damage took messages the database had not copied yet; they were recovered from the"
                    + " conversations' snapshots: " + String.join("; ", recoveredMessages.entrySet().stream()
                    .map(found -> found.getValue() + " of conversation " + found.getKey().conversation()).toList())
                    + ".");
        }
        if (!lostEvents.isEmpty()) {
            warnings.add("Journal damage cost events that no other copy held: " + String.join("; ",
                    lostEvents.entrySet().stream().map(lost -> "conversation " + lost.getKey().conversation() + " lost "
                            + lost.getValue() + " event" + (lost.getValue() == 1 ? "" : "s")).toList())
                    + ". Each was marked as lost in its history and goes on from what remains; the events after"
                    + " the damage were kept.");
        }
        journalOrder = null;
        noticeWhatTheJournalLacks();
        projector.start();
        try {
            journal.start(this::onDurable, from -> checkpointIndex.save(positions, from));
        } catch (IOException e) {
            throw new StoreException("Cannot start writing to the journal in " + directory.journalDirectory() + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * A conversation whose tables hold more events than the journal does (damage at the journal's very end looks
     * like an unfinished write and is cleared): its history is read from the tables, and the user is told.
     */
    private void noticeWhatTheJournalLacks() {
        index.forEach((key, entry) -> {
            EventPositions known = positions.computeIfAbsent(key, k -> new EventPositions());
            if (known.size() < entry.state.version()) {
                known.markIncomplete();
                warnings.add("The journal lacks " + (entry.state.version() - known.size()) + " of the "
                        + entry.state.version() + " events of conversation " + key.conversation() + " that the database "
                        + "has; its history is read from the database.");
            }
        });
    }

    /** Opens the tables if nobody has yet, or waits until they are open; rethrows what stopped them. */
    private void awaitTables() {
        if (tablesReady) {
            return;
        }
        openTablesOnce();
        awaitTablesOpened();
        Throwable failure = tablesFailure;
        if (failure instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (failure != null) {
            throw new StoreException("Cannot open the database in " + directory.path() + ": " + failure, failure);
        }
        tablesReady = true;
    }

    /**
     * Where replay begins: where H2 last synced, unless the file holds fewer events than it did then (it went
     * back in time), or holds none (it is new): then from the start.
     */
    private JournalPosition replayStart(Loaded loaded) {
        var synced = AppliedPosition.read(directory.journalDirectory());
        if (loaded.events() == 0 || synced.isEmpty()) {
            return JournalPosition.START;
        }
        if (loaded.events() < synced.get().events()) {
            throw new JournalGapException("it holds " + loaded.events() + " events but held "
                    + synced.get().events() + " when it last synced");
        }
        return synced.get().position();
    }

    /** The listing rows and the number of events the tables hold. */
    private record Loaded(List<ConversationTables.Row> rows, long events) {
    }

    /**
     * The listing rows, checked against the events they summarise. After an unclean shutdown H2 has been
     * seen to keep part of a transaction; such a file is treated as unreadable and rebuilt from the journal.
     */
    private Loaded loadConsistentRows(JdbcConnectionPool connections) throws SQLException {
        try (Connection connection = connections.getConnection()) {
            List<ConversationTables.Row> rows = tables.allConversations(connection);
            Map<String, long[]> stats = tables.eventStats(connection);
            for (ConversationTables.Row row : rows) {
                long[] events = stats.remove(ConversationTables.key(row.tenant().value(), row.state().id().value()));
                long version = row.state().version();
                if (events == null || events[0] != version || events[1] != version) {
                    throw new SQLException("its tables disagree: conversation " + row.state().id() + " is at version "
                            + version + " but has " + (events == null ? 0 : events[1]) + " events");
                }
            }
            if (!stats.isEmpty()) {
                throw new SQLException("its tables disagree: " + stats.size()
                        + " conversations have events but no summary");
            }
            return new Loaded(rows, rows.stream().mapToLong(row -> row.state().version()).sum());
        }
    }

    private void catchUpTables(JdbcConnectionPool connections, Loaded loaded, JournalPosition from) {
        pool = connections;
        loaded.rows().forEach(row -> index.put(new ConversationKey(row.tenant(), row.state().id()),
                new Entry(row.tenant(), row.state())));
        projector = new Projector(pool, tables, directory.journalDirectory(), from, loaded.events());
        if (journal.durableEnd().isAfter(from)) {
            replayFrom(from);
        }
        // Everything up to the journal's end is now in the tables, including stretches with nothing to apply
        // (a fresh segment after a roll-over, a cleared torn write, records the tables already had).
        projector.caughtUpTo(journal.durableEnd());
    }

    private void replayFrom(JournalPosition from) {
        if (journalOrder == null || journalOrderFrom.isAfter(from)) {
            journalOrder = scanJournalOrder(from);
            journalOrderFrom = from;
        }
        Replay replay = new Replay();
        try {
            for (long[] chunk : journalOrder.chunksFrom(from, REPLAY_CHUNK)) {
                journal.readRecords(chunk, (start, bytes, offset, length) ->
                        replay.accept(JournalPosition.unpack(start), Arrays.copyOfRange(bytes, offset, offset + length)));
            }
        } catch (IOException e) {
            throw new StoreException("Cannot read the journal in " + directory.journalDirectory() + ": "
                    + e.getMessage(), e);
        }
        replay.flush();
    }

    /**
     * The journal was opened without visiting every record (from its saved index or a checkpoint), but the
     * tables need the records from {@code from} on: find where they are.
     */
    private JournalOrder scanJournalOrder(JournalPosition from) {
        JournalOrder order = new JournalOrder();
        try {
            journal.forEachRecord(from, entry -> order.add(entry.start()));
            journal.damageFoundSinceOpen().stream().filter(damage -> !warnings.contains(damage)).forEach(warnings::add);
        } catch (IOException e) {
            throw new StoreException("Cannot read the journal in " + directory.journalDirectory() + ": "
                    + e.getMessage(), e);
        }
        return order;
    }

    /** The journal calls this for each durable batch, before the appenders return. */
    private void onDurable(List<Journal.Appended<Projector.Change>> appended, JournalPosition end) {
        List<Object> changes = new ArrayList<>(appended.size());
        for (Journal.Appended<Projector.Change> append : appended) {
            Projector.Change change = append.attachment();
            EventPositions known = getOrAdd(positions, new ConversationKey(change.tenant(), change.after().id()),
                    key -> new EventPositions());
            // An append is one record (JournalRecords#encode): all its events start there.
            JournalPosition record = append.records().getFirst();
            for (RecordedEvent event : change.events()) {
                known.add(event.seq(), record);
            }
            changes.add(change);
        }
        projector.onDurable(changes, end);
    }

    /** A record whose predecessors are neither in the tables nor in the journal after the replay point. */
    private static final class JournalGapException extends RuntimeException {
        JournalGapException(String message) {
            super(message);
        }
    }

    /** Folds the journal's records that the tables do not have yet, and writes them in chunks. */
    private final class Replay {
        private final List<Projector.Change> pending = new ArrayList<>();
        private JournalPosition end;

        void accept(JournalPosition start, byte[] payload) {
            List<RecordedEvent> events;
            try {
                events = records.decodeAll(payload);
            } catch (RuntimeException e) {
                warnings.add("A journal record at " + start + " cannot be read and was skipped: " + e.getMessage());
                return;
            }
            for (RecordedEvent recorded : events) {
                apply(recorded);
            }
            end = Journal.endOf(start, payload);
            if (pending.size() >= REPLAY_CHUNK) {
                flush();
            }
        }

        private void apply(RecordedEvent recorded) {
            ConversationKey key = new ConversationKey(recorded.tenantId(), recorded.conversationId());
            Entry current = index.computeIfAbsent(key, k -> new Entry(k.tenant(),
                    ConversationState.notStarted(k.conversation())));
            long version = current.state.version();
            if (recorded.seq() == version + 1) {
                current.state = current.state.evolve(recorded);
                pending.add(new Projector.Change(recorded.tenantId(), List.of(recorded), current.state));
            } else if (recorded.seq() > version + 1) {
                if (!rebuilding && !journal.foundDamage()) {
                    throw new JournalGapException("it lacks events " + (version + 1) + " to " + (recorded.seq() - 1)
                            + " of conversation " + recorded.conversationId() + " that the journal has");
                }
                fillGap(key, current, recorded);
                current.state = current.state.evolve(recorded);
                pending.add(new Projector.Change(recorded.tenantId(), List.of(recorded), current.state));
            }
        }

        /**
         * Neither the journal nor the tables have the events before {@code after}: the journal's record is damaged
         * and the tables had not got them yet. Messages the snapshot still holds go back in their turn's place (last
         * in the gap); placeholders keep the other events' places, and the loss on record.
         */
        private void fillGap(ConversationKey key, Entry current, RecordedEvent after) {
            long first = current.state.version() + 1;
            long gap = after.seq() - first;
            List<MessageRecorded> recovered = fromSnapshot(after, current.state, gap);
            long lostCount = gap - recovered.size();
            for (long place = 0; place < gap; place++) {
                ConversationEvent filling = place < lostCount
                        ? new ConversationEvent.Lost("a damaged journal record held it")
                        : recovered.get((int) (place - lostCount));
                RecordedEvent filled = new RecordedEvent(after.tenantId(), after.conversationId(), first + place,
                        after.recordedAt(), filling);
                current.state = current.state.evolve(filled);
                pending.add(new Projector.Change(after.tenantId(), List.of(filled), current.state));
            }
            if (lostCount > 0) {
                lostEvents.merge(key, lostCount, Long::sum);
            }
            if (!recovered.isEmpty()) {
                recoveredMessages.merge(key, (long) recovered.size(), Long::sum);
            }
            positions.computeIfAbsent(key, k -> new EventPositions()).markIncomplete();
        }

        /**
         * The messages a gap must have held that the snapshot has: those of the turns from the state's next one
         * up to the turn the event after the gap is about, in order and without a gap of their own, no more than
         * the gap's size. None when the event after it names no turn.
         */
        private List<MessageRecorded> fromSnapshot(RecordedEvent after, ConversationState before, long gapSize) {
            int nextTurn = switch (after.event()) {
                case ConversationEvent.TurnStarted turn -> turn.turnIndex();
                case MessageRecorded message -> message.turnIndex();
                case ConversationEvent.ReplyChunk chunk -> chunk.turnIndex();
                default -> -1;
            };
            if (nextTurn <= before.turnCount()) {
                return List.of();
            }
            Map<Integer, MessageRecorded> copy;
            try {
                copy = copies.of(after.tenantId(), after.conversationId());
            } catch (RuntimeException unreadable) {
                return List.of();
            }
            List<MessageRecorded> found = new ArrayList<>();
            for (int turn = before.turnCount(); turn < nextTurn && found.size() < gapSize; turn++) {
                MessageRecorded message = copy.get(turn);
                if (message == null || message.turnIndex() != turn) {
                    break;
                }
                found.add(message);
            }
            return found;
        }

        void flush() {
            if (end != null && !pending.isEmpty()) {
                projector.applyNow(List.copyOf(pending), end);
            }
            pending.clear();
        }
    }

    @Override
    public List<RecordedEvent> append(TenantId tenant, ConversationId conversation, long expectedVersion,
                                      List<ConversationEvent> events, Durability durability) {
        requireOpen();
        String refusal = writesRefused;
        if (refusal != null) {
            throw new StoreException(refusal + "; nothing more is saved");
        }
        awaitTables();
        if (events.isEmpty()) {
            return List.of();
        }
        Entry entry = getOrAdd(index, new ConversationKey(tenant, conversation),
                key -> new Entry(tenant, ConversationState.notStarted(conversation)));
        entry.lock.lock();
        try {
            ConversationState state = entry.state;
            if (state.version() != expectedVersion) {
                throw new ConcurrentAppendException("Conversation " + conversation + " is at version " + state.version()
                        + ", not " + expectedVersion + ": someone else wrote to it; reload and try again");
            }
            Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
            List<RecordedEvent> recorded = new ArrayList<>(events.size());
            for (ConversationEvent event : events) {
                ConversationRules.check(state, event);
                RecordedEvent next = new RecordedEvent(tenant, conversation, state.version() + 1, now, event);
                state = state.evolve(next);
                recorded.add(next);
            }
            // One record for the whole append, so that it is all there or not there after any crash.
            List<byte[]> journalRecords = List.of(records.encode(recorded));
            Projector.Change change = new Projector.Change(tenant, List.copyOf(recorded), state);
            if (durability == Durability.DURABLE) {
                journal.append(journalRecords, change);
            } else {
                journal.appendWithoutWaiting(journalRecords, change);
            }
            entry.state = state;
            return List.copyOf(recorded);
        } catch (IOException e) {
            throw new StoreException(cannotSave(e) + ". Nothing after the last saved event was kept; once the disk is"
                    + " writable, open the data again (the app's Reopen, or a new start) and it goes on from there.", e);
        } finally {
            entry.lock.unlock();
        }
    }

    /**
     * The value for {@code key}, added if missing. A lookup first: {@code computeIfAbsent} may lock a bin of the
     * map even when the key is there, and the appends of a thousand loops ask for keys that are nearly always there.
     */
    private static <K, V> V getOrAdd(Map<K, V> map, K key, Function<K, V> make) {
        V value = map.get(key);
        return value != null ? value : map.computeIfAbsent(key, make);
    }

    /** Read from the journal, which has it first; from the tables only if the journal lost a record of it. */
    @Override
    public List<RecordedEvent> history(TenantId tenant, ConversationId conversation) {
        requireOpen();
        EventPositions known = positions.get(new ConversationKey(tenant, conversation));
        if (known == null) {
            return List.of();
        }
        if (known.incomplete()) {
            return historyFromTables(tenant, conversation);
        }
        List<RecordedEvent> history;
        try {
            history = historyReader.read(tenant, conversation, distinct(known.snapshot()));
        } catch (IOException | RuntimeException damaged) {
            // The journal's copy rotted since it was written (a flipped byte fails its checksum): the tables hold
            // every event too, so the history is read from there, now and from now on.
            known.markIncomplete();
            String warning = "Conversation " + conversation + " could not be read from the journal in "
                    + directory.journalDirectory() + " (" + damaged.getMessage() + "); it is read from the database,"
                    + " which holds it too";
            warnings.add(warning);
            try {
                return historyFromTables(tenant, conversation);
            } catch (StoreException alsoFailed) {
                throw new StoreException(warning + ", and that failed too: " + alsoFailed.getMessage(), damaged);
            }
        }
        return Collections.unmodifiableList(history);
    }

    /**
     * Returns once the tables (H2) hold every event acknowledged so far. Nothing in Workshop needs to wait for
     * them; this is for benchmarks, and for tools that read the tables directly.
     */
    public void awaitTablesCaughtUp() {
        requireOpen();
        awaitTables();
        projector.awaitApplied(journal.durableEnd());
    }

    /** The record starts of a history, each once (the events of one append share their record). */
    private static long[] distinct(long[] starts) {
        int count = 0;
        for (int i = 0; i < starts.length; i++) {
            if (i == 0 || starts[i] != starts[i - 1]) {
                starts[count++] = starts[i];
            }
        }
        return Arrays.copyOf(starts, count);
    }

    private List<RecordedEvent> historyFromTables(TenantId tenant, ConversationId conversation) {
        awaitTablesCaughtUp();
        try (Connection connection = pool.getConnection()) {
            return tables.history(connection, tenant, conversation);
        } catch (SQLException e) {
            throw new StoreException("Cannot read conversation " + conversation + " from " + directory.path() + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public Optional<ConversationState> state(TenantId tenant, ConversationId conversation) {
        requireOpen();
        awaitTables();
        return Optional.ofNullable(index.get(new ConversationKey(tenant, conversation)))
                .map(entry -> entry.state)
                .filter(ConversationState::isStarted);
    }

    /** A scan of the message rows in the tables, once they hold every acknowledged event. */
    @Override
    public List<MessageMatch> findMessages(TenantId tenant, String text, int limit) {
        requireOpen();
        String needle = text == null ? "" : text.strip();
        if (needle.isEmpty() || limit <= 0) {
            return List.of();
        }
        awaitTablesCaughtUp();
        try (Connection connection = pool.getConnection()) {
            return tables.findMessages(connection, tenant, needle, limit,
                    id -> state(tenant, id).filter(state -> !state.deleted()).isPresent());
        } catch (SQLException e) {
            throw new StoreException("Cannot search the messages in " + directory.path() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<TenantId> tenantOf(ConversationId conversation) {
        requireOpen();
        awaitTables();
        return index.values().stream()
                .filter(entry -> entry.state.id().equals(conversation) && entry.state.isStarted())
                .map(entry -> entry.tenant)
                .findFirst();
    }

    @Override
    public List<ConversationState> list(TenantId tenant) {
        return listed(tenant, false);
    }

    /**
     * Nothing but an undelete follows a deletion, so the last event of a deleted conversation is its deletion;
     * reading each history for it is fine for what a user deletes by hand.
     */
    @Override
    public List<DeletedConversation> listDeleted(TenantId tenant) {
        return DeletedConversation.mostRecentFirst(listed(tenant, true), id -> history(tenant, id));
    }

    private List<ConversationState> listed(TenantId tenant, boolean deleted) {
        requireOpen();
        awaitTables();
        return index.values().stream()
                .filter(entry -> entry.tenant.equals(tenant))
                .map(entry -> entry.state)
                .filter(state -> state.isStarted() && state.deleted() == deleted)
                .sorted(Comparator.comparing(ConversationState::updatedAt).reversed()
                        .thenComparing(state -> state.id().value()))
                .toList();
    }

    @Override
    public int count(TenantId tenant) {
        requireOpen();
        awaitTables();
        return (int) index.values().stream()
                .filter(entry -> entry.tenant.equals(tenant) && entry.state.isStarted() && !entry.state.deleted())
                .count();
    }

    @Override
    public List<String> openingWarnings() {
        return List.copyOf(warnings);
    }

    @Override
    public void onWritesStopped(java.util.function.Consumer<String> listener) {
        journal.onFailure(failure -> listener.accept(cannotSave(failure)));
    }

    private String cannotSave(IOException failure) {
        return "Cannot save to the journal in " + directory.journalDirectory() + ": " + failure.getMessage();
    }

    /**
     * Acknowledges no append from now on, each refused with {@code reason}: the data directory is gone, and an
     * append that lands in a deleted folder would be acknowledged and then lost.
     */
    public void refuseWrites(String reason) {
        writesRefused = reason;
    }

    private void requireOpen() {
        if (closed) {
            throw new StoreException("The conversation store of " + directory.path() + " is closed");
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        boolean opening;
        synchronized (tablesStartLock) {
            opening = tablesStarted;
        }
        if (opening) {
            // The tables may still be opening on another thread: let that finish (or fail) before closing.
            awaitTablesOpened();
        }
        try {
            if (journal != null) {
                journal.close(() -> SavedIndex.saveWhole(positions));
            }
        } catch (IOException e) {
            warnings.add("Closing the journal failed: " + e.getMessage());
        } finally {
            if (projector != null) {
                projector.close();
            }
            if (pool != null) {
                pool.dispose();
            }
        }
    }
}
