package dev.workshop.cli.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.gateway.GatewayReply;
import dev.workshop.gateway.GatewayResolver;
import dev.workshop.orchestration.ConversationEngine;
import dev.workshop.orchestration.LoopSettings;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.file.JsonAgentCatalog;
import dev.workshop.store.jdbc.JournaledConversationStore;
import java.io.BufferedReader;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/** The measurements behind {@code workshop bench loop}: the engine's own cost, and many loops at once. */
final class LoopBenchmark {
    private static final String REPLY = "A reply of about the length a model gives for one short turn in a "
            + "conversation, so that the store writes what it would write for real.";
    /** The heap the run of many conversations gets: the target is its turns per second within this much. */
    static final int HEAP_LIMIT_MB = 256;
    /** Warm-up ends once compiling took under this share of a round's time. */
    private static final double QUIET_COMPILER_SHARE = 0.1;
    private final ObjectMapper json = new ObjectMapper();
    private final CompilerWatch jit = new CompilerWatch(QUIET_COMPILER_SHARE);
    private final Path root;
    private final Consumer<ObjectNode> report;

    LoopBenchmark(Path root, Consumer<ObjectNode> report) {
        this.root = root;
        this.report = report;
    }

    /** Fixed replies after {@code delayMillis}: the gateway costs nothing but its wait. */
    static GatewayResolver sleeping(long delayMillis) {
        return agent -> (request, tokens) -> {
            if (delayMillis > 0) {
                Thread.sleep(delayMillis);
            }
            tokens.accept(REPLY);
            return new GatewayReply(REPLY, "bench", 10, 20, Duration.ofMillis(delayMillis));
        };
    }

    /** One conversation of {@code turns} turns with a 0 ms gateway; what a turn costs beyond its appends. */
    void overhead(int turns) throws InterruptedException {
        Path dir = root.resolve("loop-overhead");
        try (DataDirectory data = DataDirectory.lock(dir); var journaled = JournaledConversationStore.open(data)) {
            TimedStore store = new TimedStore(journaled);
            JsonAgentCatalog agents = JsonAgentCatalog.open(dir, warning -> { });
            try (ConversationEngine bridge = new ConversationEngine(store, TenantId.LOCAL, agents, sleeping(0), LoopSettings.DEFAULTS)) {
                List<AgentId> pair = List.of(agents.list().get(0).id(), agents.list().get(1).id());
                bridge.awaitAll();
                run(bridge, pair, 500); // warm-up, so the JIT has compiled the loop
                long appendsBefore = store.appendNanos();
                long countBefore = store.appends();
                long started = System.nanoTime();
                run(bridge, pair, turns);
                long elapsed = System.nanoTime() - started;
                double appendMs = (store.appendNanos() - appendsBefore) / 1e6;
                double turnMs = elapsed / 1e6 / turns;
                report.accept(line().put("mode", "overhead").put("turns", turns)
                        .put("turn_ms", Percentiles.round(turnMs))
                        .put("appends_per_turn", Percentiles.round((double) (store.appends() - countBefore) / turns))
                        .put("append_ms_per_turn", Percentiles.round(appendMs / turns))
                        .put("overhead_ms", Percentiles.round(turnMs - appendMs / turns)));
            }
        }
    }

    private static void run(ConversationEngine bridge, List<AgentId> pair, int turns) throws InterruptedException {
        ConversationId id = bridge.startConversation(pair, "Benchmark the loop", OptionalInt.of(turns));
        bridge.await(id, Duration.ofHours(1));
    }

