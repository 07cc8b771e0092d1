package dev.workshop;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.internal.storage.file.ObjectDirectory;
import org.eclipse.jgit.internal.storage.file.Pack;
import org.eclipse.jgit.internal.storage.file.PackIndex;

/**
 * Where a text is found in a data directory, byte for byte: every file as it lies on the disk, H2's database as its
 * own {@code Recover} tool dumps it (H2 may compress pages), and every object of a git repository unpacked (git
 * compresses them). What an erase's proof looks through.
 */
public final class CanaryScan {
    private CanaryScan() {
    }

    /** The places under {@code root} that hold {@code text}: files by path, H2 dumps and git objects by name. */
    public static List<String> find(Path root, String text) throws IOException {
        byte[] needle = text.getBytes(StandardCharsets.UTF_8);
        List<String> found = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        for (Path file : files) {
            if (contains(Files.readAllBytes(file), needle)) {
                found.add(root.relativize(file).toString());
            }
            String name = file.getFileName().toString();
            if (name.endsWith(".mv.db")) {
                found.addAll(inH2(file, needle));
            }
            if (name.equals("HEAD") && Files.isDirectory(file.resolveSibling("objects"))) {
                found.addAll(inGit(file.getParent(), needle));
            }
        }
        return found;
    }

    private static List<String> inH2(Path database, byte[] needle) throws IOException {
        Path dump = Files.createTempDirectory("h2-recover");
        try {
            Path copy = dump.resolve("scan.mv.db");
            Files.copy(database, copy);
            org.h2.tools.Recover.execute(dump.toString(), "scan");
            List<String> found = new ArrayList<>();
            try (Stream<Path> sql = Files.list(dump)) {
                for (Path file : sql.filter(path -> path.toString().endsWith(".sql")).toList()) {
                    if (contains(Files.readAllBytes(file), needle)) {
                        found.add(database + " as H2 Recover dumps it");
                    }
                }
            }
            return found;
        } catch (java.sql.SQLException e) {
            throw new IOException(e);
        } finally {
            try (Stream<Path> left = Files.walk(dump)) {
                for (Path path : left.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(path);
                }
            }
        }
    }

    private static List<String> inGit(Path gitDir, byte[] needle) throws IOException {
        List<String> found = new ArrayList<>();
        try (Repository repository = new FileRepositoryBuilder().setGitDir(gitDir.toFile()).build();
             ObjectReader reader = repository.newObjectReader()) {
            for (ObjectId id : allObjects(repository)) {
                if (contains(reader.open(id).getBytes(), needle)) {
                    found.add("git object " + id.name() + " in " + gitDir);
                }
            }
        }
        return found;
    }

    private static List<ObjectId> allObjects(Repository repository) throws IOException {
        List<ObjectId> ids = new ArrayList<>();
        ObjectDirectory objects = (ObjectDirectory) repository.getObjectDatabase();
        for (Pack pack : objects.getPacks()) {
            for (PackIndex.MutableEntry entry : pack) {
                ids.add(entry.toObjectId());
            }
        }
        Path loose = objects.getDirectory().toPath();
        try (Stream<Path> walk = Files.walk(loose, 2)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                String folder = file.getParent().getFileName().toString();
                String rest = file.getFileName().toString();
                if (folder.length() == 2 && rest.length() == 38) {
                    ids.add(ObjectId.fromString(folder + rest));
                }
            }
        }
        return ids;
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
