package dev.workshop.store.jdbc;

import dev.workshop.store.EventCodec;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.DeletedConversation;
import dev.workshop.domain.conversation.MessageMatch;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.Appended;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.h2.jdbcx.JdbcConnectionPool;

/**
 * The desktop store: an fsync'd journal makes each append durable before it returns, and H2 holds the same events
 * as queryable tables a moment later (docs/decisions/0001-durable-commit.md). The journal keeps the full history,
 * so an unreadable H2 file is rebuilt from it. Each conversation's current state lives in memory, so checking an
 * append (version, turn index, size) costs no query. Histories are read from the journal itself, through the
 * position of every event, which the open-time scan collects (or a clean close saved): a conversation can be read
 * back before H2 has even opened (docs/decisions/0007).
 */
public final class JournaledConversationStore implements ConversationStore {
    private final LatestStates index = new LatestStates();
    private final Map<ConversationKey, EventPositions> positions = new ConcurrentHashMap<>();
    /** Saves the index for the journal's checkpoints, on the thread that wrote the batch (one at a time). */
    private final SavedIndex checkpointIndex = new SavedIndex();
    private final List<String> warnings = new CopyOnWriteArrayList<>();
    private final Histories histories;
    /** Where a message lost from the journal and the tables may still be found (the snapshots). */
    private volatile MessageCopies copies = MessageCopies.NONE;
    private final EventCodec codec = new EventCodec();
    private final JournalRecords records = new JournalRecords(codec);
    private final ConversationTables tableRows = new ConversationTables(codec);
    /** How each conversation began, a second copy beside the journal's (ADR 0024). */
    private volatile StartCopies starts;
    private final DataDirectory directory;
    private final Clock clock;
    /**
     * The starts of every record, in journal order, until the tables have been caught up from them; null when
     * the open did not visit them all (it used a saved index or a checkpoint).
     */
    private JournalOrder journalOrder = new JournalOrder();
    private final OpenOnce tables;
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
        this.tables = new OpenOnce(this::openTables, "Cannot open the database in " + directory.path());
        this.histories = new Histories(positions, () -> historyReader, directory.journalDirectory(), warnings,
                this::historyFromTables);
    }

    /** Opens the store and returns once everything works, the tables included. */
    public static JournaledConversationStore open(DataDirectory directory) {
        return open(directory, Journal.DEFAULT_SEGMENT_BYTES, Clock.systemUTC());
    }

    /** As {@link #open(DataDirectory)}; a message the journal and the tables both lost is taken from {@code copies}. */
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
            store.tables.await();
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
        /** Notes where a record found by the open-time scan is; only its envelope is read. */
        @Override
        public void replay(Journal.Entry entry) {
            if (EventPositions.index(positions, entry, warnings::add)) {
                journalOrder.add(entry.start());
            }
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

    /** Opens the tables and catches them up, then starts the journal's writer: from now on appends are taken. */
    private void openTables() {
        // Opened with the tables, not the journal: a process that only reads a conversation back never waits for
        // it (it cost the restore ~9 ms), and nothing is appended before the tables are open.
        starts = StartCopies.open(directory.path(), records, warnings::add);
        var caughtUp = new TablesCatchUp(directory, journal, tableRows, records, index, positions, copies, starts, warnings)
                .run(journalOrder);
        pool = caughtUp.pool();
        projector = caughtUp.projector();
        journalOrder = null;
        projector.start();
        try {
            journal.start(this::onDurable, from -> checkpointIndex.save(positions, from));
        } catch (IOException e) {
            throw new StoreException("Cannot start writing to the journal in " + directory.journalDirectory() + ": "
                    + e.getMessage(), e);
        }
    }

    /** The journal calls this for each durable batch, before the appenders return. */
    private void onDurable(List<Journal.Appended<Projector.Change>> appended, JournalPosition end) {
        List<Object> changes = new ArrayList<>(appended.size());
        for (Journal.Appended<Projector.Change> append : appended) {
            Projector.Change change = append.attachment();
            EventPositions known = LatestStates.getOrAdd(positions, new ConversationKey(change.tenant(), change.after().id()),
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

    @Override
    public Appended append(TenantId tenant, ConversationId conversation, long expectedVersion,
                           List<ConversationEvent> events, Durability durability) {
        return write(tenant, conversation, expectedVersion, events, null, durability);
    }

    @Override
    public Appended adopt(TenantId tenant, ConversationId conversation, long expectedVersion,
                          List<RecordedEvent> events) {
        Appending.Timed timed = Appending.broughtIn(expectedVersion, events);
        return write(tenant, conversation, expectedVersion, timed.events(), timed.times(), Durability.DURABLE);
    }

    /** Appends {@code events}, each at its time in {@code times}, or all at the clock's now when it is null. */
    private Appended write(TenantId tenant, ConversationId conversation, long expectedVersion,
                           List<ConversationEvent> events, List<Instant> times, Durability durability) {
        requireOpen();
        String refusal = writesRefused;
        if (refusal != null) {
            throw new StoreException(refusal + "; nothing more is saved");
        }
        tables.await();
        if (events.isEmpty()) {
            return new Appended(List.of(), state(tenant, conversation).orElse(ConversationState.notStarted(conversation)));
        }
        LatestState entry = index.getOrAdd(new ConversationKey(tenant, conversation));
        entry.lock.lock();
        try {
            Appending.Folded folded = Appending.fold(tenant, conversation, entry.state, expectedVersion, events, times,
                    clock.instant().truncatedTo(ChronoUnit.MILLIS));
            List<RecordedEvent> recorded = folded.recorded();
            ConversationState state = folded.after();
            // One record for the whole append, so that it is all there or not there after any crash.
            List<byte[]> journalRecords = List.of(records.encode(recorded));
            Projector.Change change = new Projector.Change(tenant, List.copyOf(recorded), state);
            // Never held in one place only: the start's copy is written while the journal writes the record, and
            // both are durable before the append returns.
            java.util.concurrent.Future<?> startCopy = recorded.getFirst().seq() == 1 ? starts.save(recorded) : null;
            if (durability == Durability.DURABLE) {
                journal.append(journalRecords, change);
            } else {
                journal.appendWithoutWaiting(journalRecords, change);
            }
            if (startCopy != null) {
                starts.awaitSaved(startCopy, conversation);
            }
            entry.state = state;
            return new Appended(recorded, state);
        } catch (IOException e) {
            throw new StoreException(cannotSave(e) + ". Nothing after the last saved event was kept; once the disk is"
                    + " writable, open the data again (the app's Reopen, or a new start) and it goes on from there.", e);
        } finally {
            entry.lock.unlock();
        }
    }

    /** Read from the journal, which has it first; from the tables only if the journal lost a record of it. */
    @Override
    public List<RecordedEvent> history(TenantId tenant, ConversationId conversation) {
        requireOpen();
        return histories.read(tenant, conversation);
    }

    /**
     * Returns once the tables (H2) hold every event acknowledged so far. Nothing in Workshop needs to wait for
     * them; this is for benchmarks, and for tools that read the tables directly.
     */
    public void awaitTablesCaughtUp() {
        requireOpen();
        tables.await();
        projector.awaitApplied(journal.durableEnd());
    }

    private List<RecordedEvent> historyFromTables(TenantId tenant, ConversationId conversation) {
        awaitTablesCaughtUp();
        try (Connection connection = pool.getConnection()) {
            return tableRows.history(connection, tenant, conversation);
        } catch (SQLException e) {
            throw new StoreException("Cannot read conversation " + conversation + " from " + directory.path() + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public Optional<ConversationState> state(TenantId tenant, ConversationId conversation) {
        requireOpen();
        tables.await();
        return index.started(new ConversationKey(tenant, conversation));
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
            return tableRows.findMessages(connection, tenant, needle, limit,
                    id -> state(tenant, id).filter(state -> !state.deleted()).isPresent());
        } catch (SQLException e) {
            throw new StoreException("Cannot search the messages in " + directory.path() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<TenantId> tenantOf(ConversationId conversation) {
        requireOpen();
        tables.await();
        return index.tenantOf(conversation);
    }

    @Override
    public List<ConversationState> list(TenantId tenant) {
        return indexed().listed(tenant, false);
    }

    /** Only an undelete follows a deletion: its time is the last event's, read per history (few are deleted). */
    @Override
    public List<DeletedConversation> listDeleted(TenantId tenant) {
        return DeletedConversation.mostRecentFirst(indexed().listed(tenant, true), id -> history(tenant, id));
    }

    @Override
    public List<ConversationState> listElements(TenantId tenant) {
        return indexed().elements(tenant);
    }

    @Override
    public int count(TenantId tenant) {
        return indexed().count(tenant);
    }

    /** The index of latest states, once the store is open and its tables caught up. */
    private LatestStates indexed() {
        requireOpen();
        tables.await();
        return index;
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
        // The tables may still be opening on another thread: let that finish (or fail) before closing.
        tables.awaitIfStarted();
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
            if (starts != null) {
                starts.close();
            }
        }
    }
}