    /**
     * Runs {@link #many} in a JVM of its own whose heap is capped at {@value #HEAP_LIMIT_MB} MB, so the run's
     * turns per second are measured within the memory the target allows (rather than the heap merely sampled
     * below it), and this JVM's earlier runs leave it neither garbage nor compiled code.
     */
    void manyWithinHeapLimit(int conversations, int turns, long delayMillis, int maxWarmUpRounds,
                             int measuredRounds) throws IOException, InterruptedException {
        Process child = ChildJvm.start(List.of("-Xmx" + HEAP_LIMIT_MB + "m"), List.of("bench", "loop-many", "--json",
                "--work-dir", root.resolve("many").toString(), "--conversations", Integer.toString(conversations),
                "--turns-per-conversation", Integer.toString(turns), "--gateway-delay-ms", Long.toString(delayMillis),
                "--max-warm-up-rounds", Integer.toString(maxWarmUpRounds),
                "--measured-rounds", Integer.toString(measuredRounds)));
        try (BufferedReader lines = child.inputReader(StandardCharsets.UTF_8)) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                report.accept((ObjectNode) json.readTree(line));
            }
        }
        int exit = child.waitFor();
        if (exit != 0) {
            throw new IOException("The run of many conversations failed with exit code " + exit);
        }
    }

    /**
     * {@code conversations} loops at once, each turn waiting {@code delayMillis} for its gateway. The same load
     * runs unmeasured first, until the JIT has compiled what it runs: a round lasts about a second, and the
     * first rounds spend a third of the CPU compiling the loop, the journal and H2 (docs/perf.md). A Workshop
     * that has run for a while is in that state; a benchmark that measured the first round would report the
     * compiler.
     */
    void many(int conversations, int turns, long delayMillis, int maxWarmUpRounds, int measuredRounds)
            throws IOException, InterruptedException {
        int warmUpRounds = jit.warmUp(maxWarmUpRounds, round -> {
            Path dir = root.resolve("loop-many-warm-up-" + round);
            manyRound(dir, conversations, turns, delayMillis);
            BenchOutput.deleteRecursively(dir);
        });
        // Then several measured rounds: one round of half a second says as much about the machine's moment as
        // about the code, so the line is the median round's, with every round's turns per second beside it.
        List<ObjectNode> rounds = new ArrayList<>();
        for (int i = 0; i < measuredRounds; i++) {
            Path dir = root.resolve("loop-many-" + i);
            rounds.add(manyRound(dir, conversations, turns, delayMillis));
            BenchOutput.deleteRecursively(dir);
        }
        ArrayNode each = json.createArrayNode();
        rounds.forEach(round -> each.add(round.get("turns_per_s").asLong()));
        rounds.sort(Comparator.comparingLong(round -> round.get("turns_per_s").asLong()));
        ObjectNode median = rounds.get((rounds.size() - 1) / 2);
        median.put("warm_up_rounds", warmUpRounds).put("measured_rounds", rounds.size()).set("rounds_turns_per_s", each);
        report.accept(median);
    }

    private ObjectNode manyRound(Path dir, int conversations, int turns, long delayMillis)
            throws InterruptedException {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        AtomicLong peakHeap = new AtomicLong();
        Thread sampler = Thread.ofPlatform().daemon(true).start(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                peakHeap.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        try (DataDirectory data = DataDirectory.lock(dir); var store = JournaledConversationStore.open(data)) {
            JsonAgentCatalog agents = JsonAgentCatalog.open(dir, warning -> { });
            LoopSettings settings = LoopSettings.DEFAULTS.withConcurrencyLimit(conversations);
            try (ConversationEngine bridge = new ConversationEngine(store, TenantId.LOCAL, agents, sleeping(delayMillis), settings)) {
                List<AgentId> pair = List.of(agents.list().get(0).id(), agents.list().get(1).id());
                long gcBefore = gcPauseMillis();
                long compiledBefore = jit.compiledMillis();
                long started = System.nanoTime();
                // Started as a thousand users would start them: at the same time, so their first appends share syncs.
                try (var starting = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
                    for (int i = 0; i < conversations; i++) {
                        String task = "Benchmark many loops " + i;
                        starting.execute(() -> bridge.startConversation(pair, task, OptionalInt.of(turns)));
                    }
                }
                bridge.awaitAll();
                double seconds = (System.nanoTime() - started) / 1e9;
                long gcMillis = gcPauseMillis() - gcBefore;
                long compileMillis = jit.compiledMillis() - compiledBefore;
                // The tables trail the journal (nothing waits for them); report when they had caught up too.
                store.awaitTablesCaughtUp();
                double caughtUp = (System.nanoTime() - started) / 1e9;
                long total = (long) conversations * turns;
                double ideal = conversations * 1000.0 / Math.max(1, delayMillis);
                return line().put("mode", "many").put("conversations", conversations)
                        .put("turns_per_conversation", turns).put("gateway_delay_ms", delayMillis)
                        .put("turns_per_s", Math.round(total / seconds))
                        .put("share_of_ideal", Percentiles.round(total / seconds / ideal))
                        .put("tables_caught_up_turns_per_s", Math.round(total / caughtUp))
                        .put("gc_pause_ms", gcMillis)
                        // The JIT's threads share the two cores with the loops: a round's figure moves with it.
                        .put("compile_ms", compileMillis)
                        .put("peak_heap_mb", peakHeap.get() / (1024 * 1024))
                        .put("max_heap_mb", Runtime.getRuntime().maxMemory() / (1024 * 1024));
            }
        } finally {
            sampler.interrupt();
        }
    }

    /** The collectors' pauses so far (young and mixed collections, and a concurrent cycle's pauses). */
    private static long gcPauseMillis() {
        long total = 0;
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            total += Math.max(0, collector.getCollectionTime());
        }
        return total;
    }

    private ObjectNode line() {
        return json.createObjectNode().put("bench", "loop");
    }
}
