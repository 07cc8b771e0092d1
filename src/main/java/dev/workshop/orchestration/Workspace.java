package dev.workshop.orchestration;

import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.ConversationStore;
import dev.workshop.store.DataDirectory;
import java.nio.file.Path;
import java.util.List;

/**
 * An opened data directory: its lock and its conversation store, for the app and the command line alike.
 * Closing it closes the store before giving the directory back.
 */
public final class Workspace implements AutoCloseable {
    private final DataDirectory directory;
    private final ConversationStore store;
    private final TenantId tenant;

    public Workspace(DataDirectory directory, ConversationStore store, TenantId tenant) {
        this.directory = directory;
        this.store = store;
        this.tenant = tenant;
    }

    public Path dataDirectory() {
        return directory.path();
    }

    public ConversationStore store() {
        return store;
    }

    public TenantId tenant() {
        return tenant;
    }

    public int conversationCount() {
        return store.count(tenant);
    }

    /** What opening found and repaired (a damaged journal, an unreadable database moved aside…). */
    public List<String> warnings() {
        return store.openingWarnings();
    }

    @Override
    public void close() {
        try {
            store.close();
        } finally {
            directory.close();
        }
    }
}
