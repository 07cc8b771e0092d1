package dev.workshop.store.jdbc;

import dev.workshop.store.ConversationStore;
import dev.workshop.store.DataDirectory;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** The store contract on the desktop's adapter: the journal in front of H2, in a real data directory. */
class JournaledStoreContractTest extends ConversationStoreContract {
    @TempDir
    Path dir;
    private DataDirectory data;
    private JournaledConversationStore store;

    @BeforeEach
    void open() {
        data = DataDirectory.lock(dir);
        store = JournaledConversationStore.open(data);
    }

    @AfterEach
    void close() {
        store.close();
        data.close();
    }

    @Override
    protected ConversationStore store() {
        return store;
    }
}
