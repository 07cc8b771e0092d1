package dev.workshop.cli.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.journal.JournalFootprint;
import dev.workshop.store.jdbc.JournaledConversationStore;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/** The measurements behind {@code workshop bench store}; each reports one JSON object. */
final class StoreBenchmark {
    private static final List<Participant> PAIR = List.of(new Participant(new AgentId("bench-ada"), "Ada"),
            new Participant(new AgentId("bench-bob"), "Bob"));

    /**
     * Warm-up ends once compiling took under this share of a round. Lower than the loop benchmark's tenth: a
     * round here lasts seconds, and after three or four rounds (a tenth or less) the measured appends still ran
     * beside 300–700 ms of compiling, with a p99 half again as long (docs/perf.md). From the seventh round or
     * so it stays at 4–7%: H2 recompiling for each new store.
     */
    private static final double QUIET_COMPILER_SHARE = 0.05;
    private final ObjectMapper json = new ObjectMapper();
    private final Path root;
    /** Distinct texts, taken in turn: messages that were all the same would flatter any compression. */
    private final List<String> texts;
    private final Consumer<ObjectNode> report;
    private final CompilerWatch compiler = new CompilerWatch(QUIET_COMPILER_SHARE);
    /** The last warm-up round's stores, deleted when the next round starts or when the benchmark ends. */
    private final List<Path> warmUps = new ArrayList<>();

    StoreBenchmark(Path root, int messageBytes, Consumer<ObjectNode> report) {
        this.root = root;
        this.texts = BenchTexts.of(messageBytes, 256);
        this.report = report;
    }

