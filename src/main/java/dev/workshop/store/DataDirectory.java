package dev.workshop.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.Optional;

/**
 * The folder that holds one user's Workshop data, held by one process at a time through an OS file lock
 * (released by the OS when the process dies, even by {@code kill -9}, so a crash never leaves it stuck).
 */
public final class DataDirectory implements AutoCloseable {
    private static final String LOCK_FILE = "workshop.lock";

    private final Path path;
    private final FileChannel lockChannel;
    private final FileLock lock;
    /** The lock file's identity (its inode on Unix) when it was locked; null where the platform has none. */
    private final Object lockFileKey;

    private DataDirectory(Path path, FileChannel lockChannel, FileLock lock, Object lockFileKey) {
        this.path = path;
        this.lockChannel = lockChannel;
        this.lock = lock;
        this.lockFileKey = lockFileKey;
    }

    /**
     * Where the data lives: the {@code --data-dir} option, else {@code WORKSHOP_DATA_DIR}, else
     * {@code $XDG_DATA_HOME/workshop}, else {@code ~/.local/share/workshop}.
     */
    public static Path resolve(Optional<Path> option, Map<String, String> environment, Path home) {
        if (option.isPresent()) {
            return option.get().toAbsolutePath().normalize();
        }
        String explicit = environment.get("WORKSHOP_DATA_DIR");
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit).toAbsolutePath().normalize();
        }
        String xdg = environment.get("XDG_DATA_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : home.resolve(".local").resolve("share");
        return base.resolve("workshop").toAbsolutePath().normalize();
    }

    /** Creates the folder if needed and takes its lock. */
    public static DataDirectory lock(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        FileChannel channel = null;
        try {
            Files.createDirectories(absolute);
            channel = FileChannel.open(absolute.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                throw new DataDirectoryInUseException(absolute);
            }
            channel.truncate(0);
            channel.write(java.nio.ByteBuffer.wrap(processId().concat("\n").getBytes(StandardCharsets.UTF_8)));
            Object key = Files.readAttributes(absolute.resolve(LOCK_FILE), BasicFileAttributes.class).fileKey();
            return new DataDirectory(absolute, channel, lock, key);
        } catch (OverlappingFileLockException sameProcess) {
            closeQuietly(channel);
            throw new DataDirectoryInUseException(absolute);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new StoreException("Cannot use data directory " + absolute + ": " + reason(absolute, e), e);
        }
    }

    /**
     * The folder, to be read only, where it cannot be written (a full disk, a read-only mount): nothing is
     * created; a shared lock on the lock file, where there is one, keeps a Workshop that writes from starting
     * meanwhile, and is refused while one runs.
     *
     * @throws DataDirectoryInUseException when another Workshop holds the folder
     * @throws StoreException              when the folder is not there or cannot be read
     */
    public static DataDirectory readOnly(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        if (!Files.isDirectory(absolute)) {
            throw new StoreException("Cannot read data directory " + absolute + ": it is not there");
        }
        Path lockFile = absolute.resolve(LOCK_FILE);
        if (!Files.exists(lockFile)) {
            return new DataDirectory(absolute, null, null, null);
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(lockFile, StandardOpenOption.READ);
            FileLock lock = channel.tryLock(0, Long.MAX_VALUE, true);
            if (lock == null) {
                channel.close();
                throw new DataDirectoryInUseException(absolute);
            }
            return new DataDirectory(absolute, channel, lock, null);
        } catch (OverlappingFileLockException sameProcess) {
            closeQuietly(channel);
            throw new DataDirectoryInUseException(absolute);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new StoreException("Cannot read data directory " + absolute + ": " + e.getMessage(), e);
        }
    }

    /** Why a folder cannot be made or written, in words: the JDK's message for these is often the bare path. */
    private static String reason(Path directory, IOException problem) {
        if (problem instanceof FileAlreadyExistsException inTheWay && inTheWay.getFile() != null) {
            return Path.of(inTheWay.getFile()).equals(directory) ? "it is a file, not a folder"
                    : inTheWay.getFile() + " is a file, not a folder";
        }
        if (problem instanceof AccessDeniedException denied && denied.getFile() != null) {
            Path where = Path.of(denied.getFile());
            // The lock file is the first thing written inside: not being allowed to make it is the folder's doing.
            return "no permission to write in " + (directory.equals(where.getParent()) ? directory : where);
        }
        if (problem instanceof FileSystemException failed && "Not a directory".equals(failed.getReason())) {
            // Only one folder on the way can be a file: nothing can lie below a file.
            for (Path step = directory.getParent(); step != null; step = step.getParent()) {
                if (Files.isRegularFile(step)) {
                    return step + " is a file, not a folder";
                }
            }
        }
        return problem.getMessage();
    }

    /**
     * This process's id, for whoever looks into the lock file. Read from {@code /proc/self} where there is one:
     * the first {@link ProcessHandle#current()} in a JVM starts the JDK's process machinery, some 13 ms that
     * every command and the app's first restore would otherwise wait for (docs/perf.md).
     */
    private static String processId() {
        try {
            return Files.readSymbolicLink(Path.of("/proc/self")).toString();
        } catch (IOException | UnsupportedOperationException noProcFileSystem) {
            return Long.toString(ProcessHandle.current().pid());
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // Already failing with a clearer message.
            }
        }
    }

    public Path path() {
        return path;
    }

    /**
     * Why the folder is no longer the one this process locked (deleted, moved away or replaced while Workshop
     * ran), or empty while it is. What is written after that goes to files nobody will open again, so writes
     * must stop being acknowledged. A check that cannot tell (another I/O error) says nothing: the writes
     * themselves report a failing disk.
     */
    public Optional<String> whyGone() {
        if (lock == null) {
            // Opened only to read, where there was no lock file to hold: the folder itself is what can go.
            return Files.isDirectory(path) ? Optional.empty()
                    : Optional.of("The data directory " + path + " was deleted or moved while Workshop was running");
        }
        try {
            Object key = Files.readAttributes(path.resolve(LOCK_FILE), BasicFileAttributes.class).fileKey();
            return lockFileKey != null && !lockFileKey.equals(key)
                    ? Optional.of("The data directory " + path + " was replaced while Workshop was running")
                    : Optional.empty();
        } catch (NoSuchFileException gone) {
            return Optional.of("The data directory " + path + " was deleted or moved while Workshop was running");
        } catch (IOException cannotTell) {
            return Optional.empty();
        }
    }

    public Path journalDirectory() {
        return path.resolve("journal");
    }

    public Path backupDirectory() {
        return path.resolve("backups");
    }

    /** The H2 database name (H2 adds {@code .mv.db}). */
    public Path databaseBase() {
        return path.resolve("workshop");
    }

    @Override
    public void close() {
        if (lock == null) {
            return;
        }
        try {
            lock.release();
            lockChannel.close();
        } catch (IOException e) {
            throw new StoreException("Cannot release the lock of " + path + ": " + e.getMessage(), e);
        }
    }
}
