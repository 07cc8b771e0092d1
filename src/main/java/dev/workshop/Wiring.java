package dev.workshop;

import dev.workshop.domain.conversation.TenantId;
import dev.workshop.orchestration.Workspace;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.jdbc.JournaledConversationStore;
import java.nio.file.Path;

/** The composition root: the one place that picks implementations and hands them to constructors. */
public final class Wiring {
    private Wiring() {
    }

    /** Locks the data directory and opens its store (H2 with the durable journal, the desktop default). */
    public static Workspace openWorkspace(Path dataDirectory) {
        DataDirectory directory = DataDirectory.lock(dataDirectory);
        try {
            return new Workspace(directory, JournaledConversationStore.open(directory), TenantId.LOCAL);
        } catch (RuntimeException e) {
            directory.close();
            throw e;
        }
    }
}
