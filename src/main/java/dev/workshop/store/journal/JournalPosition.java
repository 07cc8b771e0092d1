package dev.workshop.store.journal;

/** A place in the journal: a segment number and a byte offset in it. Ordered as the journal is written. */
public record JournalPosition(long segment, long offset) implements Comparable<JournalPosition> {
    public static final JournalPosition START = new JournalPosition(1, RecordFormat.SEGMENT_HEADER_BYTES);

    @Override
    public int compareTo(JournalPosition other) {
        int bySegment = Long.compare(segment, other.segment);
        return bySegment != 0 ? bySegment : Long.compare(offset, other.offset);
    }

    /** Eight bytes, {@code segment << 32 | offset}, ordered as the positions are: for compact lists of positions. */
    public long pack() {
        if (segment >= Integer.MAX_VALUE || offset >= Integer.MAX_VALUE) {
            throw new IllegalArgumentException("Journal position " + this + " is out of range");
        }
        return segment << 32 | offset;
    }

    public static JournalPosition unpack(long packed) {
        return new JournalPosition(packed >>> 32, packed & 0xFFFF_FFFFL);
    }

    public boolean isAfter(JournalPosition other) {
        return compareTo(other) > 0;
    }

    @Override
    public String toString() {
        return segment + ":" + offset;
    }
}
