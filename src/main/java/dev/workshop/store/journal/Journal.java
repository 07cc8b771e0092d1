package dev.workshop.store.journal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * An append-only, fsync'd, group-committed log of opaque records. {@link #append} returns only after the
 * records are on the disk ({@code fdatasync}); every append waiting at the same moment shares one sync,
 * so a thousand concurrent conversations cost one sync, not a thousand. An append that finds nothing queued
 * and the writer idle is written and synced by its own thread instead (see {@link #append}). Records of one
 * append never span two segments; but a write cut short by a crash can keep the first records of an append
 * and lose the rest, so a caller that needs an append to be all there or not there writes it as one record.
 *
 * <p>The work is shared out: {@link JournalRecovery} opens it, {@link GroupCommitWriter} writes the batches into
 * the {@link ActiveSegment}, and {@link SegmentReaders} reads records back.
 *
 * @param <A> what each append carries to the {@link DurableListener}: the owner's own note of what it wrote
 */
public final class Journal<A> implements AutoCloseable {
    public static final long DEFAULT_SEGMENT_BYTES = 16L * 1024 * 1024;
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
    public interface DurableListener<A> {
        void onDurable(List<Appended<A>> appended, JournalPosition end);
    }

    /** One append of a durable batch: what its caller attached, and where each of its records starts. */
    public record Appended<A>(A attachment, List<JournalPosition> records) {
    }

    /** A step of closing that may fail; run while no record is being written. */
    interface IoAction {
        void run() throws IOException;
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

    private final Path directory;
    private final SegmentReaders readers;
    private final SegmentDamage damage;
    private final WriteFailure failure = new WriteFailure();
    /** Where appends go on; null for a journal opened only to be read. */
    private final ActiveSegment active;
    private final long recoveredNextBatch;
    private final JournalPosition recoveredEnd;
    private final boolean fromCheckpoint;
    private final boolean fromSavedIndex;
    /** Null until {@link #start}. */
    private volatile GroupCommitWriter<A> writer;
    private volatile boolean closed;

    private Journal(Path directory, JournalRecovery.Opened opened, JournalPosition readOnlyEnd,
                    boolean fromSavedIndex, SegmentDamage damage) {
        this.directory = directory;
        this.readers = new SegmentReaders(directory);
        this.damage = damage;
        this.active = opened == null ? null : opened.active();
        this.recoveredNextBatch = opened == null ? 0 : opened.nextBatch();
        this.recoveredEnd = opened == null ? readOnlyEnd : opened.active().end();
        this.fromCheckpoint = opened != null && opened.fromCheckpoint();
        this.fromSavedIndex = fromSavedIndex;
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
    public static <A> Journal<A> open(Path directory, long segmentBytes, JournalPosition from,
                                      Consumer<Entry> replay, Consumer<String> warnings) throws IOException {
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
    public static <A> Journal<A> open(Path directory, long segmentBytes, JournalPosition from, Owner owner)
            throws IOException {
        SegmentDamage damage = new SegmentDamage(segmentBytes);
        JournalRecovery.Opened opened = new JournalRecovery(directory, segmentBytes, damage).open(from, owner);
        return new Journal<>(directory, opened, null, opened.fromSavedIndex(), damage);
    }

    /**
     * Opens the journal only to read it, on a disk that cannot be written (full, read-only, another's): nothing is
     * created, cleared, extended or copied aside, and {@link #start} refuses. The index saved at a clean close is
     * used when it is current; otherwise every record is handed to {@code owner} (damage is reported, not mended).
     */
    public static <A> Journal<A> openReadOnly(Path directory, Owner owner) throws IOException {
        SegmentDamage damage = new SegmentDamage(DEFAULT_SEGMENT_BYTES);
        JournalRecovery.ReadOnly opened = new JournalRecovery(directory, DEFAULT_SEGMENT_BYTES, damage)
                .openReadOnly(owner);
        return new Journal<>(directory, null, opened.durableEnd(), opened.fromSavedIndex(),
                damage);
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
            damage.noteLater(file, result);
        }
    }

    /** Damage that {@link #forEachRecord} came upon (the open had not read those segments), in words for the user. */
    public List<String> damageFoundSinceOpen() {
        return damage.foundLater();
    }

    /**
     * Whether a scan of this journal found damaged records (at open, or in {@link #forEachRecord}): a record the
     * owner misses may then be lost rather than elsewhere.
     */
    public boolean foundDamage() {
        return damage.found();
    }

    /**
     * Starts the writer; from now on {@link #append} works. The index saved at the last clean close is
     * deleted first: once anything is written it no longer describes the segments.
     */
    public void start(DurableListener<A> listener) throws IOException {
        start(listener, null);
    }

    /**
     * As {@link #start(DurableListener)}; and each time a batch ends in a segment after the last checkpoint's,
     * a checkpoint is saved ({@link Checkpoints}) with {@code checkpointIndex}: the owner's index of the records
     * since the checkpoint before, asked for by the thread that wrote that batch (the writer, or an appender
     * writing its own) right after that batch's {@link DurableListener#onDurable}, so it covers exactly the
     * records up to the batch's end.
     */
    public synchronized void start(DurableListener<A> listener, OwnerIndex checkpointIndex) throws IOException {
        if (writer != null) {
            throw new IllegalStateException("The journal writer is already running");
        }
        if (active == null) {
            throw new IOException("The journal in " + directory + " was opened only to be read");
        }
        CleanClose.discard(directory);
        GroupCommitWriter<A> started = new GroupCommitWriter<>(directory, active, recoveredNextBatch, listener,
                checkpointIndex, failure);
        started.start();
        writer = started;
    }

    /**
     * Writes the records and returns once they are durable, with the position after them.
     *
     * @throws IOException when the journal can no longer write (disk full, file gone); nothing after that
     *                     failure is acknowledged
     */
    public JournalPosition append(List<byte[]> payloads, A attachment) throws IOException {
        return running().append(payloads, attachment);
    }

    /**
     * Queues the records without waiting: they are written in order, so they are durable no later than any
     * append queued after them returns.
     */
    public void appendWithoutWaiting(List<byte[]> payloads, A attachment) throws IOException {
        running().enqueue(payloads, attachment);
    }

    private GroupCommitWriter<A> running() throws IOException {
        GroupCommitWriter<A> running = writer;
        if (running == null) {
            throw new IOException(closed ? "The journal is closed" : "The journal's writer has not been started");
        }
        return running;
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
        JournalPosition end = durableEnd();
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

    /** The position just after the record that starts at {@code start} and holds {@code payload}. */
    public static JournalPosition endOf(JournalPosition start, byte[] payload) {
        return new JournalPosition(start.segment(), start.offset() + RecordFormat.alignedSize(payload.length));
    }

    /** How many appends wait in the queue for the writer (none before {@link #start}). */
    int queuedAppends() {
        GroupCommitWriter<A> running = writer;
        return running == null ? 0 : running.queued();
    }

    /** The position after the last acknowledged record. */
    public JournalPosition durableEnd() {
        GroupCommitWriter<A> running = writer;
        return running != null ? running.durableEnd() : recoveredEnd;
    }

    /**
     * Hears once, with the error, when the journal stops accepting writes (a write, sync or new segment
     * failed); at once if it already has. Called on the thread whose write failed (the writer's, or an
     * appender's): hand anything slow to another.
     */
    public void onFailure(Consumer<IOException> listener) {
        failure.onFailure(listener);
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
        GroupCommitWriter<A> running;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            running = writer;
        }
        if (active == null) {
            // Nothing was opened to write, and each read opens and closes its own file.
            return;
        }
        IoAction finish = () -> {
            active.close();
            if (ownerIndex != null && failure.get() == null) {
                long lastBatch = running != null ? running.lastBatch() : recoveredNextBatch - 1;
                CleanClose.write(directory, lastBatch, durableEnd(), ownerIndex.get());
            }
        };
        if (running != null) {
            running.stop(finish);
        } else {
            finish.run();
        }
    }
}
