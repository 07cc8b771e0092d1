package dev.workshop.store.jdbc;

import dev.workshop.store.journal.JournalPosition;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;

/**
 * The start of every record found by the open-time scan, in journal order: what the tables are caught up
 * from once H2 has opened (records are read again then, by position, rather than kept in memory).
 */
final class JournalOrder {
    private long[] starts = new long[1024];
    private int size;

    void add(JournalPosition start) {
        if (size == starts.length) {
            starts = Arrays.copyOf(starts, size * 2);
        }
        starts[size++] = start.pack();
    }

    /** The records that start at or after {@code from}, in order, as packed positions in chunks of {@code chunk}. */
    List<long[]> chunksFrom(JournalPosition from, int chunk) {
        long first = from.pack();
        int at = 0;
        while (at < size && starts[at] < first) {
            at++;
        }
        List<long[]> chunks = new ArrayList<>();
        for (; at < size; at += chunk) {
            chunks.add(Arrays.copyOfRange(starts, at, Math.min(size, at + chunk)));
        }
        return chunks;
    }
}
