package dev.workshop.store.journal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Opening the journal: picking up after a clean close, or after a crash reading what follows the last checkpoint
 * (or everything), clearing a torn last write and working around damage, so that appends can go on.
 */
final class JournalRecovery {
    /** Where appends go on, and how the journal was opened. */
    record Opened(ActiveSegment active, long nextBatch, boolean fromCheckpoint, boolean fromSavedIndex) {
    }

    /** What a journal opened only to be read knows: where its data ends, and whether the saved index served. */
    record ReadOnly(JournalPosition durableEnd, boolean fromSavedIndex) {
    }

    private final Path directory;
    private final long segmentBytes;
    private final SegmentDamage damage;

    JournalRecovery(Path directory, long segmentBytes, SegmentDamage damage) {
        this.directory = directory;
        this.segmentBytes = segmentBytes;
        this.damage = damage;
    }

    /** Uses the index saved at a clean close if the segments are untouched since and the owner takes it. */
    Opened open(JournalPosition from, Journal.Owner owner) throws IOException {
        Files.createDirectories(directory);
        Optional<IndexRecord> clean = CleanClose.readIfCurrent(directory);
        if (clean.isPresent() && canResume(clean.get()) && owner.useSavedIndex(List.of(clean.get().ownerIndex()))) {
            return resume(clean.get());
        }
        return recover(from, owner);
    }

    /** Nothing is created, cleared, extended or copied aside; damage is reported, not mended. */
    ReadOnly openReadOnly(Journal.Owner owner) throws IOException {
        if (!Files.isDirectory(directory)) {
            return new ReadOnly(JournalPosition.START, false);
        }
        Optional<IndexRecord> clean = CleanClose.readIfCurrent(directory);
        if (clean.isPresent() && owner.useSavedIndex(List.of(clean.get().ownerIndex()))) {
            return new ReadOnly(clean.get().end(), true);
        }
        JournalPosition end = JournalPosition.START;
        List<Long> segments = SegmentFiles.list(directory);
        for (int i = 0; i < segments.size(); i++) {
            long segment = segments.get(i);
            SegmentScanner.Result result = SegmentScanner.scan(SegmentFiles.path(directory, segment), segment,
                    i == segments.size() - 1, 0, record -> owner.replay(Journal.Entry.of(segment, record)));
            result.damage().forEach(found -> owner.warn("Journal damage: " + found + "; the records around it were"
                    + " read (nothing is mended while the data can only be read)"));
            end = new JournalPosition(segment, result.dataEnd());
        }
        return new ReadOnly(end, false);
    }

    private static boolean canResume(IndexRecord clean) {
        return !clean.segments().isEmpty() && clean.segments().getLast().number() == clean.end().segment()
                && clean.end().offset() >= RecordFormat.SEGMENT_HEADER_BYTES
                && clean.end().offset() <= clean.segments().getLast().size();
    }

    /** Picks up where a clean close left off: no torn write to clear, no damage to look for. */
    private Opened resume(IndexRecord clean) throws IOException {
        long segment = clean.end().segment();
        long lastSize = clean.segments().getLast().size();
        if (lastSize < segmentBytes) {
            SegmentFiles.extend(SegmentFiles.path(directory, segment), segmentBytes);
        }
        ActiveSegment active = ActiveSegment.open(directory, segmentBytes, segment, Math.max(segmentBytes, lastSize),
                clean.end().offset());
        return new Opened(active, clean.lastBatch() + 1, false, true);
    }

    private Opened recover(JournalPosition from, Journal.Owner owner) throws IOException {
        List<Long> segments = SegmentFiles.list(directory);
        if (segments.isEmpty()) {
            SegmentFiles.create(directory, 1, segmentBytes);
            segments = List.of(1L);
        }
        long lastBatch = -1;
        boolean fromCheckpoint = false;
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
                    record -> owner.replay(Journal.Entry.of(segment, record)));
            result = damage.note(file, result, owner::warn);
            lastBatch = Math.max(lastBatch, result.lastBatch());
            last = result;
        }
        return new Opened(continueAfter(segments.getLast(), last), lastBatch + 1, fromCheckpoint, false);
    }

    /** The segment appends go on in, after the last one was read with {@code last}. */
    private ActiveSegment continueAfter(long lastSegment, SegmentScanner.Result last) throws IOException {
        if (last.unsound()) {
            // Never written into: its damaged bytes stay as they were (its records were read; a copy is kept).
            long next = lastSegment + 1;
            SegmentFiles.create(directory, next, segmentBytes);
            return ActiveSegment.open(directory, segmentBytes, next, segmentBytes, RecordFormat.SEGMENT_HEADER_BYTES);
        }
        Path file = SegmentFiles.path(directory, lastSegment);
        if (last.tornTail()) {
            // A write that was cut off by the crash was never acknowledged; clear it so appends continue cleanly.
            SegmentFiles.zeroFrom(file, last.dataEnd());
        }
        SegmentFiles.extend(file, segmentBytes);
        return ActiveSegment.open(directory, segmentBytes, lastSegment, Math.max(segmentBytes, Files.size(file)),
                last.dataEnd());
    }
}
