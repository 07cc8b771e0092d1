package dev.workshop.store.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * An append-only, fsync'd, group-committed log of opaque records. {@link #append} returns only after the
 * records are on the disk ({@code fdatasync}); every append waiting at the same moment shares one sync,
 * so a thousand concurrent conversations cost one sync, not a thousand. Records of one append never span
 * two segments, so an append is all there or not there after a crash.
 */
public final class Journal implements AutoCloseable {
    public static final long DEFAULT_SEGMENT_BYTES = 16L * 1024 * 1024;
    private static final int MAX_BATCH_APPENDS = 8192;

    /** Receives every durable batch, in journal order, on the writer thread, before its appenders return. */
    public interface DurableListener {
        void onDurable(List<Object> attachments, JournalPosition end) throws InterruptedException;
    }

    /** A record found while opening, with the position just after it (what a checkpoint stores). */
    public record Entry(JournalPosition end, byte[] payload) {
    }

    private record Pending(List<byte[]> payloads, Object attachment, CompletableFuture<JournalPosition> done) {
    }

    private static final Pending STOP = new Pending(List.of(), null, new CompletableFuture<>());

    private final Path directory;
    private final long segmentBytes;
    private final BlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private long activeSegment;
    private long writeOffset;
    private long nextBatch;
    private FileChannel channel;
    private ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
    private CompletableFuture<Void> nextSegmentReady;
    private volatile JournalPosition durableEnd;
    private volatile IOException failure;
    private volatile boolean closed;
    private Thread writer;

    private Journal(Path directory, long segmentBytes) {
        this.directory = directory;
        this.segmentBytes = segmentBytes;
    }

    /**
     * Opens (or creates) the journal in {@code directory}, hands every record after {@code from} to
     * {@code replay}, drops a torn last write and reports damaged ranges to {@code warnings}.
     */
    public static Journal open(Path directory, long segmentBytes, JournalPosition from, Consumer<Entry> replay,
                               Consumer<String> warnings) throws IOException {
        Files.createDirectories(directory);
        Journal journal = new Journal(directory, segmentBytes);
        journal.recover(from, replay, warnings);
        return journal;
    }

    private void recover(JournalPosition from, Consumer<Entry> replay, Consumer<String> warnings) throws IOException {
        List<Long> segments = SegmentFiles.list(directory);
        if (segments.isEmpty()) {
            SegmentFiles.create(directory, 1, segmentBytes);
            segments = List.of(1L);
        }
        long lastBatch = -1;
        SegmentScanner.Result last = null;
        for (int i = 0; i < segments.size(); i++) {
            long segment = segments.get(i);
            boolean isLast = i == segments.size() - 1;
            Path file = SegmentFiles.path(directory, segment);
            long visitFrom = segment < from.segment() ? Long.MAX_VALUE
                    : segment == from.segment() ? from.offset() : 0;
            SegmentScanner.Result result = SegmentScanner.scan(file, segment, isLast, visitFrom,
                    record -> replay.accept(new Entry(new JournalPosition(segment, record.end()), record.payload())));
            if (!result.damage().isEmpty()) {
                Path copy = keepCopyAside(file);
                result.damage().forEach(damage -> warnings.accept("Journal damage: " + damage
                        + "; the records around it were recovered and a copy of the segment was kept as " + copy));
            }
            lastBatch = Math.max(lastBatch, result.lastBatch());
            last = result;
        }
        activeSegment = segments.getLast();
        Path activeFile = SegmentFiles.path(directory, activeSegment);
        if (last.tornTail()) {
            // A write that was cut off by the crash was never acknowledged; clear it so appends continue cleanly.
            SegmentFiles.zeroFrom(activeFile, last.dataEnd());
        }
        SegmentFiles.extend(activeFile, segmentBytes);
        writeOffset = last.dataEnd();
        nextBatch = lastBatch + 1;
        durableEnd = new JournalPosition(activeSegment, writeOffset);
        channel = FileChannel.open(activeFile, StandardOpenOption.READ, StandardOpenOption.WRITE);
    }

    private static Path keepCopyAside(Path file) throws IOException {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path copy = file.resolveSibling(file.getFileName() + ".damaged-" + stamp);
        Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
        return copy;
    }

    /** Starts the writer; from now on {@link #append} works. */
    public synchronized void start(DurableListener listener) {
        if (writer != null) {
            throw new IllegalStateException("The journal writer is already running");
        }
        writer = Thread.ofPlatform().name("workshop-journal-writer").daemon(true).start(() -> writeLoop(listener));
    }

    /**
     * Writes the records and returns once they are durable, with the position after them.
     *
     * @throws IOException when the journal can no longer write (disk full, file gone); nothing after that
     *                     failure is acknowledged
     */
    public JournalPosition append(List<byte[]> payloads, Object attachment) throws IOException {
        return awaitUninterruptibly(enqueue(payloads, attachment));
    }

    /**
     * Queues the records without waiting: they are written in order, so they are durable no later than any
     * append queued after them returns.
     */
    public void appendWithoutWaiting(List<byte[]> payloads, Object attachment) throws IOException {
        enqueue(payloads, attachment);
    }

