package dev.workshop.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.Conversations;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.jdbc.JournaledConversationStore;
import java.io.BufferedReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe that the store benchmark runs in a fresh JVM for each restore. */
@dev.workshop.testing.Slow
class RestoreProbeTest {
    private static final ConversationId ID = new ConversationId("probe-1");

    @TempDir
    Path dir;

    @Test
    void reportsTheHistoryItRestoredAndWhetherACollectionPausedIt() throws Exception {
        try (DataDirectory data = DataDirectory.lock(dir); var store = JournaledConversationStore.open(data)) {
            store.append(TenantId.LOCAL, ID, 0, Conversations.startedWithMessages(20, 20));
        }

        // A young generation far smaller than what opening the store allocates: collections are certain.
        String[] crowded = probe(List.of("-XX:+UseSerialGC", "-Xmn256k"));
        String[] roomy = probe(List.of("-XX:+UseSerialGC", "-Xmn64m"));

        assertThat(crowded[0]).as("events").isEqualTo("21");
        assertThat(crowded[1]).as("turns").isEqualTo("20");
        assertThat(crowded[5]).as("a collection during the restore").isEqualTo("1");
        assertThat(roomy[5]).as("no collection in a young generation larger than the restore allocates")
                .isEqualTo("0");
    }

    private String[] probe(List<String> jvmOptions) throws Exception {
        Process probe = ChildJvm.start(jvmOptions, List.of("bench", "restore-probe", "--dir", dir.toString(),
                "--conversation", ID.value()));
        String line;
        try (BufferedReader output = probe.inputReader()) {
            line = output.readLine();
        }
        assertThat(probe.waitFor()).isZero();
        assertThat(line).isNotNull();
        return line.trim().split(" ");
    }
}
