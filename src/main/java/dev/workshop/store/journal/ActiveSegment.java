package dev.workshop.store.journal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The segment being written: where the next record goes, the buffer a batch is gathered in, and the next segment
 * made ready in the background. Not thread-safe: the journal's writer, or an appender writing its own record,
 * holds the write lock around every call.
 */
final class ActiveSegment implements AutoCloseable {
    private final Path directory;
    private final long segmentBytes;
    private final SyncedSegmentFile syncedFile;
    private long number;
    /** This segment's length: the usual one, or more for a segment made to hold a single large record. */
    private long length;
    private long writeOffset;
    private FileChannel channel;
    /** Made when the writer starts, so that a journal opened only to be read never pays for it. */
    private ByteBuffer buffer;
    private CompletableFuture<Void> nextReady;

    private ActiveSegment(Path directory, long segmentBytes, long number, long length, long writeOffset)
            throws IOException {
        this.directory = directory;
        this.segmentBytes = segmentBytes;
        this.syncedFile = new SyncedSegmentFile(directory);
        this.number = number;
        this.length = length;
        this.writeOffset = writeOffset;
        this.channel = FileChannel.open(SegmentFiles.path(directory, number), StandardOpenOption.READ,
                StandardOpenOption.WRITE);
    }

    /** Opens segment {@code number} (already {@code length} bytes long) to write from {@code writeOffset}. */
    static ActiveSegment open(Path directory, long segmentBytes, long number, long length, long writeOffset)
            throws IOException {
        return new ActiveSegment(directory, segmentBytes, number, length, writeOffset);
    }

    /** Where the last durable record ends: where the next one goes. */
    JournalPosition end() {
        return new JournalPosition(number, writeOffset);
    }

    long number() {
        return number;
    }

    /** Whether {@code bytes} more fit in this segment, with nothing buffered. */
    boolean fits(int bytes) {
        return writeOffset + bytes <= length;
    }

    void startBatch() {
        if (buffer == null) {
            buffer = ByteBuffer.allocateDirect(1 << 20);
        }
        buffer.clear();
    }

    /**
     * Puts one append's records in the batch's buffer, moving on to a new segment first when they do not fit in
     * this one (what is buffered is written and synced before that); where each record starts.
     */
    List<JournalPosition> add(long batchNo, List<byte[]> payloads, boolean ownThread) throws IOException {
        int bytes = alignedBytes(payloads);
        if (writeOffset + buffer.position() + bytes > length) {
            flush(ownThread);
            rollToNext(RecordFormat.SEGMENT_HEADER_BYTES + bytes);
        }
        ensureCapacity(bytes);
        List<JournalPosition> starts = new ArrayList<>(payloads.size());
        for (byte[] payload : payloads) {
            starts.add(new JournalPosition(number, writeOffset + buffer.position()));
            RecordFormat.writeRecord(buffer, batchNo, payload);
        }
        return starts;
    }

    /** Writes the buffer at the write position and syncs it: through the writer's channel, or the synced file. */
    void flush(boolean ownThread) throws IOException {
        buffer.flip();
        int written = buffer.remaining();
        if (ownThread) {
            syncedFile.write(number, buffer, writeOffset);
        } else {
            SegmentFiles.writeFully(channel, buffer, writeOffset);
            channel.force(false);
        }
        writeOffset += written;
        buffer.clear();
    }

    private void ensureCapacity(int bytes) {
        if (buffer.remaining() < bytes) {
            ByteBuffer larger = ByteBuffer.allocateDirect(Math.max(buffer.capacity() * 2, buffer.position() + bytes));
            buffer.flip();
            larger.put(buffer);
            buffer = larger;
        }
    }

    /** Creates the next segment in the background once this one is half full, so a roll-over rarely waits. */
    void prepareNextEarly() {
        if (nextReady == null && writeOffset > segmentBytes / 2) {
            long next = number + 1;
            nextReady = CompletableFuture.runAsync(() -> {
                try {
                    SegmentFiles.prepare(directory, next, segmentBytes);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, Thread.ofVirtual()::start);
        }
    }

    /** Moves on to a new segment, of the usual length or of {@code needed} bytes, whichever is more. */
    private void rollToNext(long needed) throws IOException {
        long next = number + 1;
        awaitNextReady();
        long nextLength = Math.max(segmentBytes, needed);
        if (nextLength > segmentBytes) {
            // The one prepared early is of the usual length: this record needs a longer one.
            SegmentFiles.prepare(directory, next, nextLength);
        }
        SegmentFiles.activate(directory, next, nextLength);
        length = nextLength;
        channel.close();
        syncedFile.close();
        number = next;
        writeOffset = RecordFormat.SEGMENT_HEADER_BYTES;
        channel = FileChannel.open(SegmentFiles.path(directory, next), StandardOpenOption.READ,
                StandardOpenOption.WRITE);
    }

    /** Waits for the next segment's early preparation; if it failed, activating it prepares it again. */
    void awaitNextReady() {
        if (nextReady != null) {
            nextReady.exceptionally(ignored -> null).join();
            nextReady = null;
        }
    }

    /** How many bytes of a segment the records of one append take. */
    static int alignedBytes(List<byte[]> payloads) {
        int bytes = 0;
        for (byte[] payload : payloads) {
            bytes += RecordFormat.alignedSize(payload.length);
        }
        return bytes;
    }

    @Override
    public void close() throws IOException {
        try {
            syncedFile.close();
        } finally {
            channel.close();
        }
    }
}
