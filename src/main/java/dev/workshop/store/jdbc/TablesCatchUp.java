package dev.workshop.store.jdbc;

import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.MessageCopies;
import dev.workshop.store.StoreException;
import dev.workshop.store.journal.Journal;
import dev.workshop.store.journal.JournalPosition;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.h2.jdbcx.JdbcConnectionPool;

/**
 * Opens H2 and brings its tables up to the journal's end: it loads the conversations' latest states from them,
 * replays the journal's records they lack, and, when they lost rows they had synced (or cannot be read), rebuilds
 * them from the whole journal. What the journal lacks and the tables have is noticed too.
 */
final class TablesCatchUp {
    /** The tables, open and caught up, and the projector that keeps them so (not started yet). */
    record CaughtUp(JdbcConnectionPool pool, Projector projector) {
    }

    /** The listing rows and the number of events the tables hold. */
    private record Loaded(List<ConversationTables.Row> rows, long events) {
    }

    private final DataDirectory directory;
    private final Journal<?> journal;
    private final ConversationTables tables;
    private final JournalRecords records;
    private final LatestStates index;
    private final Map<ConversationKey, EventPositions> positions;
    private final MessageCopies copies;
    private final StartCopies starts;
    private final List<String> warnings;
    /**
     * The starts of the records from {@link #journalOrderFrom} on, in journal order; null when the open did not
     * visit them all (it used a saved index or a checkpoint).
     */
    private JournalOrder journalOrder;
    private JournalPosition journalOrderFrom = JournalPosition.START;
    private ReplayLosses losses = new ReplayLosses();
    /** The tables are being rebuilt from the whole journal: a gap in it is the journal's own loss. */
    private boolean rebuilding;
    private JdbcConnectionPool pool;
    private Projector projector;

    TablesCatchUp(DataDirectory directory, Journal<?> journal, ConversationTables tables, JournalRecords records,
                  LatestStates index, Map<ConversationKey, EventPositions> positions,
                  MessageCopies copies, StartCopies starts, List<String> warnings) {
        this.directory = directory;
        this.journal = journal;
        this.tables = tables;
        this.records = records;
        this.index = index;
        this.positions = positions;
        this.copies = copies;
        this.starts = starts;
        this.warnings = warnings;
    }

    /** {@code journalOrder}: where every record is, when the journal's open visited them all; else null. */
    CaughtUp run(JournalOrder knownOrder) {
        journalOrder = knownOrder;
        try {
            var opened = H2Database.open(directory, warnings::add, this::loadConsistentRows);
            try {
                catchUp(opened.pool(), opened.loaded(), replayStart(opened.loaded()));
            } catch (JournalReplay.JournalGapException gap) {
                // H2 lost rows it had synced before: rebuild it from the whole journal, which has everything it
                // still holds (a gap there now can only be the journal's own damage: it is filled, not fatal).
                projector = null;
                pool = null;
                opened.pool().dispose();
                index.clear();
                losses = new ReplayLosses();
                rebuilding = true;
                var rebuilt = H2Database.discardAndReopen(directory, gap.getMessage(), warnings::add,
                        this::loadConsistentRows);
                catchUp(rebuilt.pool(), rebuilt.loaded(), JournalPosition.START);
            }
        } catch (RuntimeException e) {
            if (projector != null) {
                projector.close();
            }
            if (pool != null) {
                pool.dispose();
            }
            throw e;
        }
        warnings.addAll(losses.warnings(this::nameOf));
        noticeWhatTheJournalLacks();
        return new CaughtUp(pool, projector);
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
            throw new JournalReplay.JournalGapException("it holds " + loaded.events() + " events but held "
                    + synced.get().events() + " when it last synced");
        }
        return synced.get().position();
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

