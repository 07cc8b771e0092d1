package dev.workshop.cli.bench;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Run by the loop benchmark in a JVM of its own with a capped heap: many conversations at once, warmed up
 * first ({@link LoopBenchmark#many}). Prints its line as the other benchmarks do ({@code --json}).
 */
@Command(name = "loop-many", hidden = true)
final class LoopManyProbeCommand implements Callable<Integer> {
    @Mixin
    private BenchOutput output;

    @Option(names = "--conversations", required = true)
    private int conversations;

    @Option(names = "--turns-per-conversation", required = true)
    private int turnsPerConversation;

    @Option(names = "--gateway-delay-ms", required = true)
    private long delay;

    @Option(names = "--max-warm-up-rounds", required = true)
    private int maxWarmUpRounds;

    @Option(names = "--measured-rounds", required = true)
    private int measuredRounds;

    @Override
    public Integer call() throws Exception {
        return output.run(root -> new LoopBenchmark(root, output::print)
                .many(conversations, turnsPerConversation, delay, maxWarmUpRounds, measuredRounds));
    }
}
