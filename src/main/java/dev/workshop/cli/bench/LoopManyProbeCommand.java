package dev.workshop.cli.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Run by the loop benchmark in a JVM of its own with a capped heap: many conversations at once, warmed up
 * first ({@link LoopBenchmark#many}). Prints one JSON line.
 */
@Command(name = "loop-many", hidden = true)
final class LoopManyProbeCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--work-dir", required = true)
    private Path workDir;

    @Option(names = "--conversations", required = true)
    private int conversations;

    @Option(names = "--turns-per-conversation", required = true)
    private int turnsPerConversation;

    @Option(names = "--gateway-delay-ms", required = true)
    private long delay;

    @Option(names = "--max-warm-up-rounds", required = true)
    private int maxWarmUpRounds;

    @Override
    public Integer call() throws Exception {
        LoopBenchmark benchmark = new LoopBenchmark(Files.createDirectories(workDir), this::print);
        benchmark.many(conversations, turnsPerConversation, delay, maxWarmUpRounds);
        return 0;
    }

    private void print(ObjectNode line) {
        spec.commandLine().getOut().println(line.toString());
        spec.commandLine().getOut().flush();
    }
}
