package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.jdbc.team.PostgresConversationStore;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three {@code workshop serve} instances on one team server drive a batch of conversations while one of them is
 * killed with SIGKILL again and again (and started again), and the team server itself restarts once under them: in
 * the end every conversation's turns run 0..n-1 with no gap, no duplicate and the speakers in rotation. Takeover
 * times are printed. A bounded sample runs in {@code verify}; the size (long enough that every kill finds
 * conversations to take over) runs with {@code ./mvnw test -Dtest=TeamSoakTest -Dworkshop.soakConversations=50
 * -Dworkshop.soakKills=10 -Dworkshop.soakTurns=60 -Dworkshop.soakReplyMillis=400
 * -Djunit.jupiter.execution.timeout.default=30m}.
 */
@dev.workshop.testing.Slow
class TeamSoakTest {
    private static final TenantId TEAM = new TenantId("soak");
    private static final List<Participant> MEMBERS = List.of(new Participant(new AgentId("starter-ada"), "Ada"),
            new Participant(new AgentId("starter-bruno"), "Bruno"), new Participant(new AgentId("starter-chen"), "Chen"));

    @TempDir
    Path dir;

    /** How long each offline reply takes: long enough runs give every kill something to take over. */
    private static final String REPLY_MILLIS = String.valueOf(Integer.getInteger("workshop.soakReplyMillis", 150));

    private static Process serve(String url, Path data) throws java.io.IOException {
        Process process = WorkshopProcess.start(Map.of(), List.of("--data-dir", data.toString(), "--store-url", url,
                "--team", TEAM.value(), "serve", "--offline-delay-ms", REPLY_MILLIS));
        // Its event lines are not read here: drained so that a full pipe never stops it.
        Thread.ofVirtual().start(() -> drain(process));
        return process;
    }

    private static void drain(Process process) {
        try (var out = process.getInputStream(); var err = process.getErrorStream()) {
            out.transferTo(java.io.OutputStream.nullOutputStream());
            err.transferTo(java.io.OutputStream.nullOutputStream());
        } catch (java.io.IOException gone) {
            // The process is gone.
        }
    }

