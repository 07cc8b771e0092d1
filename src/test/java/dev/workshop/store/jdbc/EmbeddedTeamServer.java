package dev.workshop.store.jdbc;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real PostgreSQL for a test class (embedded, no Docker), started before its first test and stopped after its
 * last: {@code @RegisterExtension static final EmbeddedTeamServer SERVER = new EmbeddedTeamServer();}.
 */
public final class EmbeddedTeamServer implements BeforeAllCallback, AfterAllCallback {
    private EmbeddedPostgres postgres;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        postgres = EmbeddedPostgres.start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        postgres.close();
    }

    public EmbeddedPostgres postgres() {
        return postgres;
    }

    /** Its address as Workshop takes it, logging in as the superuser the embedded server trusts. */
    public String url() {
        return url(postgres);
    }

    /** As {@link #url()}, for a server a test started itself. */
    public static String url(EmbeddedPostgres server) {
        return "jdbc:postgresql://localhost:" + server.getPort() + "/postgres?user=postgres";
    }
}
