package dev.workshop.store.journal;

import dev.workshop.store.file.AtomicFile;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;

/**
 * What a clean close leaves beside the segments, so that the next open need not read them all: where the
 * data ends, the last batch number, every segment's size and modification time, and an index saved by the
 * journal's owner (where each conversation's events are). It is used only if every segment is still exactly
 * as listed, and it is deleted, durably, before the journal writes again: a crash after later writes leaves
 * no such file.
 *
 * <p>A checkpoint has the same form and describes a prefix of the journal instead: the owner's index of every
 * record before its end, and the segments before the one its end is in (sealed, so they never change again).
 * The writer leaves one each time it has moved on to a new segment; after a crash the open reads the
 * checkpoint and scans only the records after it, so the time a restart takes no longer grows with the
 * journal.
 */
final class CleanClose {
    static final String FILE = "clean-close.idx";
    static final String CHECKPOINT = "checkpoint.idx";
    private static final long MAGIC = 0x574B_5348_434C_4E31L; // "WKSHCLN1"

    record Segment(long number, long size, long modifiedNanos) {
    }

    record State(long lastBatch, JournalPosition end, List<Segment> segments, byte[] ownerIndex) {
    }

    private CleanClose() {
    }

    static void write(Path directory, long lastBatch, JournalPosition end, byte[] ownerIndex) throws IOException {
        write(directory.resolve(FILE), describe(directory), lastBatch, end, ownerIndex);
    }

    /**
     * Saves a checkpoint: {@code ownerIndex} covers every record before {@code end} and none after it, and
     * {@code lastBatch} is the last batch written before {@code end}.
     */
    static void writeCheckpoint(Path directory, long lastBatch, JournalPosition end, byte[] ownerIndex)
            throws IOException {
        write(directory.resolve(CHECKPOINT), describeBefore(directory, end.segment()), lastBatch, end, ownerIndex);
    }

    private static void write(Path file, List<Segment> segments, long lastBatch, JournalPosition end,
                              byte[] ownerIndex) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(ownerIndex.length + 256);
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeLong(MAGIC);
        out.writeLong(lastBatch);
        out.writeLong(end.segment());
        out.writeLong(end.offset());
        out.writeInt(segments.size());
        for (Segment segment : segments) {
            out.writeLong(segment.number());
            out.writeLong(segment.size());
            out.writeLong(segment.modifiedNanos());
        }
        out.writeInt(ownerIndex.length);
        out.write(ownerIndex);
        CRC32C crc = new CRC32C();
        crc.update(bytes.toByteArray());
        out.writeInt((int) crc.getValue());
        out.flush();
        AtomicFile.write(file, bytes.toByteArray());
    }

    /** The saved state, if there is one, it is intact, and the segments are exactly as it lists them. */
    static Optional<State> readIfCurrent(Path directory) {
        return read(directory, FILE);
    }

    /**
     * The last checkpoint, if there is one, it is intact, the segments before its end are exactly as it lists
     * them, and the segment its end is in still holds at least that much, under a sound header.
     */
    static Optional<State> readCheckpointIfCurrent(Path directory) {
        return read(directory, CHECKPOINT);
    }

    /** A flag rather than a lambda for the check: this is on the way to every restore, in a JVM just started. */
    private static Optional<State> read(Path directory, String name) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(directory.resolve(name));
        } catch (IOException absentOrUnreadable) {
            return Optional.empty();
        }
        try {
            State state = parse(bytes);
            boolean current = state != null && (name.equals(CHECKPOINT) ? isCurrentCheckpoint(directory, state)
                    : unchanged(state.segments(), describe(directory)));
            return current ? Optional.of(state) : Optional.empty();
        } catch (IOException | BufferUnderflowException | IllegalArgumentException | NegativeArraySizeException e) {
            // Scanning the segments is always correct, only slower.
            return Optional.empty();
        }
    }

    private static boolean isCurrentCheckpoint(Path directory, State state) throws IOException {
        if (!unchanged(state.segments(), describeBefore(directory, state.end().segment()))) {
            return false;
        }
        Path endSegment = SegmentFiles.path(directory, state.end().segment());
        return Files.exists(endSegment) && Files.size(endSegment) >= state.end().offset()
                && hasHeader(endSegment, state.end().segment());
    }

    private static State parse(byte[] bytes) {
        if (bytes.length < 4) {
            return null;
        }
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, bytes.length - 4);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        if ((int) crc.getValue() != in.getInt(bytes.length - 4) || in.getLong() != MAGIC) {
            return null;
        }
        long lastBatch = in.getLong();
        JournalPosition end = new JournalPosition(in.getLong(), in.getLong());
        int count = in.getInt();
        List<Segment> segments = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            segments.add(new Segment(in.getLong(), in.getLong(), in.getLong()));
        }
        byte[] ownerIndex = new byte[in.getInt()];
        in.get(ownerIndex);
        return new State(lastBatch, end, segments, ownerIndex);
    }

    /** The open scans the end's segment from the checkpoint on; a segment whose header is bad is scanned whole. */
    private static boolean hasHeader(Path segmentFile, long segment) throws IOException {
        byte[] header;
        try (var in = Files.newInputStream(segmentFile)) {
            header = in.readNBytes(RecordFormat.SEGMENT_HEADER_BYTES);
        }
        ByteBuffer fields = ByteBuffer.wrap(header);
        return header.length == RecordFormat.SEGMENT_HEADER_BYTES && fields.getLong(0) == RecordFormat.SEGMENT_MAGIC
                && fields.getLong(8) == segment;
    }

    /** Compared field by field: a record's generated {@code equals} is slow the first time it runs. */
    private static boolean unchanged(List<Segment> saved, List<Segment> now) {
        if (saved.size() != now.size()) {
            return false;
        }
        for (int i = 0; i < saved.size(); i++) {
            Segment was = saved.get(i);
            Segment is = now.get(i);
            if (was.number() != is.number() || was.size() != is.size() || was.modifiedNanos() != is.modifiedNanos()) {
                return false;
            }
        }
        return true;
    }

    private static List<Segment> describe(Path directory) throws IOException {
        return describeBefore(directory, Long.MAX_VALUE);
    }

    private static List<Segment> describeBefore(Path directory, long segment) throws IOException {
        List<Segment> segments = new ArrayList<>();
        for (long number : SegmentFiles.list(directory)) {
            if (number >= segment) {
                continue;
            }
            BasicFileAttributes attributes = Files.readAttributes(SegmentFiles.path(directory, number),
                    BasicFileAttributes.class);
            segments.add(new Segment(number, attributes.size(), attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS)));
        }
        return segments;
    }

    /** Removes the saved state and makes the removal durable; called before the journal writes again. */
    static void discard(Path directory) throws IOException {
        if (Files.deleteIfExists(directory.resolve(FILE))) {
            SegmentFiles.syncDirectory(directory);
        }
    }
}
