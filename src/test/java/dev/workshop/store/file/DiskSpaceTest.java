package dev.workshop.store.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiskSpaceTest {
    @TempDir
    Path dir;

    @Test
    void tellsTheFreeSpaceOnlyWhenItIsLessThanWhatIsNeeded() throws Exception {
        long free = Files.getFileStore(dir).getUsableSpace();

        assertThat(DiskSpace.freeIfBelow(dir, Long.MAX_VALUE)).hasValueSatisfying(reported ->
                assertThat(reported).isBetween(free / 2, free * 2));
        assertThat(DiskSpace.freeIfBelow(dir, 0)).isEmpty();
    }

    @Test
    void aFolderNotYetMadeIsOnTheDiskOfTheNearestOneThatIs() {
        assertThat(DiskSpace.freeIfBelow(dir.resolve("not/yet/made"), Long.MAX_VALUE)).isPresent();
    }

    @Test
    void megabytesHaveOneDecimalInEveryLocale() {
        java.util.Locale before = java.util.Locale.getDefault();
        try {
            java.util.Locale.setDefault(java.util.Locale.GERMANY);
            assertThat(DiskSpace.megabytes(16L * 1024 * 1024)).isEqualTo("16.0 MB");
            assertThat(DiskSpace.megabytes(1_572_864)).isEqualTo("1.5 MB");
            assertThat(DiskSpace.megabytes(0)).isEqualTo("0.0 MB");
        } finally {
            java.util.Locale.setDefault(before);
        }
    }
}
