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
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * An append-only, fsync'd, group-committed log of opaque records. {@link #append} returns only after the
 * records are on the disk ({@code fdatasync}); every append waiting at the same moment shares one sync,
 * so a thousand concurrent conversations cost one sync, not a thousand. An append that finds nothing queued
 * and the writer idle is written and synced by its own thread instead (see {@link #append}). Records of one
 * append never span two segments; but a write cut short by a crash can keep the first records of an append
 * and lose the rest, so a caller that needs an append to be all there or not there writes it as one record.
 */
public final class Journal implements AutoCloseable {
    public static final long DEFAULT_SEGMENT_BYTES = 16L * 1024 * 1024;
    private static final int MAX_BATCH_APPENDS = 8192;
    /**
     * The most one append may hold. An append is one record, so that it is all there or not there after a crash;
     * one larger than a segment (the import of a very long conversation) gets a segment of its own, as long as
     * it needs.
     */
    static final long MAX_APPEND_BYTES = 1L << 30;

    /**
     * Receives every durable batch, in journal order, before its appenders return: on the writer thread, or on
     * the thread of an append that wrote its own record. It must not give up when interrupted: the records are
     * on the disk already.
     */
    public interface DurableListener {
        void onDurable(List<Appended> appended, JournalPosition end);
    }

    /** One append of a durable batch: what its caller attached, and where each of its records starts. */
    public record Appended(Object attachment, List<JournalPosition> records) {
    }

    /**
     * A record found while opening: where it starts (what {@link #readRecords} takes, packed) and the position
     * just after it (what a checkpoint stores).
     */
    public record Entry(JournalPosition start, JournalPosition end, byte[] payload) {
        static Entry of(long segment, SegmentScanner.ScannedRecord record) {
            return new Entry(new JournalPosition(segment, record.offset()), new JournalPosition(segment, record.end()),
                    record.payload());
        }
    }

    private record Pending(List<byte[]> payloads, Object attachment, CompletableFuture<JournalPosition> done) {
    }

    /** Tells the writer to stop; it has no outcome to wait for (and a journal that is only read never makes one). */
    private static final Pending STOP = new Pending(List.of(), null, null);

    private final Path directory;
    private final long segmentBytes;
    private final BlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    /**
     * Held while a batch is written, by the writer or by an appender writing its own record; it guards the
     * write position, the active segment and the buffer.
     */
    private final ReentrantLock writing = new ReentrantLock();
    /**
     * Appends queued and not yet written. An appender writes its own record only when there are none, so it
     * never overtakes an append queued before it (a turn's start, queued without waiting, precedes its message).
     */
    private final AtomicInteger unwritten = new AtomicInteger();
    private volatile DurableListener listener;
    private final SyncedSegmentFile syncedFile;
    private long activeSegment;
    /** The active segment's length: {@link #segmentBytes}, or more for one made to hold a single large record. */
    private long activeSegmentBytes;
    private long writeOffset;
    private long nextBatch;
    private FileChannel channel;
    /** The writer's; made when it starts, so that a journal opened only to be read never pays for it. */
    private ByteBuffer buffer;
    private CompletableFuture<Void> nextSegmentReady;
    private volatile JournalPosition durableEnd;
    private volatile IOException failure;
    /** Told once when the journal stops accepting writes; guarded by itself. */
    private final List<Consumer<IOException>> failureListeners = new ArrayList<>();
    private volatile boolean closed;
    private Thread writer;
    private boolean fromSavedIndex;
    private volatile boolean foundDamage;
    /** Opened by {@link #openReadOnly}: it is never written. */
    private boolean readOnly;
    private final List<String> laterDamage = new java.util.concurrent.CopyOnWriteArrayList<>();
    private boolean fromCheckpoint;
    /** The owner's index for a checkpoint, asked for by whichever thread wrote the batch; null: no checkpoints. */
    private OwnerIndex checkpointIndex;
    /** The segment the last checkpoint's end is in; a batch that ends in a later one leaves a new checkpoint. */
    private long checkpointedSegment;
    /** Where this run's chain of checkpoints ends; null until the writer has started one (or after a failure). */
    private JournalPosition chainEnd;
    private final SegmentReaders readers;

    private Journal(Path directory, long segmentBytes) {
        this.directory = directory;
        this.segmentBytes = segmentBytes;
        this.readers = new SegmentReaders(directory);
        this.syncedFile = new SyncedSegmentFile(directory);
    }

    /**
     * What the one who opens the journal is told: the records to replay, damage found on the way, and, after a
     * clean close, the index saved then (an interface rather than three lambdas: each lambda's first use costs
     * a JVM that has just started about a millisecond, and opening the journal is on the way to every restore).
     */
    public interface Owner {
        /** A record after the replay point, in journal order. */
        void replay(Entry entry);

        /** Damage found and worked around, in words for the user. */
        void warn(String warning);

        /**
         * The index the owner saved at the last clean close ({@link #close(Supplier)}), or at the checkpoints of
         * the writer's last run: the parts of {@link OwnerIndex#since} in order, the first from the start. True if
         * it could use them all (if not, it must be left as if it had seen none), and then the records they
         * cover are not replayed.
         */
        boolean useSavedIndex(List<byte[]> parts);
    }

    /**
     * The owner's index, as its own bytes, of the records it has been told of at or after {@code from}. The
     * writer asks from {@link JournalPosition#START} to begin a chain of checkpoints and then, for each later
     * one, from where the one before ended; the parts are handed back in that order
     * ({@link Owner#useSavedIndex}), so an owner may refer in one part to what it named in an earlier one.
     */
    public interface OwnerIndex {
        byte[] since(JournalPosition from);
    }

    /**
     * Opens (or creates) the journal in {@code directory}, hands every record after {@code from} to
     * {@code replay}, drops a torn last write and reports damaged ranges to {@code warnings}.
     */
    public static Journal open(Path directory, long segmentBytes, JournalPosition from, Consumer<Entry> replay,
                               Consumer<String> warnings) throws IOException {
        return open(directory, segmentBytes, from, new Owner() {
            @Override
            public void replay(Entry entry) {
                replay.accept(entry);
            }

            @Override
            public void warn(String warning) {
                warnings.accept(warning);
            }

            @Override
            public boolean useSavedIndex(List<byte[]> parts) {
                return false;
            }
        });
    }

    /**
     * Opens (or creates) the journal in {@code directory}. If it was closed cleanly ({@link #close(Supplier)})
     * and its segments are untouched since, the index saved then goes to {@link Owner#useSavedIndex} instead of
     * every record being read: if the owner accepts it, nothing is replayed and {@link #openedFromSavedIndex()}
     * is true. Otherwise every record after {@code from} is replayed, a torn last write is dropped and damaged
     * ranges are reported.
     */
    public static Journal open(Path directory, long segmentBytes, JournalPosition from, Owner owner)
            throws IOException {
        Files.createDirectories(directory);
        Journal journal = new Journal(directory, segmentBytes);
        Optional<IndexRecord> clean = CleanClose.readIfCurrent(directory);
        if (clean.isPresent() && journal.canResume(clean.get()) && owner.useSavedIndex(List.of(clean.get().ownerIndex()))) {
            journal.resume(clean.get());
        } else {
            journal.recover(from, owner);
        }
        return journal;
    }

    /**
     * Opens the journal only to read it, on a disk that cannot be written (full, read-only, another's): nothing is
     * created, cleared, extended or copied aside, and {@link #start} refuses. The index saved at a clean close is
     * used when it is current; otherwise every record is handed to {@code owner} (damage is reported, not mended).
     */
    public static Journal openReadOnly(Path directory, Owner owner) throws IOException {
        Journal journal = new Journal(directory, DEFAULT_SEGMENT_BYTES);
        journal.readOnly = true;
        journal.durableEnd = JournalPosition.START;
        if (!Files.isDirectory(directory)) {
            return journal;
        }
        Optional<IndexRecord> clean = CleanClose.readIfCurrent(directory);
        if (clean.isPresent() && owner.useSavedIndex(List.of(clean.get().ownerIndex()))) {
            journal.fromSavedIndex = true;
            journal.durableEnd = clean.get().end();
            return journal;
        }
        List<Long> segments = SegmentFiles.list(directory);
        for (int i = 0; i < segments.size(); i++) {
            long segment = segments.get(i);
            SegmentScanner.Result result = SegmentScanner.scan(SegmentFiles.path(directory, segment), segment,
                    i == segments.size() - 1, 0, record -> owner.replay(Entry.of(segment, record)));
            result.damage().forEach(damage -> owner.warn("Journal damage: " + damage + "; the records around it were"
                    + " read (nothing is mended while the data can only be read)"));
            journal.durableEnd = new JournalPosition(segment, result.dataEnd());
        }
        return journal;
    }

    private boolean canResume(IndexRecord clean) {
        return !clean.segments().isEmpty() && clean.segments().getLast().number() == clean.end().segment()
                && clean.end().offset() >= RecordFormat.SEGMENT_HEADER_BYTES
                && clean.end().offset() <= clean.segments().getLast().size();
    }

    /** Picks up where a clean close left off: no torn write to clear, no damage to look for. */
    private void resume(IndexRecord clean) throws IOException {
        fromSavedIndex = true;
        activeSegment = clean.end().segment();
        writeOffset = clean.end().offset();
        nextBatch = clean.lastBatch() + 1;
        durableEnd = clean.end();
        checkpointedSegment = activeSegment;
        Path activeFile = SegmentFiles.path(directory, activeSegment);
        if (clean.segments().getLast().size() < segmentBytes) {
            SegmentFiles.extend(activeFile, segmentBytes);
        }
        activeSegmentBytes = Math.max(segmentBytes, clean.segments().getLast().size());
        channel = FileChannel.open(activeFile, StandardOpenOption.READ, StandardOpenOption.WRITE);
    }

    /** True when the open (after a crash) used the last checkpoint's index and read only the records after it. */
    public boolean openedFromCheckpoint() {
        return fromCheckpoint;
    }

    /** True when the open used the index saved at the last clean close, and visited no record. */
    public boolean openedFromSavedIndex() {
        return fromSavedIndex;
    }

    /**
     * Visits every intact record, in journal order, without changing anything: for an owner that opened from
     * its saved index and later needs the records after all (to rebuild its tables). Call before {@link #start}.
     */
    public void forEachRecord(Consumer<Entry> visitor) throws IOException {
        forEachRecord(JournalPosition.START, visitor);
    }

    /** As {@link #forEachRecord(Consumer)}, for the records at or after {@code from} (a record's start or end). */
    public void forEachRecord(JournalPosition from, Consumer<Entry> visitor) throws IOException {
        List<Long> segments = SegmentFiles.list(directory);
        for (int i = 0; i < segments.size(); i++) {
            long segment = segments.get(i);
            if (segment < from.segment()) {
                continue;
            }
            long visitFrom = segment == from.segment() ? from.offset() : 0;
            Path file = SegmentFiles.path(directory, segment);
            SegmentScanner.Result result = SegmentScanner.scan(file, segment, i == segments.size() - 1, visitFrom,
                    record -> visitor.accept(Entry.of(segment, record)));
            noteDamage(file, result, laterDamage::add);
        }
    }

    /**
     * Reports what a scan of {@code file} found wrong with it, and whether it was cut short, keeping a copy of a
     * damaged segment; the result, made unsound when the segment was cut short (nothing may be written into it).
     */
    private SegmentScanner.Result noteDamage(Path file, SegmentScanner.Result result, Consumer<String> warn)
            throws IOException {
        Optional<String> cut = SegmentFiles.cutShort(file, segmentBytes);
        if (result.damage().isEmpty() && cut.isEmpty()) {
            return result;
        }
        foundDamage = true;
        Path copy = keepCopyAside(file);
        result.damage().forEach(damage -> warn.accept("Journal damage: " + damage
                + "; the records around it were recovered and a copy of the segment was kept as " + copy));
        if (cut.isEmpty()) {
            return result;
        }
        warn.accept("Journal damage: " + cut.get() + ": what was written after its end is lost from the journal, and"
                + " read from the database where that holds it; a copy of the segment was kept as " + copy);
        return new SegmentScanner.Result(result.dataEnd(), result.lastBatch(), false, result.damage(), true);
    }

    /** Damage that {@link #forEachRecord} came upon (the open had not read those segments), in words for the user. */
    public List<String> damageFoundSinceOpen() {
        return List.copyOf(laterDamage);
    }

    /**
     * Whether a scan of this journal found damaged records (at open, or in {@link #forEachRecord}): a record the
     * owner misses may then be lost rather than elsewhere.
     */
    public boolean foundDamage() {
        return foundDamage;
    }

    private void recover(JournalPosition from, Owner owner) throws IOException {
        List<Long> segments = SegmentFiles.list(directory);
        if (segments.isEmpty()) {
            SegmentFiles.create(directory, 1, segmentBytes);
            segments = List.of(1L);
        }
        long lastBatch = -1;
        // After a crash: the segments before the last checkpoint are sealed and its index covers them, so only
        // what follows it is read (the checkpoint is used only if the owner takes its index).
        JournalPosition skipTo = JournalPosition.START;
        Optional<Checkpoints.Chain> checkpoint = Checkpoints.readIfCurrent(directory);
        if (checkpoint.isPresent() && owner.useSavedIndex(checkpoint.get().ownerIndexes())) {
            skipTo = checkpoint.get().end();
            lastBatch = checkpoint.get().lastBatch();
            fromCheckpoint = true;
        }
        JournalPosition replayFrom = from.isAfter(skipTo) ? from : skipTo;
        SegmentScanner.Result last = null;
        for (int i = 0; i < segments.size(); i++) {
            long segment = segments.get(i);
            if (segment < skipTo.segment()) {
                continue;
            }
            boolean isLast = i == segments.size() - 1;
            Path file = SegmentFiles.path(directory, segment);
            long visitFrom = segment < replayFrom.segment() ? Long.MAX_VALUE
                    : segment == replayFrom.segment() ? replayFrom.offset() : 0;
            // In the checkpoint's own segment, what precedes its end is covered by it too.
            boolean checkpointSegment = fromCheckpoint && segment == skipTo.segment();
            SegmentScanner.Result result = SegmentScanner.scan(file, segment, isLast,
                    checkpointSegment ? skipTo.offset() : 0, checkpointSegment ? lastBatch : -1, visitFrom,
                    record -> owner.replay(Entry.of(segment, record)));
            result = noteDamage(file, result, owner::warn);
            lastBatch = Math.max(lastBatch, result.lastBatch());
            last = result;
        }
        nextBatch = lastBatch + 1;
        activeSegment = segments.getLast();
        Path activeFile = SegmentFiles.path(directory, activeSegment);
        if (last.unsound()) {
            // Never written into: its damaged bytes stay as they were (its records were read; a copy is kept).
            activeSegment++;
            SegmentFiles.create(directory, activeSegment, segmentBytes);
            activeFile = SegmentFiles.path(directory, activeSegment);
            writeOffset = RecordFormat.SEGMENT_HEADER_BYTES;
            activeSegmentBytes = segmentBytes;
        } else {
            if (last.tornTail()) {
                // A write that was cut off by the crash was never acknowledged; clear it so appends continue cleanly.
                SegmentFiles.zeroFrom(activeFile, last.dataEnd());
            }
            SegmentFiles.extend(activeFile, segmentBytes);
            writeOffset = last.dataEnd();
            activeSegmentBytes = Math.max(segmentBytes, Files.size(activeFile));
        }
        durableEnd = new JournalPosition(activeSegment, writeOffset);
        checkpointedSegment = activeSegment;
        channel = FileChannel.open(activeFile, StandardOpenOption.READ, StandardOpenOption.WRITE);
    }

    /** A copy of a damaged segment, as it was found; one that is already kept, byte for byte, serves again. */
    private static Path keepCopyAside(Path file) throws IOException {
        String prefix = file.getFileName() + ".damaged-";
        try (var siblings = Files.list(file.getParent())) {
            for (Path kept : siblings.filter(path -> path.getFileName().toString().startsWith(prefix)).toList()) {
                if (Files.mismatch(file, kept) == -1) {
                    return kept;
                }
            }
        }
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path copy = file.resolveSibling(file.getFileName() + ".damaged-" + stamp);
        Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
        return copy;
    }

    /**
     * Starts the writer; from now on {@link #append} works. The index saved at the last clean close is
     * deleted first: once anything is written it no longer describes the segments.
     */
    public synchronized void start(DurableListener listener) throws IOException {
        start(listener, null);
    }

    /**
     * As {@link #start(DurableListener)}; and each time a batch ends in a segment after the last checkpoint's,
     * a checkpoint is saved ({@link Checkpoints}) with {@code checkpointIndex}: the owner's index of the records
     * since the checkpoint before, asked for by the thread that wrote that batch (the writer, or an appender
     * writing its own) right after that batch's {@link DurableListener#onDurable}, so it covers exactly the
     * records up to the batch's end.
     */
    public synchronized void start(DurableListener listener, OwnerIndex checkpointIndex) throws IOException {
        if (writer != null) {
            throw new IllegalStateException("The journal writer is already running");
        }
        if (readOnly) {
            throw new IOException("The journal in " + directory + " was opened only to be read");
        }
        this.checkpointIndex = checkpointIndex;
        CleanClose.discard(directory);
        buffer = ByteBuffer.allocateDirect(1 << 20);
        this.listener = listener;
        writer = Thread.ofPlatform().name("workshop-journal-writer").daemon(true).start(() -> writeLoop(listener));
    }

    /**
     * Writes the records and returns once they are durable, with the position after them.
     *
     * @throws IOException when the journal can no longer write (disk full, file gone); nothing after that
     *                     failure is acknowledged
     */
    public JournalPosition append(List<byte[]> payloads, Object attachment) throws IOException {
        JournalPosition written = writeOwnIfIdle(payloads, attachment);
        return written != null ? written : awaitUninterruptibly(enqueue(payloads, attachment));
    }

    /**
     * When nothing is queued and the writer is idle, the appending thread writes and syncs its own record: the
     * two hand-offs to the writer and back saved are, on two cores busy with the tables, most of an append's
     * slow tail (docs/perf.md). Concurrent appends still share syncs: they queue while this one writes, and
     * the writer takes them together. Null when the writer is busy, something is queued, the record needs a
     * new segment (which the writer makes) or the journal cannot take it (the queued path says why).
     */
    private JournalPosition writeOwnIfIdle(List<byte[]> payloads, Object attachment) throws IOException {
        DurableListener durable = listener;
        if (durable == null || unwritten.get() != 0 || !writing.tryLock()) {
            return null;
        }
        // The write cannot be interrupted, nor may the listener give up: a caller's interrupt waits until after.
        boolean interrupted = Thread.interrupted();
        try {
            int bytes = alignedBytes(payloads);
            if (unwritten.get() != 0 || closed || failure != null || writeOffset + bytes > activeSegmentBytes) {
                return null;
            }
            Pending pending = new Pending(List.copyOf(payloads), attachment, new CompletableFuture<>());
            try {
                writeBatchOrStop(List.of(pending), durable, true);
            } catch (IOException e) {
                stopAfter(e, List.of(pending));
                throw e;
            }
            return pending.done().join();
        } finally {
            writing.unlock();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Queues the records without waiting: they are written in order, so they are durable no later than any
     * append queued after them returns.
     */
    public void appendWithoutWaiting(List<byte[]> payloads, Object attachment) throws IOException {
        enqueue(payloads, attachment);
    }

    private CompletableFuture<JournalPosition> enqueue(List<byte[]> payloads, Object attachment) throws IOException {
        long bytes = alignedBytes(payloads);
        if (bytes > MAX_APPEND_BYTES) {
            throw new IOException("An append of " + bytes + " bytes is larger than the " + MAX_APPEND_BYTES
                    + " bytes one journal record may hold");
        }
        requireWritable();
        Pending pending = new Pending(List.copyOf(payloads), attachment, new CompletableFuture<>());
        unwritten.incrementAndGet();
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

    /**
     * Receives a record read back: it starts at {@code start} ({@link JournalPosition#pack packed}) and its
     * payload is {@code length} bytes of {@code bytes} from {@code offset}. The array is reused for later
     * records: copy what is kept.
     */
    public interface RecordVisitor {
        void visit(long start, byte[] bytes, int offset, int length);
    }

    /**
     * Reads back the durable records that start at {@code packedStarts} ({@link JournalPosition#pack}, in
     * journal order), verifying each checksum. Records that lie close together are copied out in one piece
     * and read from there, which is what makes a long history cheap to load even in a JVM that has just
     * started.
     *
     * @throws IOException if a record is not intact
     */
    public void readRecords(long[] packedStarts, RecordVisitor visitor) throws IOException {
        JournalPosition end = durableEnd;
        // Packed positions order as the positions do; compared as numbers, a long history is checked at once.
        long packedEnd = end.pack();
        for (long packed : packedStarts) {
            if (packed >= packedEnd) {
                throw new IOException("Journal position " + JournalPosition.unpack(packed)
                        + " is past the last durable record (" + end + ")");
            }
        }
        readers.readRecords(packedStarts, visitor);
    }

    /** How many bytes of a segment the records of one append take. */
    private static int alignedBytes(List<byte[]> payloads) {
        int bytes = 0;
        for (byte[] payload : payloads) {
            bytes += RecordFormat.alignedSize(payload.length);
        }
        return bytes;
    }

    /** The position just after the record that starts at {@code start} and holds {@code payload}. */
    public static JournalPosition endOf(JournalPosition start, byte[] payload) {
        return new JournalPosition(start.segment(), start.offset() + RecordFormat.alignedSize(payload.length));
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
                // The lock first, then the rest of the queue: an appender may be writing its own record, and
                // every append that queues meanwhile belongs in this batch. Drained before waiting for the
                // lock, they would be written as a batch of one or two, and the rest after another sync.
                writing.lock();
                try {
                    batch.add(first);
                    queue.drainTo(batch, MAX_BATCH_APPENDS);
                    stopping = batch.removeIf(pending -> pending == STOP);
                    if (!batch.isEmpty()) {
                        writeBatchOrStop(batch, listener, false);
                    }
                } finally {
                    writing.unlock();
                    unwritten.addAndGet(-batch.size());
                }
            } catch (IOException e) {
                stopAfter(e, batch);
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Writes a batch (the caller holds {@link #writing}); the first failure stops all later writes, and is
     * recorded before the lock is let go, so that no append after it is acknowledged.
     */
    private void writeBatchOrStop(List<Pending> batch, DurableListener listener, boolean ownThread)
            throws IOException {
        IOException earlier = failure;
        if (earlier != null) {
            throw earlier;
        }
        try {
            writeBatch(batch, listener, ownThread);
        } catch (IOException e) {
            failure = e;
            throw e;
        }
    }

    private void stopAfter(IOException cause, List<Pending> batch) {
        // Told before the appenders hear it: whoever sees an append fail finds the journal's state known.
        tellFailure(cause);
        batch.forEach(pending -> pending.done().completeExceptionally(cause));
        failEverythingQueued(cause);
    }

    private void writeBatch(List<Pending> batch, DurableListener listener, boolean ownThread) throws IOException {
        long batchNo = nextBatch++;
        buffer.clear();
        List<Appended> appended = new ArrayList<>(batch.size());
        for (Pending pending : batch) {
            int bytes = alignedBytes(pending.payloads());
            if (writeOffset + buffer.position() + bytes > activeSegmentBytes) {
                flush(ownThread);
                rollToNextSegment(RecordFormat.SEGMENT_HEADER_BYTES + bytes);
            }
            ensureCapacity(bytes);
            List<JournalPosition> starts = new ArrayList<>(pending.payloads().size());
            for (byte[] payload : pending.payloads()) {
                starts.add(new JournalPosition(activeSegment, writeOffset + buffer.position()));
                RecordFormat.writeRecord(buffer, batchNo, payload);
            }
            appended.add(new Appended(pending.attachment(), starts));
        }
        flush(ownThread);
        JournalPosition end = new JournalPosition(activeSegment, writeOffset);
        durableEnd = end;
        // The listener first: it records where each event is, which a reader may ask as soon as its append returns.
        listener.onDurable(appended, end);
        batch.forEach(pending -> pending.done().complete(end));
        prepareNextSegmentEarly();
        if (checkpointIndex != null && end.segment() > checkpointedSegment) {
            saveCheckpoint(batchNo, end);
        }
    }

    /**
     * Only an optimisation for the next open after a crash: if it cannot be saved, the previous checkpoint
     * (an earlier prefix, still true) or a full scan serves instead, and the appends go on.
     */
    private void saveCheckpoint(long batchNo, JournalPosition end) {
        checkpointedSegment = end.segment();
        try {
            if (chainEnd == null) {
                Checkpoints.startChain(directory, batchNo, end, checkpointIndex.since(JournalPosition.START));
            } else {
                Checkpoints.extendChain(directory, batchNo, chainEnd, end, checkpointIndex.since(chainEnd));
            }
            chainEnd = end;
        } catch (IOException | RuntimeException notSaved) {
            // The file may now end in a torn record, which the next open reads up to; the next checkpoint, once
            // the writer has moved on to the next segment, starts a new chain.
            chainEnd = null;
        }
    }

    /** Writes the buffer at the write position and syncs it: through the writer's channel, or the synced file. */
    private void flush(boolean ownThread) throws IOException {
        buffer.flip();
        int length = buffer.remaining();
        if (ownThread) {
            syncedFile.write(activeSegment, buffer, writeOffset);
        } else {
            SegmentFiles.writeFully(channel, buffer, writeOffset);
            channel.force(false);
        }
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

    /** Moves on to a new segment, of the usual length or of {@code needed} bytes, whichever is more. */
    private void rollToNextSegment(long needed) throws IOException {
        long next = activeSegment + 1;
        if (nextSegmentReady != null) {
            // If preparing it early failed, activate() prepares it again here, where the error reaches the appenders.
            nextSegmentReady.exceptionally(ignored -> null).join();
            nextSegmentReady = null;
        }
        long length = Math.max(segmentBytes, needed);
        if (length > segmentBytes) {
            // The one prepared early is of the usual length: this record needs a longer one.
            SegmentFiles.prepare(directory, next, length);
        }
        SegmentFiles.activate(directory, next, length);
        activeSegmentBytes = length;
        channel.close();
        syncedFile.close();
        activeSegment = next;
        writeOffset = RecordFormat.SEGMENT_HEADER_BYTES;
        channel = FileChannel.open(SegmentFiles.path(directory, next), StandardOpenOption.READ,
                StandardOpenOption.WRITE);
    }

    /**
     * Hears once, with the error, when the journal stops accepting writes (a write, sync or new segment
     * failed); at once if it already has. Called on the thread whose write failed (the writer's, or an
     * appender's): hand anything slow to another.
     */
    public void onFailure(Consumer<IOException> listener) {
        IOException already;
        synchronized (failureListeners) {
            already = failure;
            if (already == null) {
                failureListeners.add(listener);
            }
        }
        if (already != null) {
            listener.accept(already);
        }
    }

    private void tellFailure(IOException cause) {
        List<Consumer<IOException>> listeners;
        synchronized (failureListeners) {
            listeners = List.copyOf(failureListeners);
            failureListeners.clear();
        }
        for (Consumer<IOException> listener : listeners) {
            try {
                listener.accept(cause);
            } catch (RuntimeException ignored) {
                // A listener's own trouble must not keep the appenders waiting for their answer.
            }
        }
    }

    private void failEverythingQueued(IOException cause) {
        List<Pending> left = new ArrayList<>();
        queue.drainTo(left);
        left.stream().filter(pending -> pending != STOP)
                .forEach(pending -> pending.done().completeExceptionally(cause));
    }

    /** Waits for every append already queued, then closes the file. */
    @Override
    public void close() throws IOException {
        close(null);
    }

    /**
     * Closes like {@link #close()}, then saves {@code ownerIndex} (asked for once nothing can be appended any
     * more) with where the data ends, so that the next open can skip reading every record. Nothing is saved
     * if the journal failed.
     */
    public void close(Supplier<byte[]> ownerIndex) throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        if (readOnly) {
            // Nothing was opened to write, and each read opens and closes its own file.
            return;
        }
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
        // An appender may still be writing its own record (it looked before this close began).
        writing.lock();
        try {
            syncedFile.close();
            channel.close();
            if (ownerIndex != null && failure == null) {
                CleanClose.write(directory, nextBatch - 1, durableEnd, ownerIndex.get());
            }
        } finally {
            writing.unlock();
        }
    }
}
