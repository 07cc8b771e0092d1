package dev.workshop.store.journal;

import dev.workshop.store.file.AtomicFile;
import dev.workshop.store.journal.SegmentListing.Segment;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The writer's checkpoints, so that the open after a crash reads only the records after the last one. Each
 * time a batch ends in a new segment the writer saves one; it describes the journal up to that batch's end:
 * the segments before the end's (sealed: they never change again) and the owner's index of their records.
 *
 * <p>The file is a chain of {@link IndexRecord}s, each prefixed with its length. The first of a chain holds
 * the owner's whole index and replaces the file atomically; each later one holds only the index of the
 * records since the one before and is appended and synced. So a checkpoint costs what its segment holds, not
 * what the whole journal does (which made the bytes written for checkpoints grow with the square of the
 * journal). Every run of the writer starts a new chain, so a torn last record (a crash while appending it)
 * is only ever at the end of the file: the chain is read up to it.
 */
final class Checkpoints {
    static final String FILE = "checkpoint.idx";
    private static final long MAGIC = 0x574B_5348_434B_5032L; // "WKSHCKP2"

    /** The usable part of a chain: where its last record ends, and the owner's index parts in order. */
    record Chain(long lastBatch, JournalPosition end, List<byte[]> ownerIndexes) {
    }

    private Checkpoints() {
    }

    /** Starts a new chain with the owner's whole index, of every record before {@code end}. */
    static void startChain(Path directory, long lastBatch, JournalPosition end, byte[] ownerIndex)
            throws IOException {
        IndexRecord first = new IndexRecord(lastBatch, JournalPosition.START, end,
                SegmentListing.describeBefore(directory, end.segment()), ownerIndex);
        AtomicFile.write(directory.resolve(FILE), framed(first));
    }

    /**
     * Adds to the chain whose last record ends at {@code from}: the owner's index of the records in
     * {@code [from, end)}, which lie in the segments from {@code from}'s up to {@code end}'s.
     */
    static void extendChain(Path directory, long lastBatch, JournalPosition from, JournalPosition end,
                            byte[] ownerIndex) throws IOException {
        List<Segment> sealed = new ArrayList<>();
        for (Segment segment : SegmentListing.describeBefore(directory, end.segment())) {
            if (segment.number() >= from.segment()) {
                sealed.add(segment);
            }
        }
        ByteBuffer bytes = ByteBuffer.wrap(framed(new IndexRecord(lastBatch, from, end, sealed, ownerIndex)));
        // No CREATE: a chain whose file has gone cannot be extended; the writer starts a new one.
        try (FileChannel channel = FileChannel.open(directory.resolve(FILE), StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            channel.force(false);
        }
    }

    private static byte[] framed(IndexRecord record) {
        byte[] body = record.encode(MAGIC);
        return ByteBuffer.allocate(Integer.BYTES + body.length).putInt(body.length).put(body).array();
    }

    /**
     * The chain, up to its last record that is intact, follows on from the one before, and finds the segments
     * before its end exactly as the chain lists them; empty if not even the first qualifies, or if the segment
     * the usable part ends in no longer holds that end under a sound header.
     */
    static Optional<Chain> readIfCurrent(Path directory) {
        byte[] bytes = IndexRecord.readFile(directory.resolve(FILE));
        if (bytes == null) {
            return Optional.empty();
        }
        try {
            List<Segment> present = SegmentListing.describe(directory);
            List<Segment> listed = new ArrayList<>();
            List<byte[]> ownerIndexes = new ArrayList<>();
            IndexRecord last = null;
            int offset = 0;
            while (offset + Integer.BYTES <= bytes.length) {
                int length = ByteBuffer.wrap(bytes, offset, Integer.BYTES).getInt();
                IndexRecord next = length < 0 ? null
                        : IndexRecord.decode(bytes, offset + Integer.BYTES, length, MAGIC);
                JournalPosition expectedFrom = last == null ? JournalPosition.START : last.end();
                // compareTo, not equals: a record's generated equals costs a JVM that has just started ~30 ms.
                if (next == null || next.from().compareTo(expectedFrom) != 0 || !next.end().isAfter(expectedFrom)) {
                    break;
                }
                listed.addAll(next.segments());
                if (!SegmentListing.unchanged(listed, SegmentListing.before(present, next.end().segment()))) {
                    break;
                }
                ownerIndexes.add(next.ownerIndex());
                last = next;
                offset += Integer.BYTES + length;
            }
            return last != null && SegmentListing.holds(directory, last.end())
                    ? Optional.of(new Chain(last.lastBatch(), last.end(), ownerIndexes)) : Optional.empty();
        } catch (IOException unreadable) {
            // Scanning the segments is always correct, only slower.
            return Optional.empty();
        }
    }
}