    /** The physical floor: a bare 500-byte append plus fdatasync, one writer, on the same disk. */
    void fsyncFloor(int operations) throws IOException {
        Path file = root.resolve("fsync-floor.bin");
        long[] samples = new long[operations];
        ByteBuffer block = ByteBuffer.wrap(texts.getFirst().getBytes(StandardCharsets.UTF_8));
        long started = System.nanoTime();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            for (int i = 0; i < operations; i++) {
                long t0 = System.nanoTime();
                block.rewind();
                channel.write(block);
                channel.force(false);
                samples[i] = System.nanoTime() - t0;
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        Files.deleteIfExists(file);
        Percentiles p = Percentiles.of(samples);
        report.accept(line("fsync").put("p50_ms", Percentiles.round(p.p50Ms())).put("p99_ms", Percentiles.round(p.p99Ms()))
                .put("ops_per_s", Math.round(operations / seconds)));
    }

    /**
     * Runs the appends of every size, unmeasured, until the JIT has compiled their path ({@link CompilerWatch}):
     * the append path, the projector and H2's inserts into tables of every size measured after. Returns the
     * rounds it took.
     */
    int warmUp(List<Integer> sizes, int minSamples, int maxRounds) throws IOException, InterruptedException {
        return compiler.warmUp(maxRounds, round -> {
            deleteWarmUps();
            for (int size : sizes) {
                Path dir = root.resolve("warm-up-" + round + "-" + size);
                warmUps.add(dir);
                timedAppends(dir, size, minSamples);
            }
        });
    }

    /**
     * Deletes the stores of the last warm-up round. Not done between the warm-up and the measurements, as a
     * precaution: this disk is mounted with online discard, so the trims of a round's files (about 50 MB) could
     * be issued while the measured appends sync (three pairs of runs showed no difference either way).
     */
    void deleteWarmUps() throws IOException {
        for (Path dir : warmUps) {
            BenchOutput.deleteRecursively(dir);
        }
        warmUps.clear();
    }

    /**
     * Conversations growing to {@code messages} one after another in one store, every append durable before
     * the next, until at least {@code minSamples} appends were timed: a p99 needs a hundred samples or more to
     * be one (of ten appends it is simply the slowest). The first conversation is the one the restore reads.
     * The line says how long the JIT compiled meanwhile ({@code compile_ms}) and after how many warm-up rounds.
     */
    Path append(int messages, int minSamples, int warmUpRounds) throws IOException {
        Path dir = root.resolve("append-" + messages);
        long compiledBefore = compiler.compiledMillis();
        long[] samples = timedAppends(dir, messages, minSamples);
        long compiled = compiler.compiledMillis() - compiledBefore;
        long bytes = storedBytes(dir);
        Percentiles p = Percentiles.of(samples);
        report.accept(line("append").put("messages", messages).put("conversations", samples.length / messages)
                .put("samples", samples.length).put("mean_ms", Percentiles.round(p.meanMs()))
                .put("p50_ms", Percentiles.round(p.p50Ms())).put("p99_ms", Percentiles.round(p.p99Ms()))
                .put("max_ms", Percentiles.round(p.maxMs()))
                .put("store_bytes", bytes).put("bytes_per_message", bytes / samples.length)
                .put("warm_up_rounds", warmUpRounds).put("compile_ms", compiled));
        return dir;
    }

    /** Each append's time, in nanoseconds, of conversations growing to {@code messages} in a store at {@code dir}. */
    private long[] timedAppends(Path dir, int messages, int minSamples) {
        int conversations = Math.max(1, (minSamples + messages - 1) / messages);
        long[] samples = new long[conversations * messages];
        try (DataDirectory data = DataDirectory.lock(dir); var store = JournaledConversationStore.open(data)) {
            for (int c = 0; c < conversations; c++) {
                ConversationId id = new ConversationId(c == 0 ? "bench-" + messages : "bench-" + messages + "-" + c);
                long[] timed = new long[messages];
                appendMessages(store, id, messages, timed);
                System.arraycopy(timed, 0, samples, c * messages, messages);
            }
        }
        return samples;
    }

    /**
     * A fresh JVM opens the store, loads the conversation's full history and folds its state; it also reports
     * when the tables (H2, opened next) were ready: a restore does not need them. A cold JVM's 50 ms vary by a
     * quarter from one start to the next (class loading and the JIT share two cores), so {@code runs} fresh
     * JVMs restore it in turn: the line reports the median run, and the fastest and slowest beside it.
     */
    void restore(Path dir, int messages, int runs) throws IOException, InterruptedException {
        List<ProbeRun> done = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            done.add(probe(dir, messages));
        }
        done.sort(Comparator.comparingDouble(ProbeRun::restoreMs));
        ProbeRun median = done.get((done.size() - 1) / 2);
        report.accept(line("restore").put("messages", messages).put("events_loaded", median.events())
                .put("restore_ms", Percentiles.round(median.restoreMs()))
                .put("open_ms", Percentiles.round(median.openMs())).put("load_ms", Percentiles.round(median.loadMs()))
                .put("tables_ready_ms", Percentiles.round(median.tablesReadyMs()))
                .put("process_ms", Percentiles.round(median.processMs())).put("runs", done.size())
                .put("fastest_restore_ms", Percentiles.round(done.getFirst().restoreMs()))
                .put("slowest_restore_ms", Percentiles.round(done.getLast().restoreMs()))
                .put("runs_with_gc_in_restore", done.stream().filter(ProbeRun::collectedInRestore).count()));
    }

    /**
     * What one fresh JVM measured, in milliseconds, and whether a garbage collection paused it during the
     * restore.
     */
    private record ProbeRun(int events, double openMs, double loadMs, double tablesReadyMs, double processMs,
                            boolean collectedInRestore) {
        double restoreMs() {
            return openMs + loadMs;
        }
    }

