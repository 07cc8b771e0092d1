package dev.workshop.cli.bench;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code workshop bench loop}: orchestration cost per turn, and many conversations at once. */
@Command(name = "loop", mixinStandardHelpOptions = true,
        description = "Measure the conversation loop: its own cost per turn, and many loops at once.")
final class LoopBenchCommand implements Callable<Integer> {
    @Mixin
    private BenchOutput output;

    @Option(names = "--turns", defaultValue = "2000", description = "Turns of the overhead run (default: ${DEFAULT-VALUE}).")
    private int turns;

    @Option(names = "--conversations", defaultValue = "1000", description = "Concurrent conversations (default: ${DEFAULT-VALUE}).")
    private int conversations;

    @Option(names = "--turns-per-conversation", defaultValue = "10", description = "(default: ${DEFAULT-VALUE})")
    private int turnsPerConversation;

    @Option(names = "--gateway-delay-ms", defaultValue = "50", description = "Gateway wait per turn in the concurrent run (default: ${DEFAULT-VALUE}).")
    private long delay;

    @Option(names = "--max-warm-up-rounds", defaultValue = "20",
            description = "Unmeasured rounds at most before the concurrent run, while the JIT still compiles "
                    + "(default: ${DEFAULT-VALUE}).")
    private int maxWarmUpRounds;

    @Option(names = "--measured-rounds", defaultValue = "3",
            description = "Measured rounds of the concurrent run; the median round is reported (default: ${DEFAULT-VALUE}).")
    private int measuredRounds;

    @Override
    public Integer call() throws Exception {
        if (measuredRounds < 1) {
            throw new IllegalArgumentException("--measured-rounds must be at least 1, was " + measuredRounds);
        }
        return output.run(root -> {
            LoopBenchmark benchmark = new LoopBenchmark(root, output::print);
            benchmark.overhead(turns);
            benchmark.manyWithinHeapLimit(conversations, turnsPerConversation, delay, maxWarmUpRounds, measuredRounds);
        });
    }
}
