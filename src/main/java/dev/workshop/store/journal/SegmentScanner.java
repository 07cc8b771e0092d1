package dev.workshop.store.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the records of one segment, telling three cases apart: the end of the data (zeros), a torn last
 * write (a bad record in the last segment followed by nothing from a later batch: it was never
 * acknowledged, so it is dropped), and damage in the middle (a bad record with acknowledged records after
 * it: skipped and reported, the records after it kept).
 */
final class SegmentScanner {

    record ScannedRecord(long offset, long end, long batch, byte[] payload) {
    }

    /**
     * @param dataEnd  where the next record goes; {@code damage} describes skipped byte ranges
     * @param unsound  the segment failed verification as a whole (its header is not a journal segment's, or it
     *                 is shorter than one): what its records prove is kept, but nothing may be written into it
     */
    record Result(long dataEnd, long lastBatch, boolean tornTail, List<String> damage, boolean unsound) {
        Result(long dataEnd, long lastBatch, boolean tornTail, List<String> damage) {
            this(dataEnd, lastBatch, tornTail, damage, false);
        }
    }

    interface Visitor {
        void visit(ScannedRecord record);
    }

    private static final ByteBuffer ZEROS = ByteBuffer.allocateDirect(1 << 20).asReadOnlyBuffer();
    private final MappedByteBuffer bytes;
    private final long size;

    private SegmentScanner(MappedByteBuffer bytes, long size) {
        this.bytes = bytes;
        this.size = size;
    }

    static Result scan(Path file, long expectedSegment, boolean lastSegment, long visitFrom, Visitor visitor)
            throws IOException {
        return scan(file, expectedSegment, lastSegment, 0, -1, visitFrom, visitor);
    }

    /**
     * As {@link #scan(Path, long, boolean, long, Visitor)}, from {@code startAt} on: a record boundary up to
     * which the segment is known to be intact, the last batch before it being {@code batchBefore} (a
     * checkpoint's end, whose records are not read again).
     */
    static Result scan(Path file, long expectedSegment, boolean lastSegment, long startAt, long batchBefore,
                       long visitFrom, Visitor visitor) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size < RecordFormat.SEGMENT_HEADER_BYTES) {
                return new Result(RecordFormat.SEGMENT_HEADER_BYTES, -1, false,
                        List.of(file.getFileName() + " is only " + size + " bytes long, shorter than its header"), true);
            }
            if (size > Integer.MAX_VALUE) {
                throw new IOException("Journal segment " + file + " is larger than 2 GiB; it was not written by Workshop");
            }
            MappedByteBuffer mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, size);
            mapped.order(ByteOrder.BIG_ENDIAN);
            return new SegmentScanner(mapped, size).run(file, expectedSegment, lastSegment, startAt, batchBefore,
                    visitFrom, visitor);
        }
    }

    private Result run(Path file, long expectedSegment, boolean lastSegment, long startAt, long batchBefore,
                       long visitFrom, Visitor visitor) {
        long magic = bytes.getLong(0);
        long segment = bytes.getLong(8);
        List<String> damage = new ArrayList<>();
        boolean unsound = magic != RecordFormat.SEGMENT_MAGIC || segment != expectedSegment;
        if (unsound) {
            // Each record proves itself (magic, length, checksum): a damaged header costs none of them.
            damage.add("the header of " + file.getFileName() + " is not a Workshop journal segment " + expectedSegment
                    + " (found '" + RecordFormat.describeSegmentMagic(magic) + "', segment " + segment + ")");
        }
        long offset = Math.max(RecordFormat.SEGMENT_HEADER_BYTES, startAt);
        long lastBatch = batchBefore;
        while (offset < size) {
            ScannedRecord record = readAt(offset);
            if (record != null) {
                if (offset >= visitFrom) {
                    visitor.visit(record);
                }
                lastBatch = record.batch();
                offset = record.end();
                continue;
            }
            if (isZeroFrom(offset)) {
                // The usual end of the data: the rest of a preallocated segment, untouched.
                return new Result(offset, lastBatch, false, damage, unsound);
            }
            List<ScannedRecord> later = validRecordsAfter(offset);
            if (later.isEmpty()) {
                if (!lastSegment) {
                    // Only the segment being written can end in a torn write: a sealed one was whole when sealed.
                    damage.add("bytes " + offset + " to " + size + " of " + file.getFileName() + " are damaged");
                    return new Result(offset, lastBatch, false, damage, unsound);
                }
                return new Result(offset, lastBatch, true, damage, unsound);
            }
            if (lastSegment && belongToOneTornBatch(later, lastBatch)) {
                return new Result(offset, lastBatch, true, damage, unsound);
            }
            ScannedRecord resumeAt = later.getFirst();
            damage.add("bytes " + offset + " to " + resumeAt.offset() + " of " + file.getFileName()
                    + " are damaged and were skipped");
            offset = resumeAt.offset();
        }
        return new Result(offset, lastBatch, false, damage, unsound);
    }

    /** A torn write can only hit the batch being written when the process died: one batch after the last good one. */
    private static boolean belongToOneTornBatch(List<ScannedRecord> later, long lastGoodBatch) {
        long first = later.getFirst().batch();
        long allowed = lastGoodBatch >= 0 ? lastGoodBatch + 1 : first;
        return later.stream().allMatch(record -> record.batch() <= allowed && record.batch() >= first);
    }

    private ScannedRecord readAt(long offset) {
        RecordFormat.Intact record = RecordFormat.recordAt(bytes, offset, size);
        return record == null ? null : new ScannedRecord(offset, record.end(), record.batch(), record.payload());
    }

    /** Every valid record after a bad spot, found by trying each aligned offset. */
    private List<ScannedRecord> validRecordsAfter(long badOffset) {
        List<ScannedRecord> found = new ArrayList<>();
        long offset = badOffset + RecordFormat.ALIGNMENT;
        while (offset + RecordFormat.RECORD_HEADER_BYTES <= size) {
            if (bytes.getInt((int) offset) == RecordFormat.RECORD_MAGIC) {
                ScannedRecord record = readAt(offset);
                if (record != null) {
                    found.add(record);
                    offset = record.end();
                    continue;
                }
            }
            offset += RecordFormat.ALIGNMENT;
        }
        return found;
    }

    /** Compares with zeros a megabyte at a time (a vectorised compare): most of a segment is still zeros. */
    private boolean isZeroFrom(long offset) {
        for (long at = offset; at < size; at += ZEROS.capacity()) {
            int length = (int) Math.min(ZEROS.capacity(), size - at);
            if (bytes.slice((int) at, length).mismatch(ZEROS.slice(0, length)) != -1) {
                return false;
            }
        }
        return true;
    }
}