    private static ProbeRun probe(Path dir, int messages) throws IOException, InterruptedException {
        long started = System.nanoTime();
        Process probe = ChildJvm.start(List.of(), List.of("bench", "restore-probe", "--dir", dir.toString(),
                "--conversation", "bench-" + messages));
        String output;
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(probe.getInputStream(),
                StandardCharsets.UTF_8))) {
            output = reader.readLine();
        }
        int exit = probe.waitFor();
        double processMs = (System.nanoTime() - started) / 1e6;
        if (exit != 0 || output == null) {
            throw new IOException("The restore probe failed with exit code " + exit);
        }
        String[] fields = output.trim().split(" ");
        return new ProbeRun(Integer.parseInt(fields[0]), Long.parseLong(fields[2]) / 1000.0,
                Long.parseLong(fields[3]) / 1000.0, Long.parseLong(fields[4]) / 1000.0, processMs,
                "1".equals(fields[5]));
    }

    /**
     * Many conversations at once on virtual threads, every append durable. The same load runs unmeasured
     * until the JIT is quiet (the concurrent path: group commit of large batches, the projector with a thousand
     * conversations), then {@code measuredRounds} times: a round takes a tenth of a second here, so one says
     * as much about the disk's moment as about the code, and the line is the median round's, every round's
     * figure beside it.
     */
    void many(int conversations, int turns, int maxWarmUpRounds, int measuredRounds) throws Exception {
        int warmUpRounds = compiler.warmUp(maxWarmUpRounds, round -> {
            deleteWarmUps();
            Path dir = root.resolve("many-warm-up-" + round);
            warmUps.add(dir);
            manyRound(dir, conversations, turns);
        });
        long total = (long) conversations * turns;
        List<double[]> rounds = new ArrayList<>();
        ArrayNode each = json.createArrayNode();
        for (int i = 0; i < measuredRounds; i++) {
            Path dir = root.resolve("many-" + i);
            double[] seconds = manyRound(dir, conversations, turns);
            rounds.add(seconds);
            each.add(Math.round(total / seconds[0]));
        }
        rounds.sort(Comparator.comparingDouble(seconds -> seconds[0]));
        double[] median = rounds.get((rounds.size() - 1) / 2);
        ObjectNode line = line("many").put("conversations", conversations).put("turns_per_conversation", turns)
                .put("turns_per_s", Math.round(total / median[0]))
                .put("tables_caught_up_turns_per_s", Math.round(total / median[1]))
                .put("warm_up_rounds", warmUpRounds).put("measured_rounds", measuredRounds);
        line.set("rounds_turns_per_s", each);
        report.accept(line);
    }

    /** Seconds until every append was acknowledged, and until the tables held them all too. */
    private double[] manyRound(Path dir, int conversations, int turns) throws IOException, InterruptedException {
        try (DataDirectory data = DataDirectory.lock(dir); var store = JournaledConversationStore.open(data)) {
            long started = System.nanoTime();
            try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
                List<Future<?>> done = new ArrayList<>();
                for (int c = 0; c < conversations; c++) {
                    ConversationId id = new ConversationId("many-" + c);
                    done.add(threads.submit(() -> appendMessages(store, id, turns, null)));
                }
                for (Future<?> future : done) {
                    try {
                        future.get();
                    } catch (ExecutionException e) {
                        throw new IOException("An append of the concurrent run failed: " + e.getCause().getMessage(),
                                e.getCause());
                    }
                }
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            // The tables trail the journal; wait until they hold everything, to report that too.
            store.awaitTablesCaughtUp();
            return new double[] {seconds, (System.nanoTime() - started) / 1e9};
        }
    }

    private void appendMessages(JournaledConversationStore store, ConversationId id, int messages, long[] samples) {
        store.append(TenantId.LOCAL, id, 0, List.of(
                new ConversationStarted(ConversationKind.CONVERSATION, PAIR, "Benchmark the store", messages + 1)));
        long version = 1;
        for (int turn = 0; turn < messages; turn++) {
            Participant speaker = PAIR.get(turn % 2);
            ConversationEvent message = new MessageRecorded(turn, speaker.agentId(), speaker.name(),
                    texts.get(turn % texts.size()));
            long t0 = System.nanoTime();
            store.append(TenantId.LOCAL, id, version, List.of(message));
            if (samples != null) {
                samples[turn] = System.nanoTime() - t0;
            }
            version++;
        }
    }

    private static long storedBytes(Path dir) throws IOException {
        Path database = dir.resolve("workshop.mv.db");
        return JournalFootprint.usedBytes(dir.resolve("journal")) + (Files.exists(database) ? Files.size(database) : 0);
    }

    private ObjectNode line(String bench) {
        return json.createObjectNode().put("bench", bench);
    }
}
