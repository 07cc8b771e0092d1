package dev.workshop.cli.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.StarterAgents;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.orchestration.ConversationEngine;
import dev.workshop.orchestration.LoopSettings;
import dev.workshop.store.jdbc.team.PostgresConversationStore;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import java.util.stream.LongStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code workshop bench team --store-url URL}: durable turns per second on a team server, with one instance and
 * with several (each its own pool, leases and loops, as separate Workshops would be; here in one JVM), and the time
 * of each append (one transaction committed with {@code synchronous_commit} on). Every run works in a team of its
 * own, so runs do not meet; the team's rows stay on the server (a bench database is the place for it).
 */
@Command(name = "team", mixinStandardHelpOptions = true,
        description = "Measure conversations on a team server (PostgreSQL): turns per second and append times.")
final class TeamBenchCommand implements Callable<Integer> {
    @Mixin
    private BenchOutput output;

    @Option(names = "--store-url", required = true, paramLabel = "URL",
            description = "The team server: jdbc:postgresql://HOST:PORT/DATABASE (a database for benchmarks).")
    private String url;

    @Option(names = "--conversations", defaultValue = "1000", description = "(default: ${DEFAULT-VALUE})")
    private int conversations;

    @Option(names = "--turns-per-conversation", defaultValue = "10", description = "(default: ${DEFAULT-VALUE})")
    private int turns;

    @Option(names = "--gateway-delay-ms", defaultValue = "50", description = "(default: ${DEFAULT-VALUE})")
    private long delay;

    @Option(names = "--instances", defaultValue = "1,3", split = ",", description = "(default: ${DEFAULT-VALUE})")
    private List<Integer> instanceCounts;

    private final ObjectMapper json = new ObjectMapper();

    @Override
    public Integer call() throws Exception {
        return output.run(root -> {
            // Unmeasured first: the JIT compiles the loop, the driver and the pool on a small load.
            round(1, Math.min(50, conversations), 2);
            for (int instances : instanceCounts) {
                output.print(round(instances, conversations, turns));
            }
            // The peer in the same run: bare one-row commits from as many connections as one instance's pool has.
            output.print(json.createObjectNode().put("bench", "team").put("mode", "commit_floor")
                    .put("connections", 10).put("commits_per_s", dev.workshop.store.jdbc.team.CommitFloor
                            .commitsPerSecond(url, 10, java.time.Duration.ofSeconds(5))));
        });
    }

    private ObjectNode round(int instances, int conversations, int turns) throws InterruptedException {
        TenantId team = new TenantId("bench-" + Long.toHexString(System.nanoTime()));
        List<PostgresConversationStore> stores = new ArrayList<>();
        List<TimedStore> timed = new ArrayList<>();
        List<ConversationEngine> bridges = new ArrayList<>();
        try {
            for (int i = 0; i < instances; i++) {
                PostgresConversationStore store = PostgresConversationStore.open(url);
                stores.add(store);
                TimedStore measured = new TimedStore(store, true);
                timed.add(measured);
                int share = (conversations + instances - 1) / instances;
                bridges.add(new ConversationEngine(measured, team, store.agents(team, StarterAgents.all()),
                        LoopBenchmark.sleeping(delay), LoopSettings.DEFAULTS.withConcurrencyLimit(share)));
            }
            List<AgentId> pair = StarterAgents.all().stream().limit(2).map(AgentDefinition::id).toList();
            long started = System.nanoTime();
            java.util.concurrent.atomic.AtomicInteger notStarted = new java.util.concurrent.atomic.AtomicInteger();
            try (var starting = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < conversations; i++) {
                    ConversationEngine bridge = bridges.get(i % instances);
                    String task = "Benchmark the team server " + i;
                    starting.execute(() -> {
                        try {
                            bridge.startConversation(pair, task, OptionalInt.of(turns));
                        } catch (RuntimeException refused) {
                            // Counted and reported below: a start the server did not take is no turn done.
                            notStarted.incrementAndGet();
                        }
                    });
                }
            }
            for (ConversationEngine bridge : bridges) {
                bridge.awaitAll();
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            long[] appends = timed.stream().flatMapToLong(store -> LongStream.of(store.eachAppendNanos())).toArray();
            Percentiles append = Percentiles.of(appends);
            // Turns done, as the server has them: never the turns asked for.
            List<dev.workshop.domain.conversation.ConversationState> stored = stores.getFirst().list(team);
            long total = stored.stream().mapToLong(dev.workshop.domain.conversation.ConversationState::turnCount).sum();
            long notCompleted = stored.stream().filter(state -> state.status()
                    != dev.workshop.domain.conversation.ConversationStatus.COMPLETED).count();
            return json.createObjectNode().put("bench", "team").put("instances", instances)
                    .put("conversations", conversations).put("turns_per_conversation", turns)
                    .put("not_started", notStarted.get()).put("not_completed", notCompleted)
                    .put("turns_done", total)
                    .put("gateway_delay_ms", delay).put("turns_per_s", Math.round(total / seconds))
                    .put("share_of_ideal", Percentiles.round(total / seconds / (conversations * 1000.0
                            / Math.max(1, delay))))
                    .put("appends", appends.length).put("appends_per_s", Math.round(appends.length / seconds)).put("append_p50_ms", Percentiles.round(append.p50Ms()))
                    .put("append_p99_ms", Percentiles.round(append.p99Ms()))
                    .put("append_max_ms", Percentiles.round(append.maxMs()));
        } finally {
            bridges.forEach(ConversationEngine::close);
            stores.forEach(PostgresConversationStore::close);
        }
    }
}
