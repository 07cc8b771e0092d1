package dev.workshop.store.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Rewrites a journal folder's segments (and the damaged copies kept aside beside them) without some records, for
 * an erase (docs/decisions/0031). Run only while no journal is open on the folder. Each file that changes is
 * written whole under another name, synced, renamed over the old one and the folder synced: a crash leaves every
 * file either as it was or rewritten, so running it again finishes the work and running it twice changes nothing.
 *
 * <p>Records keep their segment and batch numbers, so recovery reads the result as it read the original; their
 * offsets change, so the indexes that store offsets (checkpoints, the index saved at a clean close) are deleted
 * first: the next open scans the segments instead. Bytes that do not read as a record (damage, a torn last write)
 * are dropped: what they held cannot be told, so it cannot be kept while the rest is erased.
 */
public final class SegmentRewriter {
    private static final String IN_PROGRESS = ".erasing";
    private static final List<String> INDEXES = List.of(Checkpoints.FILE, CleanClose.FILE);

    /** What a rewrite did: records dropped and changed, unreadable bytes dropped. */
    public record Rewritten(long dropped, long changed, long unreadableBytes) {
        public static final Rewritten NOTHING = new Rewritten(0, 0, 0);

        Rewritten plus(Rewritten other) {
            return new Rewritten(dropped + other.dropped, changed + other.changed,
                    unreadableBytes + other.unreadableBytes);
        }
    }

    private SegmentRewriter() {
    }

    /**
     * Passes every record of the folder's segments and damaged copies through {@code keep}: null drops the
     * record, the same array keeps it, another array replaces it. A missing folder is nothing to do.
     */
    public static Rewritten rewrite(Path folder, UnaryOperator<byte[]> keep) throws IOException {
        if (!Files.isDirectory(folder)) {
            return Rewritten.NOTHING;
        }
        List<Path> files = new ArrayList<>();
        try (var listing = Files.list(folder)) {
            for (Path file : listing.sorted().toList()) {
                String name = file.getFileName().toString();
                if (name.endsWith(IN_PROGRESS)) {
                    Files.delete(file);
                } else if (name.endsWith(".wal") || name.contains(".wal.damaged-")) {
                    files.add(file);
                }
            }
        }
        for (String index : INDEXES) {
            Files.deleteIfExists(folder.resolve(index));
        }
        SegmentFiles.syncDirectory(folder);
        Rewritten total = Rewritten.NOTHING;
        for (Path file : files) {
            total = total.plus(rewriteFile(file, keep));
        }
        return total;
    }

    private static Rewritten rewriteFile(Path file, UnaryOperator<byte[]> keep) throws IOException {
        byte[] original = Files.readAllBytes(file);
        if (original.length < RecordFormat.SEGMENT_HEADER_BYTES) {
            return Rewritten.NOTHING;
        }
        ByteBuffer bytes = ByteBuffer.wrap(original);
        ByteBuffer out = ByteBuffer.allocate(original.length + RecordFormat.SEGMENT_HEADER_BYTES);
        out.put(original, 0, RecordFormat.SEGMENT_HEADER_BYTES);
        long dropped = 0;
        long changed = 0;
        long unreadable = 0;
        long offset = RecordFormat.SEGMENT_HEADER_BYTES;
        while (offset + RecordFormat.RECORD_HEADER_BYTES <= original.length && !zerosFrom(original, offset)) {
            RecordFormat.Intact record = RecordFormat.recordAt(bytes, offset, original.length);
            if (record == null) {
                long next = nextRecord(bytes, offset + RecordFormat.ALIGNMENT, original.length);
                unreadable += next - offset;
                offset = next;
                continue;
            }
            byte[] kept = keep.apply(record.payload());
            if (kept == null) {
                dropped++;
            } else {
                if (kept != record.payload()) {
                    changed++;
                }
                out = roomFor(out, kept.length);
                RecordFormat.writeRecord(out, record.batch(), kept);
            }
            offset = record.end();
        }
        if (dropped == 0 && changed == 0 && unreadable == 0) {
            return Rewritten.NOTHING;
        }
        replace(file, out, Math.max(original.length, out.position()));
        return new Rewritten(dropped, changed, unreadable);
    }

    /** The next offset, 8-byte aligned, where an intact record starts; the end when none does. */
    private static long nextRecord(ByteBuffer bytes, long from, long size) {
        for (long at = from; at + RecordFormat.RECORD_HEADER_BYTES <= size; at += RecordFormat.ALIGNMENT) {
            if (RecordFormat.recordAt(bytes, at, size) != null) {
                return at;
            }
        }
        return size;
    }

    private static boolean zerosFrom(byte[] bytes, long offset) {
        for (int i = (int) offset; i < bytes.length; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static ByteBuffer roomFor(ByteBuffer out, int payload) {
        int needed = RecordFormat.alignedSize(payload);
        if (out.remaining() >= needed) {
            return out;
        }
        ByteBuffer larger = ByteBuffer.allocate(Math.max(out.capacity() * 2, out.position() + needed));
        return larger.put(out.flip());
    }

    /** Writes the new bytes (zeros up to {@code length}) beside the file, syncs, renames over it, syncs the folder. */
    private static void replace(Path file, ByteBuffer content, long length) throws IOException {
        Path temporary = file.resolveSibling(file.getFileName() + IN_PROGRESS);
        try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            content.flip();
            SegmentFiles.writeFully(channel, content, 0);
            // Zeros written, not a hole: appends after it overwrite blocks that exist, as in a new segment.
            SegmentFiles.fillWithZeros(channel, channel.size(), length);
            channel.force(true);
        }
        Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        SegmentFiles.syncDirectory(file.getParent());
    }
}
