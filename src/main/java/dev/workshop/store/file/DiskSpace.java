package dev.workshop.store.file;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a write that failed most likely failed for want of room. "No space left on device" does not say
 * how much to free, and the database's own error does not say that the disk is full at all; this does, from
 * the space left after the failure (never checked before writing: some file systems report less than they
 * can still allocate).
 */
public final class DiskSpace {
    private DiskSpace() {
    }

    /** How much the disk holding {@code directory} has free, when that is less than {@code needed}. */
    public static Optional<Long> freeIfBelow(Path directory, long needed) {
        try {
            long free = Files.getFileStore(existing(directory)).getUsableSpace();
            return free < needed ? Optional.of(free) : Optional.empty();
        } catch (IOException unknown) {
            return Optional.empty();
        }
    }

    /** "12.5 MB": one decimal, the same in every locale, as messages and logs are read side by side. */
    public static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024.0));
    }

    /** The folder itself, or the nearest one above it that exists (a folder not yet made has no file store). */
    private static Path existing(Path directory) {
        Path at = directory.toAbsolutePath();
        while (at != null && !Files.exists(at)) {
            at = at.getParent();
        }
        return at == null ? directory : at;
    }
}
