package dev.workshop.store.journal;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * Reads records back from the segments, for histories served from the journal. Records that lie close
 * together are read with one call into one array, then parsed from there; each segment is opened for the
 * duration of one request. Plain file reads, not a memory mapping: mapping a file goes through reflection
 * that costs a JVM that has just started some 30 ms, more than reading a long history itself.
 */
final class SegmentReaders {
    /** Records at most this far apart are read together (the bytes between are skipped). */
    private static final int MAX_GAP = 64 * 1024;
    /**
     * A run of records read at once stays under this size (unless one record is larger), and its array is
     * reused for the next run: a history of megabytes is read through one modest buffer, not one huge array.
     */
    private static final int MAX_RUN = 256 * 1024;

    private final Path directory;

    SegmentReaders(Path directory) {
        this.directory = directory;
    }

    void readRecords(long[] starts, Journal.RecordVisitor visitor) throws IOException {
        CRC32C crc = new CRC32C();
        byte[][] buffer = {new byte[0]};
        int first = 0;
        while (first < starts.length) {
            long segmentNumber = starts[first] >>> 32;
            int end = first;
            while (end < starts.length && starts[end] >>> 32 == segmentNumber) {
                end++;
            }
            try (RandomAccessFile segment = new RandomAccessFile(SegmentFiles.path(directory, segmentNumber).toFile(),
                    "r")) {
                readRuns(segment, starts, first, end, crc, buffer, visitor);
            }
            first = end;
        }
    }

    /** Reads the records {@code starts[from..to)}, all in one segment, a run of neighbours at a time. */
    private void readRuns(RandomAccessFile segment, long[] starts, int from, int to, CRC32C crc, byte[][] buffer,
                          Journal.RecordVisitor visitor) throws IOException {
        long size = segment.length();
        int first = from;
        while (first < to) {
            int runStart = offset(starts[first]);
            int last = first;
            while (last + 1 < to && offset(starts[last + 1]) - offset(starts[last]) <= MAX_GAP
                    && offset(starts[last + 1]) - runStart <= MAX_RUN) {
                last++;
            }
            JournalPosition lastStart = JournalPosition.unpack(starts[last]);
            int lastOffset = offset(starts[last]);
            if (lastOffset + RecordFormat.RECORD_HEADER_BYTES > size) {
                throw notIntact(lastStart);
            }
            byte[] header = new byte[RecordFormat.RECORD_HEADER_BYTES];
            segment.seek(lastOffset);
            segment.readFully(header);
            int lastLength = intAt(header, 4);
            if (lastLength < 0 || (long) lastOffset + RecordFormat.alignedSize(lastLength) > size) {
                throw notIntact(lastStart);
            }
            int runLength = lastOffset + RecordFormat.alignedSize(lastLength) - runStart;
            if (buffer[0].length < runLength) {
                buffer[0] = new byte[Math.max(runLength, Math.min(MAX_RUN + MAX_GAP, 2 * buffer[0].length + 4096))];
            }
            byte[] run = buffer[0];
            segment.seek(runStart);
            segment.readFully(run, 0, runLength);
            for (int i = first; i <= last; i++) {
                visitRecord(run, runLength, offset(starts[i]) - runStart, starts[i], crc, visitor);
            }
            first = last + 1;
        }
    }
    private void visitRecord(byte[] run, int runLength, int at, long start, CRC32C crc, Journal.RecordVisitor visitor)
            throws IOException {
        if (at + RecordFormat.RECORD_HEADER_BYTES > runLength || intAt(run, at) != RecordFormat.RECORD_MAGIC) {
            throw notIntact(JournalPosition.unpack(start));
        }
        int length = intAt(run, at + 4);
        if (length < 0 || length > runLength - at - RecordFormat.RECORD_HEADER_BYTES) {
            throw notIntact(JournalPosition.unpack(start));
        }
        crc.reset();
        crc.update(run, at + 4, 12);
        crc.update(run, at + RecordFormat.RECORD_HEADER_BYTES, length);
        if ((int) crc.getValue() != intAt(run, at + 16)) {
            throw notIntact(JournalPosition.unpack(start));
        }
        visitor.visit(start, run, at + RecordFormat.RECORD_HEADER_BYTES, length);
    }

    private static int offset(long packed) {
        return (int) (packed & 0xFFFF_FFFFL);
    }

    private static int intAt(byte[] bytes, int at) {
        return (bytes[at] & 0xff) << 24 | (bytes[at + 1] & 0xff) << 16 | (bytes[at + 2] & 0xff) << 8
                | (bytes[at + 3] & 0xff);
    }

    private IOException notIntact(JournalPosition start) {
        return new IOException("No intact record starts at " + start + " of the journal in " + directory
                + ": the segment " + SegmentFiles.path(directory, start.segment()).getFileName()
                + " is damaged");
    }

}
