package dev.workshop.store.journal;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * The active segment opened so that each write is durable when it returns ({@code "rwd"}: {@code O_DSYNC}, the
 * same guarantee as a write followed by {@code fdatasync}), for an appending thread that writes its own record
 * while the journal's writer is idle. A {@code RandomAccessFile}, not a {@code FileChannel}, on purpose: an
 * interrupt closes a channel for every thread that uses it, and the appending thread is often a conversation's
 * loop, which aborting it interrupts; a {@code RandomAccessFile}'s write is not interruptible.
 */
final class SyncedSegmentFile implements AutoCloseable {
    private final Path directory;
    private long segment = -1;
    private RandomAccessFile file;
    /** Reused: the records are copied out of the journal's direct buffer into it. */
    private byte[] bytes = new byte[0];

    SyncedSegmentFile(Path directory) {
        this.directory = directory;
    }

    /** Writes what {@code records} has left at {@code offset} of segment {@code segmentNumber}, durably. */
    void write(long segmentNumber, ByteBuffer records, long offset) throws IOException {
        if (segmentNumber != segment) {
            close();
            file = new RandomAccessFile(SegmentFiles.path(directory, segmentNumber).toFile(), "rwd");
            segment = segmentNumber;
        }
        int length = records.remaining();
        if (bytes.length < length) {
            bytes = new byte[Math.max(length, 2 * bytes.length)];
        }
        records.get(bytes, 0, length);
        file.seek(offset);
        file.write(bytes, 0, length);
    }

    @Override
    public void close() throws IOException {
        if (file != null) {
            RandomAccessFile open = file;
            file = null;
            segment = -1;
            open.close();
        }
    }
}
