package dev.workshop.store.jdbc.team;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.Conversations;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Test connection" says what it found in one sentence: a usable server with the team's count, or exactly what is
 * wrong. The server asks for passwords (its own pg_hba.conf), so a refused login is a real one.
 */
@dev.workshop.testing.Slow
class TeamServerCheckTest {
    private static final TenantId TEAM = new TenantId("checked");
    private static EmbeddedPostgres postgres;
    @TempDir
    static Path hba;

    @BeforeAll
    static void startPostgres() throws Exception {
        Path rules = hba.resolve("pg_hba.conf");
        // The superuser is trusted (the tests set up with it); everyone else gives a password.
        Files.writeString(rules, """
                local all postgres trust
                host all postgres 127.0.0.1/32 trust
                host all postgres ::1/128 trust
                host all all 127.0.0.1/32 scram-sha-256
                host all all ::1/128 scram-sha-256
                """);
        postgres = EmbeddedPostgres.builder().setServerConfig("hba_file", rules.toString()).start();
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute("SET password_encryption = 'scram-sha-256'");
            statement.execute("CREATE ROLE alice LOGIN PASSWORD 'right-one'");
            statement.execute("CREATE ROLE bob LOGIN PASSWORD 'bobs'");
            statement.execute("CREATE DATABASE fresh");
            statement.execute("CREATE DATABASE newer");
        }
        PostgresConversationStore.open(url("postgres", "?user=postgres")).close();
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute("GRANT ALL ON ALL TABLES IN SCHEMA public TO alice");
        }
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        postgres.close();
    }

    private static String url(String database, String query) {
        return "jdbc:postgresql://localhost:" + postgres.getPort() + "/" + database + query;
    }

    @Test
    void aUsableServerSaysWhichAndHowManyConversationsTheTeamHasThere() {
        try (PostgresConversationStore store = PostgresConversationStore.open(url("postgres", "?user=postgres"))) {
            store.append(TEAM, ConversationId.random(), 0, Conversations.startedWithMessages(10, 0));
        }
        TeamServerCheck.Report report = TeamServerCheck.check(url("postgres", "?user=postgres"), TEAM, Map.of());
        assertThat(report.usable()).isTrue();
        assertThat(report.sentence()).startsWith("Connected to PostgreSQL ").contains("schema up to date")
                .endsWith("team checked has 1 conversation there");

        TeamServerCheck.Report empty = TeamServerCheck.check(url("fresh", "?user=postgres"), TEAM, Map.of());
        assertThat(empty.usable()).isTrue();
        assertThat(empty.sentence()).contains("an empty database");
    }

    @Test
    void aRefusedLoginSaysWhereTheCredentialsComeFromAndTheRightOnesAreTaken() {
        String alice = url("postgres", "?user=alice");
        TeamServerCheck.Report refused = TeamServerCheck.check(alice, TEAM, Map.of("PGPASSWORD", "wrong"));
        assertThat(refused.usable()).isFalse();
        assertThat(refused.sentence()).startsWith("The team server at localhost:" + postgres.getPort()
                + "/postgres refused the login").contains("PGPASSWORD").doesNotContain("wrong");

        assertThat(TeamServerCheck.check(alice, TEAM, Map.of("PGPASSWORD", "right-one")).usable()).isTrue();
        assertThat(TeamServerCheck.check(url("postgres", ""), TEAM,
                Map.of("PGUSER", "alice", "PGPASSWORD", "right-one")).usable()).isTrue();
    }

    @Test
    void aLoginWithoutRightsToTheTablesIsToldSo() {
        TeamServerCheck.Report report = TeamServerCheck.check(url("postgres", "?user=bob"), TEAM,
                Map.of("PGPASSWORD", "bobs"));
        assertThat(report.usable()).isFalse();
        assertThat(report.sentence()).startsWith("The team server at localhost:" + postgres.getPort()
                + "/postgres let bob in but does not let it use Workshop's tables").contains("GRANT");
    }

    @Test
    void aPgpassFileGivesThePassword() throws Exception {
        Path pgpass = hba.resolve("pgpass");
        Files.writeString(pgpass, "localhost:" + postgres.getPort() + ":*:alice:right-one\n");
        String before = System.getProperty("org.postgresql.pgpassfile");
        System.setProperty("org.postgresql.pgpassfile", pgpass.toString());
        try {
            TeamServerCheck.Report report = TeamServerCheck.check(url("postgres", "?user=alice"), TEAM, Map.of());
            assertThat(report.usable()).as(report.sentence()).isTrue();
        } finally {
            if (before == null) {
                System.clearProperty("org.postgresql.pgpassfile");
            } else {
                System.setProperty("org.postgresql.pgpassfile", before);
            }
        }
    }

    @Test
    void whatIsWrongIsSaidInOneSentence() throws Exception {
        int nobodyListens;
        try (ServerSocket socket = new ServerSocket(0)) {
            nobodyListens = socket.getLocalPort();
        }
        assertThat(TeamServerCheck.check("jdbc:postgresql://localhost:" + nobodyListens + "/postgres", TEAM, Map.of())
                .sentence()).startsWith("Cannot reach the team server at localhost:" + nobodyListens);
        assertThat(TeamServerCheck.check("jdbc:postgresql://no-such-host.invalid/postgres", TEAM, Map.of())
                .sentence()).isEqualTo("Cannot reach the team server: there is no host no-such-host.invalid");
        assertThat(TeamServerCheck.check(url("nope", "?user=postgres"), TEAM, Map.of()).sentence())
                .isEqualTo("The team server at localhost:" + postgres.getPort() + " has no database nope");
        assertThat(TeamServerCheck.check("mysql://somewhere/db", TEAM, Map.of()).sentence())
                .contains("jdbc:postgresql://HOST:PORT/DATABASE");

        try (PostgresConversationStore store = PostgresConversationStore.open(url("newer", "?user=postgres"));
             Connection connection = postgres.getDatabase("postgres", "newer").getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute("INSERT INTO flyway_schema_history (installed_rank, version, description, type, script,"
                    + " installed_by, execution_time, success) VALUES (99, '99', 'from the future', 'SQL', 'V99.sql',"
                    + " 'postgres', 1, true)");
        }
        TeamServerCheck.Report newer = TeamServerCheck.check(url("newer", "?user=postgres"), TEAM, Map.of());
        assertThat(newer.usable()).isFalse();
        assertThat(newer.sentence()).contains("its schema (version 99) is newer than this Workshop's")
                .endsWith("update Workshop to use it");
    }

    @Test
    void anAddressWithAPasswordInItIsRecognised() {
        assertThat(TeamServerCheck.namesPassword("jdbc:postgresql://h/db?user=a&password=secret")).isTrue();
        assertThat(TeamServerCheck.namesPassword("postgresql://a:secret@h/db")).isTrue();
        assertThat(TeamServerCheck.namesPassword("jdbc:postgresql://h/db?user=a")).isFalse();
    }
}
