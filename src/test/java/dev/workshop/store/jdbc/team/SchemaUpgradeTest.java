package dev.workshop.store.jdbc.team;

import dev.workshop.store.jdbc.SchemaVersion;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.Conversations;
import dev.workshop.store.StoreException;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Clock;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A newer Workshop does not migrate a team server's schema from under older Workshops that still run on it: it
 * names them and changes nothing; once they stopped, it migrates.
 */
@dev.workshop.testing.Slow
class SchemaUpgradeTest {
    private EmbeddedPostgres postgres;
    private final TenantId team = new TenantId("upgrade");

    @BeforeEach
    void startPostgres() throws Exception {
        postgres = EmbeddedPostgres.start();
    }

    @AfterEach
    void stopPostgres() throws Exception {
        postgres.close();
    }

    private int applied() throws Exception {
        try (Connection connection = postgres.getPostgresDatabase().getConnection()) {
            return SchemaVersion.applied(connection).orElseThrow();
        }
    }

    @Test
    void anOlderWorkshopDrivingAConversationKeepsTheSchemaAsItIsUntilItStops() throws Exception {
        String url = EmbeddedTeamServer.url(postgres);
        PostgresConversationStore older = PostgresConversationStore.open(url, Map.of(), Clock.systemUTC(), 5);
        ConversationId id = ConversationId.random();
        older.append(team, id, 0, Conversations.startedWithMessages(10, 0));
        assertThat(older.drive(team, id)).isTrue();

        assertThatThrownBy(() -> PostgresConversationStore.open(url)).isInstanceOf(StoreException.class)
                .hasMessageContaining("is in use by an older Workshop (")
                .hasMessageContaining("(process " + ProcessHandle.current().pid() + ")")
                .hasMessageContaining("on schema version 5; this Workshop needs version " + SchemaVersion.LATEST)
                .hasMessageEndingWith("nothing was changed.");
        assertThat(applied()).as("left as it was").isEqualTo(5);

        older.stopDriving(team, id);
        older.close();
        try (PostgresConversationStore newer = PostgresConversationStore.open(url)) {
            assertThat(applied()).isEqualTo(SchemaVersion.LATEST);
            assertThat(newer.history(team, id)).as("what the older one wrote is there").hasSize(1);
        }
    }

    @Test
    void theRegistryNamesOlderWorkshopsSeenLatelyAndForgetsThoseLongGone() throws Exception {
        String url = EmbeddedTeamServer.url(postgres);
        try (PostgresConversationStore running = PostgresConversationStore.open(url);
             Connection connection = postgres.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            int now = SchemaVersion.LATEST;
            // As a Workshop one schema newer than this one would see it: this one runs on an older schema.
            assertThatThrownBy(() -> InstanceRegistry.refuseIfOlderRun(connection, OptionalInt.of(now), now + 1,
                    "here")).isInstanceOf(StoreException.class).hasMessageContaining("in use by an older Workshop")
                    .hasMessageContaining("on schema version " + now);
            // One that stopped without a word (kill -9) is forgotten once it has not been seen for a while.
            statement.executeUpdate("UPDATE workshop_instance SET seen_at = now() - interval '1 minute'");
            InstanceRegistry.refuseIfOlderRun(connection, OptionalInt.of(now), now + 1, "here");
            // And one on the newest schema is no reason to wait.
            InstanceRegistry.seen(connection, "newer-host/1/abc", now + 1);
            InstanceRegistry.refuseIfOlderRun(connection, OptionalInt.of(now), now + 1, "here");
        }
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement();
             var rows = statement.executeQuery("SELECT count(*) FROM workshop_instance WHERE owner <> 'newer-host/1/abc'")) {
            rows.next();
            assertThat(rows.getInt(1)).as("a Workshop that closed leaves the registry").isZero();
        }
    }
}
