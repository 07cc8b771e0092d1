package dev.workshop.session;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.file.AtomicFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Session snapshots on disk, one JSON file per conversation in its team's folder:
 * {@code <data>/sessions/<team>/<id>.json}, each written whole (synced temporary file, atomic rename), so a
 * crash leaves the previous snapshot or the new one, never half of one.
 */
public final class SnapshotFolder {
    /** Ids that can name a file: anything else is never a snapshot here (and never a path outside the folder). */
    private static final Pattern FILE_SAFE = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]*");
    /** Far above any real conversation (a message holds at most 1 MiB); a larger file is not read into memory. */
    static final long MAX_FILE_BYTES = 256L * 1024 * 1024;
    private final Path root;

    public SnapshotFolder(Path dataDirectory) {
        this.root = dataDirectory.resolve("sessions");
    }

    public Path fileOf(TenantId team, ConversationId id) {
        return root.resolve(team.value()).resolve(id.value() + ".json");
    }

    /** Writes the snapshot in its team's folder, replacing the previous one. */
    public void save(SessionSnapshot snapshot) throws IOException {
        ConversationId id = new ConversationId(snapshot.sessionId());
        if (!canName(id)) {
            throw new IOException("Conversation id " + id + " cannot name a snapshot file");
        }
        Path file = fileOf(snapshot.team(), id);
        // One level at a time, each only inside its parent: a data directory deleted while Workshop runs must
        // not come back holding only snapshots (createDirectories would make the whole path again).
        createIfMissing(root);
        createIfMissing(file.getParent());
        AtomicFile.write(file, SnapshotJson.toText(snapshot).getBytes(StandardCharsets.UTF_8));
    }

    /** Makes {@code folder} if it is not there; fails when its parent is not there either. */
    private static void createIfMissing(Path folder) throws IOException {
        try {
            Files.createDirectory(folder);
        } catch (java.nio.file.FileAlreadyExistsException exists) {
            if (!Files.isDirectory(folder)) {
                throw exists;
            }
        }
    }

    /**
     * The snapshot of {@code id} in {@code team}'s folder, if there is one.
     *
     * @throws InvalidSnapshotException when the file exists but cannot be read as a snapshot; names the file
     */
    public Optional<SessionSnapshot> load(TenantId team, ConversationId id) {
        if (!FILE_SAFE.matcher(id.value()).matches()) {
            return Optional.empty();
        }
        Path file = fileOf(team, id);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        return Optional.of(read(file, team));
    }

    /** Whether an id can name a snapshot file (letters, digits, '.', '-', '_'; not starting with '.'). */
    public static boolean canName(ConversationId id) {
        return FILE_SAFE.matcher(id.value()).matches();
    }

    /** Reads any snapshot or export file, migrating older schemas; {@code assumedTeam} for files naming none. */
    public static SessionSnapshot read(Path file, TenantId assumedTeam) {
        String text;
        try {
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                throw new InvalidSnapshotException("Invalid session snapshot " + file + ": it has " + size / (1024 * 1024)
                        + " MiB, over the limit of " + MAX_FILE_BYTES / (1024 * 1024) + " MiB");
            }
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InvalidSnapshotException("Cannot read the session snapshot " + file + ": " + e.getMessage(), e);
        }
        try {
            return SnapshotJson.read(text, assumedTeam);
        } catch (InvalidSnapshotException e) {
            throw new InvalidSnapshotException("Invalid session snapshot " + file + ": " + e.getMessage(), e);
        }
    }

    /** The teams whose folders hold a snapshot of {@code id}: tells "not found" from "another team's". */
    public List<TenantId> teamsHolding(ConversationId id) {
        List<TenantId> teams = new ArrayList<>();
        if (!FILE_SAFE.matcher(id.value()).matches() || !Files.isDirectory(root)) {
            return teams;
        }
        try (DirectoryStream<Path> folders = Files.newDirectoryStream(root, Files::isDirectory)) {
            for (Path folder : folders) {
                if (Files.isRegularFile(folder.resolve(id.value() + ".json"))) {
                    try {
                        teams.add(new TenantId(folder.getFileName().toString()));
                    } catch (IllegalArgumentException notATeamFolder) {
                        // A folder someone made by hand; not a team's.
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list " + root + ": " + e.getMessage(), e);
        }
        return teams;
    }

    /**
     * Deletes the snapshot of every conversation {@code erased} names by id (an erase), and the temporary files a
     * save cut short left beside them; how many snapshots.
     */
    public int erase(java.util.function.Predicate<String> erased) {
        if (!Files.isDirectory(root)) {
            return 0;
        }
        int deleted = 0;
        try (DirectoryStream<Path> folders = Files.newDirectoryStream(root, Files::isDirectory)) {
            for (Path folder : folders) {
                try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
                    for (Path file : files) {
                        String name = file.getFileName().toString();
                        String id = name.contains(".json") ? name.substring(0, name.indexOf(".json")) : name;
                        if (!id.isEmpty() && erased.test(id) && Files.deleteIfExists(file) && name.endsWith(".json")) {
                            deleted++;
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot erase snapshots in " + root + ": " + e.getMessage(), e);
        }
        return deleted;
    }
}
