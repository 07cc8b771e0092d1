package dev.workshop.store.jdbc.team;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.StarterAgents;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.gateway.GatewayReply;
import dev.workshop.gateway.GatewayResolver;
import dev.workshop.orchestration.ConversationEngine;
import dev.workshop.orchestration.LoopEvent;
import dev.workshop.orchestration.LoopSettings;
import dev.workshop.store.StoreException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Far more loops than connections, and a pool that gives up on a connection after 250 ms (the least HikariCP takes): writes and reads that
 * time out waiting for one leave their conversation waiting and then going on. Every conversation ends completed,
 * or with a reason said, and the instance's loops all end: none without a driver, none silently.
 */
@dev.workshop.testing.Slow
class PoolExhaustionTest {
    private static final int CONVERSATIONS = 60;
    private static final int TURNS = 4;
    @RegisterExtension
    static final EmbeddedTeamServer SERVER = new EmbeddedTeamServer();

    /** A slow server: every event written takes 30 ms more, so that 60 loops queue far past the pool's 250 ms. */
    private static void slowEveryEventWrite() throws java.sql.SQLException {
        try (java.sql.Connection connection = java.sql.DriverManager.getConnection(SERVER.url());
             java.sql.Statement statement = connection.createStatement()) {
            statement.execute("CREATE OR REPLACE FUNCTION slow_write() RETURNS trigger AS $$"
                    + " BEGIN PERFORM pg_sleep(0.03); RETURN NEW; END $$ LANGUAGE plpgsql");
            statement.execute("CREATE TRIGGER slow_write BEFORE INSERT ON conversation_event"
                    + " FOR EACH ROW EXECUTE FUNCTION slow_write()");
        }
    }

    @Test
    void everyConversationEndsCompletedOrWithAReasonWhenConnectionsRunShort() throws Exception {
        TenantId team = new TenantId("short-" + Long.toHexString(System.nanoTime()));
        GatewayResolver instant = agent -> (request, tokens) -> new GatewayReply("Agreed.", "test", 5, 2,
                Duration.ZERO);
        try (PostgresConversationStore store = PostgresConversationStore.open(SERVER.url(),
                new TeamServerPool(3, Duration.ofMillis(250)))) {
            slowEveryEventWrite();
            ConversationEngine bridge = new ConversationEngine(store, team, store.agents(team, StarterAgents.all()), instant,
                    LoopSettings.DEFAULTS.withConcurrencyLimit(CONVERSATIONS));
            Map<ConversationId, LoopEvent.Ended> ends = new ConcurrentHashMap<>();
            bridge.subscribe(event -> {
                if (event instanceof LoopEvent.Ended ended) {
                    ends.put(ended.conversationId(), ended);
                }
            });
            List<AgentId> pair = StarterAgents.all().stream().limit(2).map(AgentDefinition::id).toList();
            List<ConversationId> started = new CopyOnWriteArrayList<>();
            List<String> notStarted = new CopyOnWriteArrayList<>();
            try (ExecutorService starting = Executors.newVirtualThreadPerTaskExecutor()) {
                List<Future<?>> starts = new ArrayList<>();
                for (int i = 0; i < CONVERSATIONS; i++) {
                    String task = "Share the connections " + i;
                    starts.add(starting.submit(() -> {
                        try {
                            started.add(bridge.startConversation(pair, task, OptionalInt.of(TURNS)));
                        } catch (StoreException refused) {
                            // Not created, and the caller is told why: a stated reason, not a silent loss.
                            notStarted.add(refused.getMessage());
                        }
                    }));
                }
                for (Future<?> start : starts) {
                    start.get(2, TimeUnit.MINUTES);
                }
            }
            Future<?> all = Executors.newVirtualThreadPerTaskExecutor().submit(() -> {
                bridge.awaitAll();
                return null;
            });
            all.get(3, TimeUnit.MINUTES);

            assertThat(notStarted).allSatisfy(reason -> assertThat(reason).isNotBlank());
            assertThat(started.size() + notStarted.size()).isEqualTo(CONVERSATIONS);
            for (ConversationId id : started) {
                ConversationState state = store.state(team, id).orElseThrow();
                boolean completed = state.status() == ConversationStatus.COMPLETED && state.turnCount() == TURNS;
                LoopEvent.Ended end = ends.get(id);
                assertThat(completed || (end != null && !end.reason().isBlank()))
                        .as("%s: %s after %d turns, its loop said %s", id, state.status(), state.turnCount(), end)
                        .isTrue();
            }
            assertThat(started).as("some go through despite the short pool").isNotEmpty();
            bridge.close();
        }
    }
}
