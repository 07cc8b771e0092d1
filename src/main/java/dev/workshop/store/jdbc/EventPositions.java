package dev.workshop.store.jdbc;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.journal.Journal;
import dev.workshop.store.journal.JournalPosition;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Where one conversation's events are in the journal, in seq order (index {@code i} holds event {@code i + 1}),
 * packed ({@link JournalPosition#pack}): eight bytes per event. Filled by the open-time scan and then by
 * the journal's writer as appends become durable; read by histories. A gap (a damaged record the scan
 * skipped) marks the list incomplete: that conversation's history is then read from the tables instead.
 */
final class EventPositions {
    private long[] starts;
    private int size;
    private boolean incomplete;

    EventPositions() {
        starts = new long[8];
    }

    /**
     * Notes where the events of a record found by a scan are (only its envelope is read).
     *
     * @return whether it held an event not noted before
     */
    static boolean index(Map<ConversationKey, EventPositions> positions, Journal.Entry entry,
                         Consumer<String> warnings) {
        JournalRecords.Envelope envelope;
        ConversationKey key;
        try {
            envelope = JournalRecords.envelope(entry.payload());
            key = new ConversationKey(new TenantId(envelope.tenant()), new ConversationId(envelope.conversation()));
        } catch (RuntimeException e) {
            warnings.accept("A journal record at " + entry.start() + " cannot be read and was skipped: "
                    + e.getMessage());
            return false;
        }
        EventPositions known = positions.computeIfAbsent(key, k -> new EventPositions());
        boolean added = false;
        for (int i = 0; i < envelope.count(); i++) {
            added |= known.add(envelope.seq() + i, entry.start());
        }
        return added;
    }

    /** Positions saved earlier ({@link #snapshot}), in seq order. */
    EventPositions(long[] saved, boolean incomplete) {
        starts = saved.length == 0 ? new long[8] : saved;
        size = saved.length;
        this.incomplete = incomplete;
    }

    /**
     * Adds event {@code seq} at {@code start}.
     *
     * @return false if the event was there already (a record written twice is read once)
     */
    synchronized boolean add(long seq, JournalPosition start) {
        if (seq <= size) {
            return false;
        }
        if (seq > size + 1) {
            incomplete = true;
        }
        if (size == starts.length) {
            starts = Arrays.copyOf(starts, size * 2);
        }
        starts[size++] = start.pack();
        return true;
    }

    synchronized int size() {
        return size;
    }

    /** The journal lacks some of this conversation's events (the tables have them): read it from the tables. */
    synchronized void markIncomplete() {
        incomplete = true;
    }

    synchronized boolean incomplete() {
        return incomplete;
    }

    synchronized long[] snapshot() {
        return Arrays.copyOf(starts, size);
    }

    /** The positions at or after {@code packedFrom}: the events since then, the first of them event {@code firstSeq}. */
    record Since(long firstSeq, long[] starts, boolean incomplete) {
    }

    /** A conversation's events are written in seq order, so those since a position are the last ones. */
    synchronized Since since(long packedFrom) {
        int first = size;
        while (first > 0 && starts[first - 1] >= packedFrom) {
            first--;
        }
        return new Since(first + 1, Arrays.copyOfRange(starts, first, size), incomplete);
    }

    /** Where the conversation's records start, in order, each once (the events of one append share their record). */
    long[] recordStarts() {
        long[] starts = snapshot();
        int count = 0;
        for (int i = 0; i < starts.length; i++) {
            if (i == 0 || starts[i] != starts[i - 1]) {
                starts[count++] = starts[i];
            }
        }
        return Arrays.copyOf(starts, count);
    }
}
