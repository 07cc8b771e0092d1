package dev.workshop.store.jdbc.team;

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

    /**
     * A server on its own data folder and port, which a test may stop and start again (a restart, an outage): the
     * data stays, and so does the address the Workshops under test know.
     */
    public static EmbeddedPostgres startOn(java.nio.file.Path data, int port) throws java.io.IOException {
        return EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(false).setPort(port).start();
    }

    /** A port nobody listens on now, for a server to start on (again) later. */
    public static int freePort() throws java.io.IOException {
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            return free.getLocalPort();
        }
    }

    /** As {@link #url()}, for a server a test started itself. */
    public static String url(EmbeddedPostgres server) {
        return "jdbc:postgresql://localhost:" + server.getPort() + "/postgres?user=postgres";
    }
}
