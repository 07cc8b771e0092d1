package dev.workshop.store.jdbc.team;

import dev.workshop.store.ConversationStore;
import dev.workshop.store.jdbc.ConversationStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The store contract on the team server's adapter, on a real PostgreSQL started inside the build. */
@dev.workshop.testing.Slow
class PostgresStoreContractTest extends ConversationStoreContract {
    @org.junit.jupiter.api.extension.RegisterExtension
    static final EmbeddedTeamServer SERVER = new EmbeddedTeamServer();
    private PostgresConversationStore store;

    @BeforeEach
    void open() {
        store = PostgresConversationStore.open(SERVER.url());
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Override
    protected ConversationStore store() {
        return store;
    }
}
