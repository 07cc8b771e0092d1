package dev.workshop.store.jdbc.team;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.Conversations;
import dev.workshop.store.DriverLostException;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Two instances on one team server: one drives a conversation; the other takes over only once its claim ran out. */
@dev.workshop.testing.Slow
class DriverLeaseTest {
    @org.junit.jupiter.api.extension.RegisterExtension
    static final EmbeddedTeamServer SERVER = new EmbeddedTeamServer();
    private final TenantId team = new TenantId("leases");

    /** As if the owner had been paused (GC, SIGSTOP, a closed laptop) past its lease: it ran out by the server's clock. */
    private static void runOut(ConversationId id) throws Exception {
        try (Connection connection = SERVER.postgres().getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            statement.executeUpdate("UPDATE conversation_lease SET expires_at = now() - interval '1 second'"
                    + " WHERE conversation_id = '" + id.value() + "'");
        }
    }

    @Test
    void anOwnerWhoseClaimRanOutIsRefusedAfterTheTakeoverAndTheNewOwnerGoesOn() throws Exception {
        String url = SERVER.url();
        try (PostgresConversationStore first = PostgresConversationStore.open(url);
             PostgresConversationStore second = PostgresConversationStore.open(url)) {
            ConversationId id = ConversationId.random();
            first.append(team, id, 0, Conversations.startedWithMessages(10, 0));
            assertThat(first.drive(team, id)).isTrue();
            assertThat(second.drive(team, id)).as("a live owner keeps it").isFalse();
            assertThat(second.drivenElsewhere(team, id)).isPresent();
            first.append(team, id, 1, List.of(Conversations.message(0)));

            runOut(id);
            assertThat(second.drive(team, id)).as("taken over once the claim ran out").isTrue();
            assertThatThrownBy(() -> first.append(team, id, 2, List.of(Conversations.message(1))))
                    .isInstanceOf(DriverLostException.class)
                    .hasMessageStartingWith("Taken over by " + first.drivenElsewhere(team, id).orElseThrow())
                    .hasMessageContaining("(process " + ProcessHandle.current().pid() + ")");
            second.append(team, id, 2, List.of(Conversations.message(1)));
            assertThatThrownBy(() -> first.append(team, id, 3, List.of(Conversations.message(2))))
                    .as("and stays refused").isInstanceOf(DriverLostException.class);
            assertThat(first.history(team, id)).hasSize(3);

            second.stopDriving(team, id);
            assertThat(first.drivenElsewhere(team, id)).as("released at once, not left to run out").isEmpty();
        }
    }

    @Test
    void anOwnerFrozenInsideItsAppendDoesNotHoldUpTheTakeover() throws Exception {
        String url = SERVER.url();
        try (PostgresConversationStore first = PostgresConversationStore.open(url);
             PostgresConversationStore second = PostgresConversationStore.open(url);
             HikariDataSource frozenPool = TeamServerPool.DEFAULT.open(TeamServerUrl.parse(url), System.getenv())) {
            ConversationId id = ConversationId.random();
            first.append(team, id, 0, Conversations.startedWithMessages(10, 0));
            assertThat(first.drive(team, id)).isTrue();
            runOut(id);
            // As an append's transaction holds it when SIGSTOP lands between its statements: the claim's row locked.
            Connection frozen = frozenPool.getConnection();
            frozen.setAutoCommit(false);
            try (Statement lock = frozen.createStatement()) {
                lock.executeQuery("SELECT 1 FROM conversation_lease WHERE conversation_id = '" + id.value()
                        + "' FOR SHARE").close();
            }

            CompletableFuture<Boolean> takeover = CompletableFuture.supplyAsync(() -> second.drive(team, id));
            assertThat(takeover.get(20, TimeUnit.SECONDS)).as("taken over, not waiting behind the frozen lock")
                    .isTrue();
            assertThatThrownBy(() -> frozen.createStatement().executeQuery("SELECT 1"))
                    .as("the frozen session was ended by the server").isInstanceOf(SQLException.class)
                    .satisfies(ended -> assertThat(TeamServerProblems.isConnectionLost((SQLException) ended))
                            .as("heard as a lost connection: tried again, then refused as taken over").isTrue());
            frozen.close();
        }
    }
}
