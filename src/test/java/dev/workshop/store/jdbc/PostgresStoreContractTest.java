package dev.workshop.store.jdbc;

import dev.workshop.store.ConversationStore;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/** The store contract on the team server's adapter, on a real PostgreSQL started inside the build. */
class PostgresStoreContractTest extends ConversationStoreContract {
    private static EmbeddedPostgres postgres;
    private PostgresConversationStore store;

    @BeforeAll
    static void startPostgres() throws Exception {
        postgres = EmbeddedPostgres.start();
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        postgres.close();
    }

    static String url(EmbeddedPostgres server) {
        return "jdbc:postgresql://localhost:" + server.getPort() + "/postgres?user=postgres";
    }

    @BeforeEach
    void open() {
        store = PostgresConversationStore.open(url(postgres));
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