    private void catchUp(JdbcConnectionPool connections, Loaded loaded, JournalPosition from) {
        pool = connections;
        loaded.rows().forEach(row -> index.put(new ConversationKey(row.tenant(), row.state().id()),
                new LatestState(row.tenant(), row.state())));
        projector = new Projector(pool, tables, directory.journalDirectory(), from, loaded.events());
        if (journal.durableEnd().isAfter(from)) {
            replayFrom(from);
        }
        restoreStartsOnlyTheirCopiesHold();
        // Everything up to the journal's end is now in the tables, including stretches with nothing to apply
        // (a fresh segment after a roll-over, a cleared torn write, records the tables already had).
        projector.caughtUpTo(journal.durableEnd());
    }

    private void replayFrom(JournalPosition from) {
        if (journalOrder == null || journalOrderFrom.isAfter(from)) {
            journalOrder = scanJournalOrder(from);
            journalOrderFrom = from;
        }
        JournalReplay replay = new JournalReplay(records, index, positions, projector,
                rebuilding || journal.foundDamage(), copies, starts, losses, warnings::add);
        try {
            for (long[] chunk : journalOrder.chunksFrom(from, JournalReplay.CHUNK)) {
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
     * Conversations that neither the tables nor the journal know, yet whose start copy is there, after damage in
     * the journal: the record that began them, with nothing of theirs after it, was lost, and they are begun again
     * from the copy. Looked for only after damage: an open of a sound journal reads no copy (a copy of a start that
     * never reached the journal, the process stopped between the two writes, is then restored with a word).
     */
    private void restoreStartsOnlyTheirCopiesHold() {
        if (!rebuilding && !journal.foundDamage()) {
            return;
        }
        java.util.Collection<StartCopies.Copy> all;
        try {
            all = starts.all().values();
        } catch (IOException unreadable) {
            warnings.add("The conversations' start copies in " + starts.folder()
                    + " cannot be listed (" + unreadable.getMessage() + "); the journal's records are used alone");
            return;
        }
        List<Projector.Change> restored = new java.util.ArrayList<>();
        for (StartCopies.Copy copy : all) {
            ConversationKey key = new ConversationKey(copy.tenant(), copy.conversation());
            if (index.holdsAny(key)) {
                continue;
            }
            LatestState entry = index.computeIfAbsent(key);
            for (var event : copy.events()) {
                entry.state = entry.state.evolve(event);
            }
            restored.add(new Projector.Change(copy.tenant(), copy.events(), entry.state));
            positions.computeIfAbsent(key, k -> new EventPositions()).markIncomplete();
            losses.startRestored(key);
        }
        if (!restored.isEmpty()) {
            projector.applyNow(restored, journal.durableEnd());
        }
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

    /** A conversation as the list names it: its title in quotes, or its id while it has none. */
    private String nameOf(ConversationKey key) {
        return index.started(key).map(ConversationState::title).filter(title -> !title.isBlank())
                .map(title -> "\u201c" + title + "\u201d").orElse("conversation " + key.conversation());
    }

    /**
     * A conversation whose tables hold more events than the journal does (damage at the journal's very end looks
     * like an unfinished write and is cleared): its history is read from the tables, and the user is told, with
     * what the tables say was lost (the steps the recovery could fill from no copy), never "nothing is missing"
     * unchecked.
     */
    private void noticeWhatTheJournalLacks() {
        index.forEach((key, entry) -> {
            EventPositions known = positions.computeIfAbsent(key, k -> new EventPositions());
            ConversationState state = entry.state;
            if (known.size() < state.version()) {
                known.markIncomplete();
                long lost = lostSteps(key);
                warnings.add("The journal lacks part of " + nameOf(key) + " (" + (state.version() - known.size())
                        + " of its " + state.version() + " steps) that the database holds: its history is read from"
                        + " the database, " + (lost == 0 ? "and nothing is missing."
                        : lost < 0 ? "which could not be checked for lost steps."
                        : "which marks where " + lost + (lost == 1 ? " step was" : " steps were") + " lost."));
            }
        });
    }

    /** The steps of a conversation the tables mark lost; -1 when they cannot be asked. */
    private long lostSteps(ConversationKey key) {
        try (Connection connection = pool.getConnection()) {
            return tables.lostSteps(connection, key.tenant(), key.conversation());
        } catch (SQLException unanswered) {
            return -1;
        }
    }
}
