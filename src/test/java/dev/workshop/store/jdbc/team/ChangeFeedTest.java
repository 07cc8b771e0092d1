package dev.workshop.store.jdbc.team;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.Conversations;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Instances on one team server hear what the others changed: live, and after their listening connection was cut. */
@dev.workshop.testing.Slow
class ChangeFeedTest {
    @org.junit.jupiter.api.extension.RegisterExtension
    static final EmbeddedTeamServer SERVER = new EmbeddedTeamServer();
    private final TenantId team = new TenantId("feed");

    @Test
    void anotherInstancesAppendsAndTakingsAreHeardAndOnesOwnAreNot() {
        String url = SERVER.url();
        try (PostgresConversationStore first = PostgresConversationStore.open(url);
             PostgresConversationStore second = PostgresConversationStore.open(url)) {
            List<ConversationId> heard = new CopyOnWriteArrayList<>();
            List<ConversationId> otherTeam = new CopyOnWriteArrayList<>();
            second.watchElsewhere(team, heard::add);
            second.watchElsewhere(new TenantId("someone-else"), otherTeam::add);
            ConversationId byFirst = ConversationId.random();
            first.append(team, byFirst, 0, Conversations.startedWithMessages(10, 0));
            await().atMost(Duration.ofSeconds(10)).until(() -> heard.contains(byFirst));

            ConversationId bySecond = ConversationId.random();
            second.append(team, bySecond, 0, Conversations.startedWithMessages(10, 0));
            assertThat(first.drive(team, byFirst)).isTrue();
            // Notifications arrive in commit order: once the taking is heard, second's own append would have been too.
            await().atMost(Duration.ofSeconds(10)).until(() -> heard.stream().filter(byFirst::equals).count() == 2);
            assertThat(heard).as("its own append is not news to it").doesNotContain(bySecond);
            assertThat(otherTeam).as("another team hears nothing of this one").isEmpty();

            assertThat(second.drivers(team)).containsOnlyKeys(byFirst);
            assertThat(second.drivers(team).get(byFirst)).contains("(process " + ProcessHandle.current().pid() + ")");
            assertThat(first.drivers(team)).as("what it drives itself is not 'elsewhere'").isEmpty();
            first.stopDriving(team, byFirst);
            await().atMost(Duration.ofSeconds(10)).until(() -> heard.stream().filter(byFirst::equals).count() == 3);
            assertThat(second.drivers(team)).isEmpty();
        }
    }

    @Test
    void aChangeMadeWhileTheListeningConnectionWasCutIsReportedOnceItIsBack() throws Exception {
        String url = SERVER.url();
        CountDownLatch mayReconnect = new CountDownLatch(1);
        AtomicInteger connections = new AtomicInteger();
        List<Integer> listenerPids = new CopyOnWriteArrayList<>();
        try (PostgresConversationStore writer = PostgresConversationStore.open(url);
             ChangeFeed feed = new ChangeFeed("watcher", () -> {
                 try {
                     if (connections.incrementAndGet() > 1) {
                         mayReconnect.await(30, TimeUnit.SECONDS);
                     }
                     Connection connection = SERVER.postgres().getPostgresDatabase().getConnection();
                     listenerPids.add(backendPid(connection));
                     return connection;
                 } catch (SQLException | InterruptedException e) {
                     throw new IllegalStateException(e);
                 }
             })) {
            ConversationId before = ConversationId.random();
            writer.append(team, before, 0, Conversations.startedWithMessages(10, 0));
            List<ConversationId> heard = new CopyOnWriteArrayList<>();
            feed.watch(team, heard::add);
            await().atMost(Duration.ofSeconds(10)).until(() -> listenerPids.size() == 1);
            ConversationId live = ConversationId.random();
            writer.append(team, live, 0, Conversations.startedWithMessages(10, 0));
            await().atMost(Duration.ofSeconds(10)).until(() -> heard.contains(live));

            terminate(listenerPids.getFirst());
            await().atMost(Duration.ofSeconds(10)).until(() -> connections.get() == 2);
            // Sent while nobody listens: the notification is gone, only the versions tell.
            writer.append(team, before, 1, List.of(Conversations.message(0)));
            ConversationId created = ConversationId.random();
            writer.append(team, created, 0, Conversations.startedWithMessages(10, 0));
            assertThat(heard).doesNotContain(before, created);
            mayReconnect.countDown();

            await().atMost(Duration.ofSeconds(10)).until(() -> heard.containsAll(List.of(before, created)));
            assertThat(heard.stream().filter(live::equals).count()).as("an unchanged one is not reported again")
                    .isEqualTo(1);
        }
    }

    private static int backendPid(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT pg_backend_pid()")) {
            result.next();
            return result.getInt(1);
        }
    }

    private static void terminate(int pid) throws SQLException {
        try (Connection connection = SERVER.postgres().getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute("SELECT pg_terminate_backend(" + pid + ")");
        }
    }
}
