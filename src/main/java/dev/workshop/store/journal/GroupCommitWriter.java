package dev.workshop.store.journal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Writes the journal's appends in batches that share one sync: a thread of its own takes every append queued at
 * the moment, writes them to the active segment and syncs once; an append that finds nothing queued and the
 * writer idle is written and synced by its own thread instead. After each batch the owner hears of it
 * ({@link Journal.DurableListener}) before the appenders return, and a checkpoint is left when the batch ends in
 * a new segment.
 */
final class GroupCommitWriter<A> {
    private static final int MAX_BATCH_APPENDS = 8192;

    private record Pending<A>(List<byte[]> payloads, A attachment, CompletableFuture<JournalPosition> done) {
    }

    /** Tells the writer to stop; it has no outcome to wait for. */
    private final Pending<A> stop = new Pending<>(List.of(), null, null);

    private final Path directory;
    private final ActiveSegment segment;
    private final Journal.DurableListener<A> listener;
    /** The owner's index for a checkpoint, asked for by whichever thread wrote the batch; null: no checkpoints. */
    private final Journal.OwnerIndex checkpointIndex;
    private final WriteFailure failure;
    private final BlockingQueue<Pending<A>> queue = new LinkedBlockingQueue<>();
    /**
     * Held while a batch is written, by the writer or by an appender writing its own record; it guards the
     * active segment and the batch numbers.
     */
    private final ReentrantLock writing = new ReentrantLock();
    /**
     * Appends queued and not yet written. An appender writes its own record only when there are none, so it
     * never overtakes an append queued before it (a turn's start, queued without waiting, precedes its message).
     */
    private final AtomicInteger unwritten = new AtomicInteger();
    private long nextBatch;
    private volatile JournalPosition durableEnd;
    private volatile boolean closed;
    /** The segment the last checkpoint's end is in; a batch that ends in a later one leaves a new checkpoint. */
    private long checkpointedSegment;
    /** Where this run's chain of checkpoints ends; null until the writer has started one (or after a failure). */
    private JournalPosition chainEnd;
    private Thread thread;

    GroupCommitWriter(Path directory, ActiveSegment segment, long nextBatch, Journal.DurableListener<A> listener,
                      Journal.OwnerIndex checkpointIndex, WriteFailure failure) {
        this.directory = directory;
        this.segment = segment;
        this.nextBatch = nextBatch;
        this.listener = listener;
        this.checkpointIndex = checkpointIndex;
        this.failure = failure;
        this.durableEnd = segment.end();
        this.checkpointedSegment = segment.number();
    }

    void start() {
        thread = Thread.ofPlatform().name("workshop-journal-writer").daemon(true).start(this::writeLoop);
    }

    JournalPosition durableEnd() {
        return durableEnd;
    }

    /** Appends queued and not written yet. */
    int queued() {
        return unwritten.get();
    }

    long lastBatch() {
        return nextBatch - 1;
    }

    JournalPosition append(List<byte[]> payloads, A attachment) throws IOException {
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
    private JournalPosition writeOwnIfIdle(List<byte[]> payloads, A attachment) throws IOException {
        if (unwritten.get() != 0 || !writing.tryLock()) {
            return null;
        }
        // The write cannot be interrupted, nor may the listener give up: a caller's interrupt waits until after.
        boolean interrupted = Thread.interrupted();
        try {
            int bytes = ActiveSegment.alignedBytes(payloads);
            if (unwritten.get() != 0 || closed || failure.get() != null || !segment.fits(bytes)) {
                return null;
            }
            Pending<A> pending = new Pending<>(List.copyOf(payloads), attachment, new CompletableFuture<>());
            try {
                writeBatchOrStop(List.of(pending), true);
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

    CompletableFuture<JournalPosition> enqueue(List<byte[]> payloads, A attachment) throws IOException {
        long bytes = ActiveSegment.alignedBytes(payloads);
        if (bytes > Journal.MAX_APPEND_BYTES) {
            throw new IOException("An append of " + bytes + " bytes is larger than the " + Journal.MAX_APPEND_BYTES
                    + " bytes one journal record may hold");
        }
        requireWritable();
        Pending<A> pending = new Pending<>(List.copyOf(payloads), attachment, new CompletableFuture<>());
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
        IOException failed = failure.get();
        if (failed != null) {
            throw new IOException("The journal stopped accepting writes after an earlier failure: "
                    + failed.getMessage(), failed);
        }
        if (closed) {
            throw new IOException("The journal is closed");
        }
    }

    private void writeLoop() {
        List<Pending<A>> batch = new ArrayList<>();
        boolean stopping = false;
        while (!stopping) {
            batch.clear();
            try {
                Pending<A> first = queue.poll(200, TimeUnit.MILLISECONDS);
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
                    stopping = batch.removeIf(pending -> pending == stop);
                    if (!batch.isEmpty()) {
                        writeBatchOrStop(batch, false);
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
    private void writeBatchOrStop(List<Pending<A>> batch, boolean ownThread) throws IOException {
        IOException earlier = failure.get();
        if (earlier != null) {
            throw earlier;
        }
        try {
            writeBatch(batch, ownThread);
        } catch (IOException e) {
            failure.set(e);
            throw e;
        }
    }

    private void stopAfter(IOException cause, List<Pending<A>> batch) {
        // Told before the appenders hear it: whoever sees an append fail finds the journal's state known.
        failure.tell(cause);
        batch.forEach(pending -> pending.done().completeExceptionally(cause));
        failEverythingQueued(cause);
    }

    private void writeBatch(List<Pending<A>> batch, boolean ownThread) throws IOException {
        long batchNo = nextBatch++;
        segment.startBatch();
        List<Journal.Appended<A>> appended = new ArrayList<>(batch.size());
        for (Pending<A> pending : batch) {
            appended.add(new Journal.Appended<>(pending.attachment(),
                    segment.add(batchNo, pending.payloads(), ownThread)));
        }
        segment.flush(ownThread);
        JournalPosition end = segment.end();
        durableEnd = end;
        // The listener first: it records where each event is, which a reader may ask as soon as its append returns.
        listener.onDurable(appended, end);
        batch.forEach(pending -> pending.done().complete(end));
        segment.prepareNextEarly();
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

    private void failEverythingQueued(IOException cause) {
        List<Pending<A>> left = new ArrayList<>();
        queue.drainTo(left);
        left.stream().filter(pending -> pending != stop)
                .forEach(pending -> pending.done().completeExceptionally(cause));
    }

    /**
     * Writes every append already queued and stops; what is queued later fails. Then runs {@code lastly} under the
     * write lock: an appender may still be writing its own record (it looked before this close began).
     */
    void stop(Journal.IoAction lastly) throws IOException {
        closed = true;
        queue.add(stop);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        segment.awaitNextReady();
        failEverythingQueued(new IOException("The journal is closed"));
        writing.lock();
        try {
            lastly.run();
        } finally {
            writing.unlock();
        }
    }
}
