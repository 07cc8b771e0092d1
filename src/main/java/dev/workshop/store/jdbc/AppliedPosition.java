package dev.workshop.store.jdbc;

import dev.workshop.store.file.AtomicFile;
import dev.workshop.store.journal.JournalPosition;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The journal position before which H2 surely holds every record: written (atomically, synced) only after
 * H2's own {@code CHECKPOINT SYNC}. It lives beside the journal, not in H2, because H2's state after an
 * unclean shutdown is exactly what is not trusted; replay at start begins here.
 */
final class AppliedPosition {
    static final String FILE = "applied.pos";

    /** A position, and how many events H2 held when it synced there (to notice a file that went back in time). */
    record Synced(JournalPosition position, long events) {
    }

    private AppliedPosition() {
    }

    static Optional<Synced> read(Path journalDirectory) {
        Path file = journalDirectory.resolve(FILE);
        try {
            if (!Files.exists(file)) {
                return Optional.empty();
            }
            String[] parts = Files.readString(file, StandardCharsets.US_ASCII).trim().split(" ");
            if (parts.length != 4 || !parts[0].equals("applied")) {
                return Optional.empty();
            }
            return Optional.of(new Synced(new JournalPosition(Long.parseLong(parts[1]), Long.parseLong(parts[2])),
                    Long.parseLong(parts[3])));
        } catch (IOException | NumberFormatException unreadable) {
            // Replaying from the start is always correct, only slower.
            return Optional.empty();
        }
    }

    static void write(Path journalDirectory, JournalPosition position, long events) throws IOException {
        AtomicFile.write(journalDirectory.resolve(FILE), ("applied " + position.segment() + " " + position.offset()
                + " " + events + "\n").getBytes(StandardCharsets.US_ASCII));
    }
}
