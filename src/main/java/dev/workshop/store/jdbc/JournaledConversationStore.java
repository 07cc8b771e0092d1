package dev.workshop.store.jdbc;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationRules;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.ConcurrentAppendException;
import dev.workshop.store.ConversationStore;
import dev.workshop.store.DataDirectory;
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
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import org.h2.jdbcx.JdbcConnectionPool;

/**
 * The desktop store: an fsync'd journal makes each append durable before it returns, and H2 holds the
 * same events as queryable tables a moment later (see docs/decisions/0001-durable-commit.md). The
 * journal keeps the full history, so an unreadable H2 file is rebuilt from it. Each conversation's
 * current state lives in memory, so checking an append (version, turn index, size) costs no query.
 */
public final class JournaledConversationStore implements ConversationStore {
    private static final int REPLAY_CHUNK = 4096;

    private record Key(TenantId tenant, ConversationId conversation) {
    }

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

    private final Map<Key, Entry> index = new ConcurrentHashMap<>();
    private final List<String> warnings = new CopyOnWriteArrayList<>();
    private final EventCodec codec = new EventCodec();
    private final ConversationTables tables = new ConversationTables(codec);
    private final DataDirectory directory;
    private final Clock clock;
    private JdbcConnectionPool pool;
    private Journal journal;
    private Projector projector;
    private volatile boolean closed;

    private JournaledConversationStore(DataDirectory directory, Clock clock) {
        this.directory = directory;
        this.clock = clock;
    }

    public static JournaledConversationStore open(DataDirectory directory) {
        return open(directory, Journal.DEFAULT_SEGMENT_BYTES, Clock.systemUTC());
    }

    public static JournaledConversationStore open(DataDirectory directory, long segmentBytes, Clock clock) {
        JournaledConversationStore store = new JournaledConversationStore(directory, clock);
        try {
            store.load(segmentBytes);
            return store;
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    private void load(long segmentBytes) {
        var opened = H2Database.open(directory, warnings::add, connections -> {
            try (Connection connection = connections.getConnection()) {
                return new Loaded(tables.allConversations(connection), tables.checkpoint(connection));
            }
        });
        pool = opened.pool();
        opened.loaded().rows().forEach(row -> index.put(new Key(row.tenant(), row.state().id()),
                new Entry(row.tenant(), row.state())));
        JournalPosition checkpoint = opened.loaded().checkpoint().orElse(JournalPosition.START);
        projector = new Projector(pool, tables, checkpoint);
        Replay replay = new Replay();
        try {
            journal = Journal.open(directory.journalDirectory(), segmentBytes, checkpoint, replay::accept,
                    warnings::add);
        } catch (IOException e) {
            throw new StoreException("Cannot open the journal in " + directory.journalDirectory() + ": "
                    + e.getMessage(), e);
        }
        replay.flush();
        // Everything up to the journal's end is now in the tables, including stretches with nothing to apply
        // (a fresh segment after a roll-over, a cleared torn write, records the tables already had).
        projector.caughtUpTo(journal.durableEnd());
        projector.start();
        journal.start(projector);
    }

    private record Loaded(List<ConversationTables.Row> rows, Optional<JournalPosition> checkpoint) {
    }

    /** Folds the journal's records that the tables do not have yet, and writes them in chunks. */
    private final class Replay {
        private final List<Projector.Change> pending = new ArrayList<>();
        private JournalPosition end;

        void accept(Journal.Entry entry) {
            RecordedEvent recorded;
            try {
                recorded = codec.fromJournalRecord(entry.payload());
            } catch (RuntimeException e) {
                warnings.add("A journal record at " + entry.end() + " cannot be read and was skipped: " + e.getMessage());
                return;
            }
            Key key = new Key(recorded.tenantId(), recorded.conversationId());
            Entry current = index.computeIfAbsent(key, k -> new Entry(k.tenant(),
                    ConversationState.notStarted(k.conversation())));
            long version = current.state.version();
            if (recorded.seq() == version + 1) {
                current.state = current.state.evolve(recorded);
                pending.add(new Projector.Change(recorded.tenantId(), List.of(recorded),
                        List.of(codec.body(recorded.event())), current.state));
            } else if (recorded.seq() > version + 1) {
                warnings.add("Conversation " + recorded.conversationId() + " misses events " + (version + 1) + " to "
                        + (recorded.seq() - 1) + " in the journal; event " + recorded.seq() + " was skipped");
            }
            end = entry.end();
            if (pending.size() >= REPLAY_CHUNK) {
                flush();
            }
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
                                      List<ConversationEvent> events) {
        requireOpen();
        if (events.isEmpty()) {
            return List.of();
        }
        Entry entry = index.computeIfAbsent(new Key(tenant, conversation),
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
            List<String> bodies = new ArrayList<>(events.size());
            List<byte[]> records = new ArrayList<>(events.size());
            for (ConversationEvent event : events) {
                ConversationRules.check(state, event);
                RecordedEvent next = new RecordedEvent(tenant, conversation, state.version() + 1, now, event);
                state = state.evolve(next);
                String body = codec.body(event);
                recorded.add(next);
                bodies.add(body);
                records.add(codec.journalRecord(next, body));
            }
            journal.append(records, new Projector.Change(tenant, List.copyOf(recorded), List.copyOf(bodies), state));
            entry.state = state;
            return List.copyOf(recorded);
        } catch (IOException e) {
            throw new StoreException("Cannot save to the journal in " + directory.journalDirectory() + ": "
                    + e.getMessage() + ". Nothing after the last saved event was kept; restart Workshop once the "
                    + "disk is writable.", e);
        } finally {
            entry.lock.unlock();
        }
    }

    @Override
    public List<RecordedEvent> history(TenantId tenant, ConversationId conversation) {
        requireOpen();
        Entry entry = index.get(new Key(tenant, conversation));
        if (entry == null || !entry.state.isStarted()) {
            return List.of();
        }
        projector.awaitApplied(journal.durableEnd());
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
        return Optional.ofNullable(index.get(new Key(tenant, conversation)))
                .map(entry -> entry.state)
                .filter(ConversationState::isStarted);
    }

    @Override
    public List<ConversationState> list(TenantId tenant) {
        requireOpen();
        return index.values().stream()
                .filter(entry -> entry.tenant.equals(tenant))
                .map(entry -> entry.state)
                .filter(ConversationState::isStarted)
                .sorted(Comparator.comparing(ConversationState::updatedAt).reversed()
                        .thenComparing(state -> state.id().value()))
                .toList();
    }

    @Override
    public int count(TenantId tenant) {
        requireOpen();
        return (int) index.values().stream()
                .filter(entry -> entry.tenant.equals(tenant) && entry.state.isStarted())
                .count();
    }

    @Override
    public List<String> openingWarnings() {
        return List.copyOf(warnings);
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
        try {
            if (journal != null) {
                journal.close();
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