    private CompletableFuture<JournalPosition> enqueue(List<byte[]> payloads, Object attachment) throws IOException {
        int bytes = payloads.stream().mapToInt(payload -> RecordFormat.alignedSize(payload.length)).sum();
        if (bytes > segmentBytes - RecordFormat.SEGMENT_HEADER_BYTES) {
            throw new IOException("An append of " + bytes + " bytes does not fit in a journal segment of "
                    + segmentBytes + " bytes");
        }
        requireWritable();
        Pending pending = new Pending(List.copyOf(payloads), attachment, new CompletableFuture<>());
        queue.add(pending);
        return pending.done();
    }

    /**
     * Once queued, an append may reach the disk whatever the caller does; so the caller waits for the
     * outcome even when interrupted (it takes a fraction of a millisecond), and keeps the interrupt for later.
     * Returning early would let the caller believe an event is missing that is in fact stored.
     */
    private static JournalPosition awaitUninterruptibly(CompletableFuture<JournalPosition> done) throws IOException {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return done.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof IOException io) {
                        throw io;
                    }
                    throw new IOException("The journal writer failed", e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void requireWritable() throws IOException {
        if (failure != null) {
            throw new IOException("The journal stopped accepting writes after an earlier failure: "
                    + failure.getMessage(), failure);
        }
        if (closed) {
            throw new IOException("The journal is closed");
        }
    }

    /** The position after the last acknowledged record. */
    public JournalPosition durableEnd() {
        return durableEnd;
    }

    private void writeLoop(DurableListener listener) {
        List<Pending> batch = new ArrayList<>();
        boolean stopping = false;
        while (!stopping) {
            batch.clear();
            try {
                Pending first = queue.poll(200, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                queue.drainTo(batch, MAX_BATCH_APPENDS);
                stopping = batch.removeIf(pending -> pending == STOP);
                if (!batch.isEmpty()) {
                    writeBatch(batch, listener);
                }
            } catch (IOException e) {
                failure = e;
                batch.forEach(pending -> pending.done().completeExceptionally(e));
                failEverythingQueued(e);
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void writeBatch(List<Pending> batch, DurableListener listener) throws IOException, InterruptedException {
        long batchNo = nextBatch++;
        buffer.clear();
        List<Object> attachments = new ArrayList<>(batch.size());
        for (Pending pending : batch) {
            int bytes = pending.payloads().stream().mapToInt(p -> RecordFormat.alignedSize(p.length)).sum();
            if (writeOffset + buffer.position() + bytes > segmentBytes) {
                flush();
                rollToNextSegment();
            }
            ensureCapacity(bytes);
            pending.payloads().forEach(payload -> RecordFormat.writeRecord(buffer, batchNo, payload));
            attachments.add(pending.attachment());
        }
        flush();
        JournalPosition end = new JournalPosition(activeSegment, writeOffset);
        durableEnd = end;
        listener.onDurable(attachments, end);
        batch.forEach(pending -> pending.done().complete(end));
        prepareNextSegmentEarly();
    }

    private void flush() throws IOException {
        buffer.flip();
        int length = buffer.remaining();
        SegmentFiles.writeFully(channel, buffer, writeOffset);
        channel.force(false);
        writeOffset += length;
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

    /** Creates the next segment in the background once the active one is half full, so a roll-over rarely waits. */
    private void prepareNextSegmentEarly() {
        if (nextSegmentReady == null && writeOffset > segmentBytes / 2) {
            long next = activeSegment + 1;
            nextSegmentReady = CompletableFuture.runAsync(() -> {
                try {
                    SegmentFiles.prepare(directory, next, segmentBytes);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }, Thread.ofVirtual()::start);
        }
    }

    private void rollToNextSegment() throws IOException {
        long next = activeSegment + 1;
        if (nextSegmentReady != null) {
            // If preparing it early failed, activate() prepares it again here, where the error reaches the appenders.
            nextSegmentReady.exceptionally(ignored -> null).join();
            nextSegmentReady = null;
        }
        SegmentFiles.activate(directory, next, segmentBytes);
        channel.close();
        activeSegment = next;
        writeOffset = RecordFormat.SEGMENT_HEADER_BYTES;
        channel = FileChannel.open(SegmentFiles.path(directory, next), StandardOpenOption.READ,
                StandardOpenOption.WRITE);
    }

    private void failEverythingQueued(IOException cause) {
        List<Pending> left = new ArrayList<>();
        queue.drainTo(left);
        left.forEach(pending -> pending.done().completeExceptionally(cause));
    }

    /** Waits for every append already queued, then closes the file. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        Thread running;
        synchronized (this) {
            running = writer;
        }
        if (running != null) {
            queue.add(STOP);
            try {
                running.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (nextSegmentReady != null) {
            nextSegmentReady.exceptionally(ignored -> null).join();
        }
        failEverythingQueued(new IOException("The journal is closed"));
        channel.close();
    }
}
