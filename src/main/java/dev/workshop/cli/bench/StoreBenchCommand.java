package dev.workshop.cli.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code workshop bench store}: the durable store against the disk's own fsync floor. */
@Command(name = "store", mixinStandardHelpOptions = true,
        description = "Measure durable appends, restores and concurrent conversations of the store.")
final class StoreBenchCommand implements Callable<Integer> {
    @Mixin
    private BenchOutput output;

    @Option(names = "--sizes", split = ",", paramLabel = "N", defaultValue = "10,1000,10000",
            description = "Conversation lengths for the append and restore runs (default: ${DEFAULT-VALUE}).")
    private List<Integer> sizes;

    @Option(names = "--conversations", defaultValue = "1000", description = "Concurrent conversations (default: ${DEFAULT-VALUE}).")
    private int conversations;

    @Option(names = "--turns", defaultValue = "10", description = "Turns per concurrent conversation (default: ${DEFAULT-VALUE}).")
    private int turns;

    @Option(names = "--restore-runs", defaultValue = "5",
            description = "Fresh JVMs that restore each size; the median is reported (default: ${DEFAULT-VALUE}).")
    private int restoreRuns;

    @Option(names = "--append-samples", defaultValue = "1000",
            description = "Appends timed at least per size: a shorter size grows several conversations in turn, so "
                    + "that its p99 is one (default: ${DEFAULT-VALUE}).")
    private int appendSamples;

    @Option(names = "--max-warm-up-rounds", defaultValue = "10",
            description = "Most unmeasured rounds of the appends before they are measured: two or more until the JIT "
                    + "is quiet, 0 to measure a cold JVM (default: ${DEFAULT-VALUE}).")
    private int maxWarmUpRounds;

    @Option(names = "--many-rounds", defaultValue = "3",
            description = "Measured rounds of the concurrent conversations; the median is reported (default: ${DEFAULT-VALUE}).")
    private int manyRounds;

    @Option(names = "--message-bytes", defaultValue = "500", description = "Size of each message (default: ${DEFAULT-VALUE}).")
    private int messageBytes;

    @Override
    public Integer call() throws Exception {
        if (restoreRuns < 1) {
            throw new IllegalArgumentException("--restore-runs must be at least 1, was " + restoreRuns);
        }
        if (sizes.stream().anyMatch(size -> size < 1)) {
            throw new IllegalArgumentException("--sizes must all be at least 1, were " + sizes);
        }
        if (appendSamples < 1) {
            throw new IllegalArgumentException("--append-samples must be at least 1, was " + appendSamples);
        }
        if (manyRounds < 1) {
            throw new IllegalArgumentException("--many-rounds must be at least 1, was " + manyRounds);
        }
        if (maxWarmUpRounds < 0) {
            throw new IllegalArgumentException("--max-warm-up-rounds must not be negative, was " + maxWarmUpRounds);
        }
        return output.run(root -> {
            StoreBenchmark benchmark = new StoreBenchmark(root, messageBytes, output::print);
            int warmUpRounds = benchmark.warmUp(sizes, appendSamples, maxWarmUpRounds);
            // The floor right before the appends it is compared with: this disk's syncs drift within minutes.
            benchmark.fsyncFloor(2000);
            for (int size : sizes) {
                Path dir = benchmark.append(size, appendSamples, warmUpRounds);
                benchmark.restore(dir, size, restoreRuns);
            }
            benchmark.deleteWarmUps();
            benchmark.many(conversations, turns, maxWarmUpRounds, manyRounds);
            benchmark.deleteWarmUps();
        });
    }
}
