package dev.workshop.store.jdbc;

import dev.workshop.store.journal.JournalPosition;
import java.util.Arrays;

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
}
