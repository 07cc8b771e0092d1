package dev.workshop.store.jdbc;

import dev.workshop.store.DataDirectory;
import dev.workshop.store.ScrubbedPlace;
import dev.workshop.store.StoreException;
import dev.workshop.store.journal.SegmentRewriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Takes erased conversations out of the desktop store's files (docs/decisions/0031), while no store is open on them:
 * the journal's segments and the damaged copies kept beside them, the start copies, and the H2 database with every
 * copy of it (set aside as unreadable, backed up before a migration). H2 is not edited: it keeps old pages until it
 * compacts, and forcing that is known to break files, so it is deleted, and the next open rebuilds it from the
 * rewritten journal. The order makes each step safe to cut: the tables go first (a crash then leaves a journal that
 * still has everything and no tables, which the next open rebuilds — after finishing this scrub), then the indexes
 * of positions, then the segments one file at a time.
 */
public final class LocalScrub {
    /** What the scrub took out, store by store. */
    public record Scrubbed(long journalRecords, long elementChanges, long startCopies, long unreadableBytes,
                           int databaseFiles) {
    }

    private LocalScrub() {
    }

    /** The directory's store files as a place an erase scrubs. */
    public static ScrubbedPlace of(DataDirectory directory) {
        return erased -> {
            Scrubbed scrubbed = run(directory, erased);
            Map<String, Long> counts = new LinkedHashMap<>();
            counts.put("journal_records", scrubbed.journalRecords());
            counts.put("element_changes", scrubbed.elementChanges());
            counts.put("start_copies", scrubbed.startCopies());
            counts.put("unreadable_bytes", scrubbed.unreadableBytes());
            counts.put("database_files", (long) scrubbed.databaseFiles());
            return counts;
        };
    }

    /** Scrubs the conversations {@code erased} names (by id) out of the directory's store files. */
    static Scrubbed run(DataDirectory directory, Predicate<String> erased) {
        try {
            int databaseFiles = deleteTables(directory);
            ErasedRecords keep = new ErasedRecords(erased);
            SegmentRewriter.Rewritten journal = SegmentRewriter.rewrite(directory.journalDirectory(), keep);
            SegmentRewriter.Rewritten starts = SegmentRewriter.rewrite(directory.path().resolve(StartCopies.FOLDER),
                    keep);
            return new Scrubbed(journal.dropped(), journal.changed() + starts.changed(), starts.dropped(),
                    journal.unreadableBytes() + starts.unreadableBytes(), databaseFiles);
        } catch (IOException | RuntimeException e) {
            throw new StoreException("Cannot finish erasing in " + directory.path() + ": " + e.getMessage()
                    + ". Nothing erased comes back meanwhile; the erase is finished at the next start", e);
        }
    }

    /** The database, its trace, the copies set aside and the backups taken before migrations; how many files. */
    private static int deleteTables(DataDirectory directory) throws IOException {
        String base = directory.databaseBase().getFileName().toString();
        int deleted = 0;
        try (var listing = Files.list(directory.path())) {
            for (Path file : listing.toList()) {
                String name = file.getFileName().toString();
                if (name.startsWith(base + ".mv.db") || name.startsWith(base + ".trace.db")) {
                    deleted += Files.deleteIfExists(file) ? 1 : 0;
                }
            }
        }
        if (Files.isDirectory(directory.backupDirectory())) {
            try (var backups = Files.list(directory.backupDirectory())) {
                for (Path backup : backups.toList()) {
                    deleted += Files.deleteIfExists(backup) ? 1 : 0;
                }
            }
        }
        // Where the deleted tables had caught up to: a rebuild starts from the journal's beginning.
        Files.deleteIfExists(directory.journalDirectory().resolve(AppliedPosition.FILE));
        return deleted;
    }
}
