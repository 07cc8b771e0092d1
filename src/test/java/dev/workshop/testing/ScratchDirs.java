package dev.workshop.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Data directories for UI tests, which make theirs in a TestFX {@code @Start} method where JUnit's {@code @TempDir}
 * is not yet set: each is deleted when the test JVM ends. A workspace preallocates its journal's segments (17 MB a
 * directory), and thousands of runs left behind filled a developer's disk.
 */
public final class ScratchDirs {
    private static final List<Path> MADE = new ArrayList<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ScratchDirs::deleteAll, "scratch-dirs"));
    }

    private ScratchDirs() {
    }

    /** A new empty directory under the system's temporary folder, gone when the JVM ends. */
    public static synchronized Path create(String prefix) {
        try {
            Path made = Files.createTempDirectory(prefix);
            MADE.add(made);
            return made;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static synchronized void deleteAll() {
        for (Path root : MADE) {
            try (Stream<Path> paths = Files.walk(root)) {
                paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException | UncheckedIOException e) {
                // Left for the system's own clean-up of its temporary folder.
            }
        }
    }
}
