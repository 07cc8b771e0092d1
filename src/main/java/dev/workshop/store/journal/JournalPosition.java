package dev.workshop.store.journal;

/** A place in the journal: a segment number and a byte offset in it. Ordered as the journal is written. */
public record JournalPosition(long segment, long offset) implements Comparable<JournalPosition> {
    public static final JournalPosition START = new JournalPosition(1, RecordFormat.SEGMENT_HEADER_BYTES);

    @Override
    public int compareTo(JournalPosition other) {
        int bySegment = Long.compare(segment, other.segment);
        return bySegment != 0 ? bySegment : Long.compare(offset, other.offset);
    }

    public boolean isAfter(JournalPosition other) {
        return compareTo(other) > 0;
    }

    @Override
    public String toString() {
        return segment + ":" + offset;
    }
}