    /** The conversations whose lease the instance with {@code pid} holds now. */
    private static List<String> ownedBy(EmbeddedPostgres postgres, long pid) throws Exception {
        List<String> owned = new ArrayList<>();
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
             PreparedStatement select = connection.prepareStatement(
                     "SELECT conversation_id FROM conversation_lease WHERE owner LIKE ?")) {
            select.setString(1, "%/" + pid + "/%");
            try (ResultSet result = select.executeQuery()) {
                while (result.next()) {
                    owned.add(result.getString(1));
                }
            }
        }
        return owned;
    }

    @Test
    void conversationsDrivenByThreeInstancesOneKilledAgainAndAgainEndWithEveryTurnOnce() throws Exception {
        int conversations = Integer.getInteger("workshop.soakConversations", 9);
        int kills = Integer.getInteger("workshop.soakKills", 2);
        int turns = Integer.getInteger("workshop.soakTurns", 6);
        long seed = System.nanoTime();
        boolean restarted = false;
        Random random = new Random(seed);
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path data = dir.resolve("pgdata");
        // Held in an array: the server is stopped and started again on the same data half-way through.
        EmbeddedPostgres[] postgres = {start(data, port)};
        try {
            String url = "jdbc:postgresql://localhost:" + port + "/postgres?user=postgres";
            List<ConversationId> ids = new ArrayList<>();
            try (PostgresConversationStore store = PostgresConversationStore.open(url)) {
                for (int i = 0; i < conversations; i++) {
                    ConversationId id = ConversationId.random();
                    store.append(TEAM, id, 0, List.of(new ConversationStarted(ConversationKind.CONVERSATION, MEMBERS,
                            "Plan item " + i, turns)));
                    ids.add(id);
                }
            }
            List<Process> servers = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                servers.add(serve(url, dir.resolve("device-" + i)));
            }
            List<Long> takeoverMillis = new ArrayList<>();
            try (PostgresConversationStore store = PostgresConversationStore.open(url)) {
                for (int kill = 0; kill < kills; kill++) {
                    int victim = random.nextInt(servers.size());
                    long pid = servers.get(victim).pid();
                    // Killed while it drives something, so that each kill is a takeover.
                    await().ignoreException(dev.workshop.store.StoreUnavailableException.class).atMost(Duration.ofSeconds(90)).until(() -> !ownedBy(postgres[0], pid).isEmpty()
                            || allCompleted(store, ids));
                    if (allCompleted(store, ids)) {
                        System.out.println("TeamSoakTest: all completed after " + kill + " kills");
                        break;
                    }
                    // Turns recorded so far: taken over means a new turn recorded, not merely resumed (a resume
                    // moves the version at once, and a kill right after it would charge the crash-loop guard
                    // with a turn nobody had time to answer).
                    Map<String, Integer> versions = new HashMap<>();
                    for (String owned : ownedBy(postgres[0], pid)) {
                        versions.put(owned, store.state(TEAM, new ConversationId(owned)).orElseThrow().turnCount());
                    }
                    servers.get(victim).destroyForcibly();
                    servers.get(victim).waitFor(30, TimeUnit.SECONDS);
                    long killedAt = System.nanoTime();
                    servers.set(victim, serve(url, dir.resolve("device-" + victim)));
                    // Taken over: each conversation it drove records a turn again (or ended, on its last turn).
                    await().ignoreException(dev.workshop.store.StoreUnavailableException.class).atMost(Duration.ofSeconds(90)).until(() -> versions.entrySet().stream().allMatch(entry -> {
                        ConversationState now = store.state(TEAM, new ConversationId(entry.getKey())).orElseThrow();
                        return now.turnCount() > entry.getValue() || now.status() == ConversationStatus.COMPLETED;
                    }));
                    takeoverMillis.add(Duration.ofNanos(System.nanoTime() - killedAt).toMillis());
                    System.out.println("TeamSoakTest: kill " + (kill + 1) + " of instance " + victim + " (" + versions.size()
                            + " conversations) taken over in " + takeoverMillis.getLast() + " ms");
                    if (kill == 0) {
                        // The team server itself restarts under the three instances: they wait and go on.
                        postgres[0].close();
                        postgres[0] = start(data, port);
                        restarted = true;
                        System.out.println("TeamSoakTest: the team server restarted");
                    }
                }
                await().ignoreException(dev.workshop.store.StoreUnavailableException.class).atMost(Duration.ofSeconds(180)).until(() -> allCompleted(store, ids));
                for (ConversationId id : ids) {
                    List<MessageRecorded> transcript = new ArrayList<>();
                    for (RecordedEvent recorded : store.history(TEAM, id)) {
                        if (recorded.event() instanceof MessageRecorded message) {
                            transcript.add(message);
                        }
                    }
                    assertThat(transcript).as("conversation %s (seed %d)", id, seed).hasSize(turns);
                    for (int turn = 0; turn < turns; turn++) {
                        assertThat(transcript.get(turn).turnIndex()).isEqualTo(turn);
                        assertThat(transcript.get(turn).speakerName()).isEqualTo(MEMBERS.get(turn % 3).name());
                    }
                }
            } finally {
                for (Process server : servers) {
                    server.destroy();
                    server.waitFor(30, TimeUnit.SECONDS);
                }
            }
            takeoverMillis.sort(Long::compare);
            System.out.println("TeamSoakTest: " + conversations + " conversations, " + takeoverMillis.size()
                    + " takeovers, takeover ms " + takeoverMillis + (takeoverMillis.isEmpty() ? ""
                    : ", p95 " + takeoverMillis.get((int) Math.ceil(takeoverMillis.size() * 0.95) - 1)));
            assertThat(takeoverMillis).as("every kill was taken over (seed %d)", seed).hasSizeGreaterThanOrEqualTo(1);
            assertThat(restarted).as("the server restarted under them (seed %d)", seed).isTrue();
        } finally {
            postgres[0].close();
        }
    }

    private static EmbeddedPostgres start(Path data, int port) throws java.io.IOException {
        return dev.workshop.store.jdbc.team.EmbeddedTeamServer.startOn(data, port);
    }

    private static boolean allCompleted(PostgresConversationStore store, List<ConversationId> ids) {
        return ids.stream().allMatch(id -> store.state(TEAM, id).map(ConversationState::status)
                .filter(status -> status == ConversationStatus.COMPLETED).isPresent());
    }
}
