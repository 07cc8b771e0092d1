package dev.workshop.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataDirectoryTest {
    private static final Path HOME = Path.of("/home/ada");

    @Test
    void theOptionWinsOverEverything() {
        assertThat(DataDirectory.resolve(Optional.of(Path.of("/data/ws")),
                Map.of("WORKSHOP_DATA_DIR", "/env/ws", "XDG_DATA_HOME", "/xdg"), HOME)).isEqualTo(Path.of("/data/ws"));
    }

    @Test
    void thenTheWorkshopVariable() {
        assertThat(DataDirectory.resolve(Optional.empty(), Map.of("WORKSHOP_DATA_DIR", "/env/ws", "XDG_DATA_HOME", "/xdg"),
                HOME)).isEqualTo(Path.of("/env/ws"));
    }

    @Test
    void thenTheXdgDataHome() {
        assertThat(DataDirectory.resolve(Optional.empty(), Map.of("XDG_DATA_HOME", "/xdg"), HOME))
                .isEqualTo(Path.of("/xdg/workshop"));
    }

    @Test
    void elseTheUsersLocalShare() {
        assertThat(DataDirectory.resolve(Optional.empty(), Map.of("XDG_DATA_HOME", " "), HOME))
                .isEqualTo(Path.of("/home/ada/.local/share/workshop"));
    }

    @Test
    void aFileWhereTheDirectoryShouldBeIsAClearError(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("not-a-directory"), "x");
        assertThatThrownBy(() -> DataDirectory.lock(file))
                .isInstanceOf(StoreException.class)
                .hasMessage("Cannot use data directory " + file + ": it is a file, not a folder");
    }

    @Test
    void aFileOnTheWayToTheDirectoryIsNamed(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("not-a-directory"), "x");
        Path below = file.resolve("workshop").resolve("data");
        assertThatThrownBy(() -> DataDirectory.lock(below))
                .isInstanceOf(StoreException.class)
                .hasMessage("Cannot use data directory " + below + ": " + file + " is a file, not a folder");
    }

    @Test
    void theLockFileNamesTheProcessThatHoldsIt(@TempDir Path dir) throws Exception {
        try (DataDirectory ignored = DataDirectory.lock(dir)) {
            assertThat(Files.readString(dir.resolve("workshop.lock")))
                    .isEqualTo(ProcessHandle.current().pid() + "\n");
        }
    }

    @Test
    void tellsWhenTheFolderIsDeletedOrMovedAwayOrReplacedWhileItIsOpen(@TempDir Path parent) throws Exception {
        Path dir = parent.resolve("data");
        try (DataDirectory opened = DataDirectory.lock(dir)) {
            assertThat(opened.whyGone()).isEmpty();

            Files.move(dir, parent.resolve("moved"));
            assertThat(opened.whyGone()).contains("The data directory " + dir
                    + " was deleted or moved while Workshop was running");

            Files.createDirectories(dir);
            Files.writeString(dir.resolve("workshop.lock"), "someone else\n");
            assertThat(opened.whyGone()).contains("The data directory " + dir + " was replaced while Workshop was running");
        }
    }

    @Test
    void readOnlyCreatesNothingAndIsRefusedWhileAWorkshopHoldsTheFolder(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("data");
        Files.createDirectories(data);

        try (DataDirectory reading = DataDirectory.readOnly(data)) {
            assertThat(reading.whyGone()).isEmpty();
            assertThat(data).isEmptyDirectory();
        }
        assertThatThrownBy(() -> DataDirectory.readOnly(dir.resolve("none"))).isInstanceOf(StoreException.class)
                .hasMessage("Cannot read data directory " + dir.resolve("none") + ": it is not there");
        try (DataDirectory writing = DataDirectory.lock(data)) {
            assertThatThrownBy(() -> DataDirectory.readOnly(data)).isInstanceOf(DataDirectoryInUseException.class);
        }
        try (DataDirectory reading = DataDirectory.readOnly(data)) {
            Files.delete(data.resolve("workshop.lock"));
            Files.delete(data);
            assertThat(reading.whyGone()).contains("The data directory " + data
                    + " was deleted or moved while Workshop was running");
        }
    }
}
