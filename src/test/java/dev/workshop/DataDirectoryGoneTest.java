package dev.workshop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.store.StoreException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real data directory moved away under a running workspace: no append is acknowledged after that. */
class DataDirectoryGoneTest {
    @TempDir
    Path parent;

    @Test
    void aDataDirectoryMovedAwayStopsTheAcknowledgementsWithTheReason() throws Exception {
        Path dir = parent.resolve("data");
        try (Workspace workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(0))) {
            List<AgentId> pair = List.of(new AgentId("starter-ada"), new AgentId("starter-bruno"));
            workspace.engine().startConversation(pair, "Before", OptionalInt.of(2));
            workspace.engine().awaitAll();

            // Moved away in one step (a delete walks the tree while the store may still be writing into it).
            Files.move(dir, parent.resolve("moved-away"));
            await().atMost(Duration.ofSeconds(10)).until(() -> workspace.directoryWatch().gone().isPresent());

            assertThatThrownBy(() -> workspace.engine().startConversation(pair, "After", OptionalInt.of(2)))
                    .isInstanceOf(StoreException.class)
                    .hasMessage("The data directory " + dir + " was deleted or moved while Workshop was running;"
                            + " nothing more is saved");
            assertThat(Files.exists(dir)).as("nothing brought the folder back: %s", listing(dir)).isFalse();
        }
        assertThat(Files.exists(dir)).as("not even the close: %s", listing(dir)).isFalse();
    }

    private static String listing(Path dir) throws java.io.IOException {
        if (!Files.exists(dir)) {
            return "";
        }
        try (var paths = Files.walk(dir)) {
            return paths.map(Path::toString).toList().toString();
        }
    }
}
