package dev.workshop.store.journal;

import dev.workshop.store.file.AtomicFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a clean close leaves beside the segments, so that the next open need not read them all: where the
 * data ends, the last batch number, every segment's size and modification time, and an index saved by the
 * journal's owner (where each conversation's events are). It is used only if every segment is still exactly
 * as listed, and it is deleted, durably, before the journal writes again: a crash after later writes leaves
 * no such file.
 */
final class CleanClose {
    static final String FILE = "clean-close.idx";
    private static final long MAGIC = 0x574B_5348_434C_4E32L; // "WKSHCLN2"

    private CleanClose() {
    }

    static void write(Path directory, long lastBatch, JournalPosition end, byte[] ownerIndex) throws IOException {
        IndexRecord saved = new IndexRecord(lastBatch, JournalPosition.START, end, SegmentListing.describe(directory),
                ownerIndex);
        AtomicFile.write(directory.resolve(FILE), saved.encode(MAGIC));
    }

    /** The saved state, if there is one, it is intact, and the segments are exactly as it lists them. */
    static Optional<IndexRecord> readIfCurrent(Path directory) {
        byte[] bytes = IndexRecord.readFile(directory.resolve(FILE));
        if (bytes == null) {
            return Optional.empty();
        }
        try {
            IndexRecord saved = IndexRecord.decode(bytes, 0, bytes.length, MAGIC);
            return saved != null && SegmentListing.unchanged(saved.segments(), SegmentListing.describe(directory))
                    ? Optional.of(saved) : Optional.empty();
        } catch (IOException unreadable) {
            // Scanning the segments is always correct, only slower.
            return Optional.empty();
        }
    }

    /** Removes the saved state and makes the removal durable; called before the journal writes again. */
    static void discard(Path directory) throws IOException {
        if (Files.deleteIfExists(directory.resolve(FILE))) {
            SegmentFiles.syncDirectory(directory);
        }
    }
}
