package dev.workshop.store.file;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Whole-file replacement that a crash cannot tear: the bytes go to a synced temporary file that is renamed
 * over the old one, and the folder is synced so the rename itself survives a power cut.
 */
public final class AtomicFile {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private AtomicFile() {
    }

    public static void write(Path file, byte[] bytes) throws IOException {
        write(file, out -> out.write(bytes));
    }

    /**
     * As {@link #write(Path, byte[])}, the content streamed to the temporary file as {@code content} makes it: a file
     * larger than the heap would hold as one array (a long conversation's export) is written all the same.
     */
    public static void write(Path file, Content content) throws IOException {
        Path temporary = file.resolveSibling(file.getFileName() + ".new");
        try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
            content.writeTo(out);
            out.flush();
            channel.force(true);
        } catch (IOException e) {
            // The old file is untouched.
            throw discardAfter(e, temporary);
        }
        Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        syncFolder(file.toAbsolutePath().getParent());
    }

    /** What a file holds, written to the stream it is given (which it must leave open: it is synced after). */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Deletes a half-written temporary file after {@code failure} and returns the failure to throw (with the
     * delete's own error suppressed in it). Left behind, the copy would only take room: on a full disk, the room
     * that was missing.
     */
    public static IOException discardAfter(IOException failure, Path temporary) {
        try {
            Files.deleteIfExists(temporary);
        } catch (IOException notDeleted) {
            failure.addSuppressed(notDeleted);
        }
        return failure;
    }

    private static void syncFolder(Path folder) {
        try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException ignored) {
            // Some file systems cannot open a folder for syncing; the rename is still atomic there.
        }
    }

    /**
     * Moves {@code file} aside as {@link #moveAside} does and says so in a sentence for a warning (" It was moved to
     * X."), or that it could not be: a file that cannot be used is never left in the way without a word.
     */
    static String setAsideSaying(Path file) {
        try {
            return " It was moved to " + moveAside(file) + ".";
        } catch (IOException moveFailed) {
            return " It could not be moved aside either (" + moveFailed.getMessage() + ").";
        }
    }

    /**
     * Renames an unreadable file so that nothing overwrites it; returns where it went. A file moved aside earlier
     * in the same second keeps its name: this one takes the next free number after the time.
     */
    public static Path moveAside(Path file) throws IOException {
        String stamped = file.getFileName() + ".unreadable-" + LocalDateTime.now().format(STAMP);
        for (int copy = 1; ; copy++) {
            Path aside = file.resolveSibling(copy == 1 ? stamped : stamped + "-" + copy);
            try {
                Files.move(file, aside);
                return aside;
            } catch (java.nio.file.FileAlreadyExistsException taken) {
                if (copy >= 100) {
                    throw taken;
                }
            }
        }
    }
}
