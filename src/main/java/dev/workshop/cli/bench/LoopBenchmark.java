package dev.workshop.cli.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.gateway.GatewayReply;
import dev.workshop.gateway.GatewayResolver;
import dev.workshop.orchestration.GatewayBridge;
import dev.workshop.orchestration.LoopSettings;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.file.JsonAgentCatalog;
import dev.workshop.store.jdbc.JournaledConversationStore;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/** The measurements behind {@code workshop bench loop}: the engine's own cost, and many loops at once. */
final class LoopBenchmark {
    private static final String REPLY = "A reply of about the length a model gives for one short turn in a "
            + "conversation, so that the store writes what it would write for real.";
    private final ObjectMapper json = new ObjectMapper();
    private final Path root;
    private final Consumer<ObjectNode> report;

    LoopBenchmark(Path root, Consumer<ObjectNode> report) {
        this.root = root;
        this.report = report;
    }

    /** Fixed replies after {@code delayMillis}: the gateway costs nothing but its wait. */
    private static GatewayResolver sleeping(long delayMillis) {
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
            try (GatewayBridge bridge = new GatewayBridge(store, TenantId.LOCAL, agents, sleeping(0), LoopSettings.DEFAULTS)) {
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

    private static void run(GatewayBridge bridge, List<AgentId> pair, int turns) throws InterruptedException {
        ConversationId id = bridge.startConversation(pair, "Benchmark the loop", OptionalInt.of(turns));
        bridge.await(id, Duration.ofHours(1));
    }

    /**
     * {@code conversations} loops at once, each turn waiting {@code delayMillis} for its gateway. The same load
     * runs once unmeasured first: the measured run lasts under a second, and would otherwise be measured
     * while the JIT is still compiling the loop, the journal and the projector.
     */
    void many(int conversations, int turns, long delayMillis) throws InterruptedException {
        manyRound(root.resolve("loop-many-warm-up"), conversations, turns, delayMillis, false);
        manyRound(root.resolve("loop-many"), conversations, turns, delayMillis, true);
    }

    private void manyRound(Path dir, int conversations, int turns, long delayMillis, boolean measured)
            throws InterruptedException {
        // The warm-up's garbage is not this round's heap.
        System.gc();
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
            try (GatewayBridge bridge = new GatewayBridge(store, TenantId.LOCAL, agents, sleeping(delayMillis), settings)) {
                List<AgentId> pair = List.of(agents.list().get(0).id(), agents.list().get(1).id());
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
                // The tables trail the journal (nothing waits for them); report when they had caught up too.
                store.awaitTablesCaughtUp();
                double caughtUp = (System.nanoTime() - started) / 1e9;
                if (!measured) {
                    return;
                }
                long total = (long) conversations * turns;
                double ideal = conversations * 1000.0 / Math.max(1, delayMillis);
                report.accept(line().put("mode", "many").put("conversations", conversations)
                        .put("turns_per_conversation", turns).put("gateway_delay_ms", delayMillis)
                        .put("turns_per_s", Math.round(total / seconds))
                        .put("share_of_ideal", Percentiles.round(total / seconds / ideal))
                        .put("tables_caught_up_turns_per_s", Math.round(total / caughtUp))
                        .put("peak_heap_mb", peakHeap.get() / (1024 * 1024))
                        .put("max_heap_mb", Runtime.getRuntime().maxMemory() / (1024 * 1024)));
            }
        } finally {
            sampler.interrupt();
        }
    }

    private ObjectNode line() {
        return json.createObjectNode().put("bench", "loop");
    }
}
