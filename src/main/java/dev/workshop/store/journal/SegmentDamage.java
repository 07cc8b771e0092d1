package dev.workshop.store.journal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * What scans of the journal's segments found wrong: each damaged segment is kept aside as it was found, the
 * damage is put in words for the user, and the journal remembers that it saw some.
 */
final class SegmentDamage {
    private final long segmentBytes;
    private volatile boolean found;
    /** Damage found after the open, by a later visit of the records. */
    private final List<String> later = new CopyOnWriteArrayList<>();

    SegmentDamage(long segmentBytes) {
        this.segmentBytes = segmentBytes;
    }

    boolean found() {
        return found;
    }

    List<String> foundLater() {
        return List.copyOf(later);
    }

    /** As {@link #note}, for a visit after the open: its words are kept for {@link #foundLater}. */
    SegmentScanner.Result noteLater(Path file, SegmentScanner.Result result) throws IOException {
        return note(file, result, later::add);
    }

    /**
     * Reports what a scan of {@code file} found wrong with it, and whether it was cut short, keeping a copy of a
     * damaged segment; the result, made unsound when the segment was cut short (nothing may be written into it).
     */
    SegmentScanner.Result note(Path file, SegmentScanner.Result result, Consumer<String> warn) throws IOException {
        Optional<String> cut = SegmentFiles.cutShort(file, segmentBytes);
        if (result.damage().isEmpty() && cut.isEmpty()) {
            return result;
        }
        found = true;
        Path copy = keepCopyAside(file);
        result.damage().forEach(damage -> warn.accept("Journal damage: part of the journal was unreadable; what was"
                + " around it was recovered, and what it held is read from the database where that has it. A copy of"
                + " the file as found was kept as " + copy + " (" + damage + ")."));
        if (cut.isEmpty()) {
            return result;
        }
        warn.accept("Journal damage: a journal file was cut short; what was written after its end is read from the"
                + " database where that holds it. A copy of the file as found was kept as " + copy + " (" + cut.get()
                + ").");
        return new SegmentScanner.Result(result.dataEnd(), result.lastBatch(), false, result.damage(), true);
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
        Path copy = file.resolveSibling(prefix + stamp);
        Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
        return copy;
    }
}
