package dev.workshop.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Snapshot files: one per conversation in its team's folder, and what is never read or written. */
class SnapshotFolderTest {
    @TempDir
    Path dir;

    @Test
    void anOversizeFileIsRefusedWithoutReadingIt() throws Exception {
        Path huge = dir.resolve("huge.json");
        try (RandomAccessFile file = new RandomAccessFile(huge.toFile(), "rw")) {
            file.setLength(SnapshotFolder.MAX_FILE_BYTES + 1); // sparse: no disk used
        }
        assertThatThrownBy(() -> SnapshotFolder.read(huge, TenantId.LOCAL))
                .isInstanceOf(InvalidSnapshotException.class)
                .hasMessage("Invalid session snapshot " + huge + ": it has 256 MiB, over the limit of 256 MiB");
    }

    @Test
    void idsThatCannotNameAFileAreNeverLookedUpOrWritten() throws Exception {
        SnapshotFolder folder = new SnapshotFolder(dir);
        Files.createDirectories(dir.resolve("sessions/local"));
        Files.writeString(dir.resolve("sessions/secret.json"), "{}");

        assertThat(SnapshotFolder.canName(new ConversationId("../secret"))).isFalse();
        assertThat(SnapshotFolder.canName(new ConversationId(".hidden"))).isFalse();
        assertThat(SnapshotFolder.canName(new ConversationId("c745b62e-7199-4089-9b74-e096b09b0d36"))).isTrue();
        assertThat(folder.load(TenantId.LOCAL, new ConversationId("../secret"))).isEmpty();
        assertThat(folder.teamsHolding(new ConversationId("../secret"))).isEmpty();
    }

    @Test
    void aMissingFolderHoldsNothingAndAFileWhereTheFolderShouldBeIsNoSnapshot() throws Exception {
        SnapshotFolder folder = new SnapshotFolder(dir);
        assertThat(folder.load(TenantId.LOCAL, new ConversationId("any"))).isEmpty();
        Files.writeString(dir.resolve("sessions"), "not a folder");
        assertThat(folder.load(TenantId.LOCAL, new ConversationId("any"))).isEmpty();
        assertThat(folder.teamsHolding(new ConversationId("any"))).isEmpty();
    }
}
