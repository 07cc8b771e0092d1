package dev.workshop.store.journal;

import dev.workshop.store.file.AtomicFile;
import dev.workshop.store.file.DiskSpace;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Naming, creating and listing segment files. A segment is preallocated with zeros and synced before use,
 * so an append only overwrites blocks that exist: {@code fdatasync} then has no file size to update and
 * costs about half of a growing append on the disks measured here.
 */
final class SegmentFiles {
    private static final String SUFFIX = ".wal";
    private static final int DIGITS = 20;

    private SegmentFiles() {
    }

    /** The segment's file: its number in twenty digits (padded by hand: {@code String.format} is slow to start). */
    static Path path(Path directory, long segment) {
        String digits = Long.toString(segment);
        return directory.resolve("0".repeat(Math.max(0, DIGITS - digits.length())) + digits + SUFFIX);
    }

    static List<Long> list(Path directory) throws IOException {
        // java.io's plain listing: the first NIO directory stream of a JVM costs a restore a millisecond or two.
        String[] names = directory.toFile().list();
        if (names == null) {
            throw new IOException("Cannot list the journal folder " + directory);
        }
        List<Long> segments = new ArrayList<>();
        for (String name : names) {
            if (isSegmentName(name)) {
                segments.add(Long.parseLong(name, 0, DIGITS, 10));
            }
        }
        segments.sort(null);
        return segments;
    }

    /** Twenty digits and {@code .wal}; checked by hand, as a first regular expression costs a new JVM a few ms. */
    private static boolean isSegmentName(String name) {
        if (name.length() != DIGITS + SUFFIX.length() || !name.endsWith(SUFFIX)) {
            return false;
        }
        for (int i = 0; i < DIGITS; i++) {
            if (name.charAt(i) < '0' || name.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** Creates a zero-filled segment and syncs it; it becomes part of the journal at once. */
    static void create(Path directory, long segment, long size) throws IOException {
        prepare(directory, segment, size);
        activate(directory, segment, size);
    }

    /**
     * Writes a zero-filled segment under a name the journal does not read yet ({@code .ready}), so a crash
     * while it waits never makes an empty segment look like the last one.
     */
    static void prepare(Path directory, long segment, long size) throws IOException {
        Path ready = readyPath(directory, segment);
        Path temporary = directory.resolve(ready.getFileName() + ".new");
        try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            ByteBuffer header = ByteBuffer.allocate(RecordFormat.SEGMENT_HEADER_BYTES);
            RecordFormat.writeSegmentHeader(header, segment);
            header.flip();
            writeFully(channel, header, 0);
            fillWithZeros(channel, RecordFormat.SEGMENT_HEADER_BYTES, size);
            channel.force(true);
        } catch (IOException e) {
            // A half-written segment holds no record.
            throw withSpaceNeeded(directory, size, AtomicFile.discardAfter(e, temporary));
        }
        Files.move(temporary, ready, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** {@code failure}, saying how much room a segment takes when the disk has less free than that. */
    private static IOException withSpaceNeeded(Path directory, long size, IOException failure) {
        return DiskSpace.freeIfBelow(directory, size)
                .map(free -> new IOException(failure.getMessage() + " (a journal file takes " + DiskSpace.megabytes(size)
                        + " and the disk has " + DiskSpace.megabytes(free) + " free: free some space and try again;"
                        + " what is stored already is kept)", failure))
                .orElse(failure);
    }

    /** Renames a prepared segment into the journal (preparing it first if needed) and syncs the directory. */
    static void activate(Path directory, long segment, long size) throws IOException {
        Path ready = readyPath(directory, segment);
        if (!Files.exists(ready)) {
            prepare(directory, segment, size);
        }
        Files.move(ready, path(directory, segment), StandardCopyOption.ATOMIC_MOVE);
        syncDirectory(directory);
    }

    private static Path readyPath(Path directory, long segment) {
        return directory.resolve(path(directory, segment).getFileName() + ".ready");
    }

    /**
     * Whether a segment was cut short after it was written: shorter than the length it was made at, with data
     * running to its very end. A segment is preallocated with zeros, so one that is whole ends in zeros (or is
     * full); one made shorter by an older setting is whole pages of them too.
     */
    static Optional<String> cutShort(Path file, long segmentBytes) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size >= segmentBytes || size < RecordFormat.SEGMENT_HEADER_BYTES) {
                return Optional.empty();
            }
            ByteBuffer tail = ByteBuffer.allocate((int) Math.min(16, size - RecordFormat.SEGMENT_HEADER_BYTES));
            channel.read(tail, size - tail.capacity());
            boolean dataAtTheEnd = false;
            for (int i = 0; i < tail.position(); i++) {
                dataAtTheEnd |= tail.get(i) != 0;
            }
            return size % 4096 != 0 || dataAtTheEnd
                    ? Optional.of(file.getFileName() + " is " + size + " bytes long, cut short of the " + segmentBytes
                            + " it was written at")
                    : Optional.empty();
        }
    }

    /** Makes a segment at least {@code size} long again after it was found truncated. */
    static void extend(Path file, long size) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            long current = channel.size();
            if (current < size) {
                fillWithZeros(channel, current, size);
                channel.force(true);
            }
        }
    }

    /** Overwrites a torn tail with zeros so that later scans stop where the good data stops. */
    static void zeroFrom(Path file, long offset) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            fillWithZeros(channel, offset, channel.size());
            channel.force(true);
        }
    }

    static void syncDirectory(Path directory) throws IOException {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException notSupported) {
            // Some file systems refuse to open a directory for sync; the rename itself is still atomic there.
        }
    }

    static void writeFully(FileChannel channel, ByteBuffer buffer, long position) throws IOException {
        long at = position;
        while (buffer.hasRemaining()) {
            at += channel.write(buffer, at);
        }
    }

    static void fillWithZeros(FileChannel channel, long from, long to) throws IOException {
        ByteBuffer zeros = ByteBuffer.allocateDirect(1 << 20);
        long at = from;
        while (at < to) {
            zeros.clear().limit((int) Math.min(zeros.capacity(), to - at));
            at += channel.write(zeros, at);
        }
    }
}
