package dev.workshop.cli.bench;

import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code workshop bench elements}: the shared elements' speed targets, each against a peer of the same run. */
@Command(name = "elements", mixinStandardHelpOptions = true,
        description = "Measure turns that act, elements that fold and prompts that carry the elements.")
final class ElementsBenchCommand implements Callable<Integer> {
    @Mixin
    private BenchOutput output;

    @Option(names = "--append-samples", defaultValue = "500",
            description = "Appends timed of each kind, alternated (default: ${DEFAULT-VALUE}).")
    private int appendSamples;

    @Option(names = "--size", defaultValue = "10000",
            description = "Actions of the element, and messages of the conversation it is compared with (default: ${DEFAULT-VALUE}).")
    private int size;

    @Option(names = "--fold-runs", defaultValue = "5", description = "Reopened stores the folds are timed in (default: ${DEFAULT-VALUE}).")
    private int foldRuns;

    @Option(names = "--loop-turns", defaultValue = "2000",
            description = "Turns of the loop whose overhead the prompt's part is compared with (default: ${DEFAULT-VALUE}).")
    private int loopTurns;

    @Override
    public Integer call() throws Exception {
        if (appendSamples < 1 || size < 1 || foldRuns < 1 || loopTurns < 1) {
            throw new IllegalArgumentException("--append-samples, --size, --fold-runs and --loop-turns are at least 1");
        }
        return output.run(root -> {
            ElementsBenchmark benchmark = new ElementsBenchmark(root, output::print);
            benchmark.appends(appendSamples);
            benchmark.folds(size, foldRuns);
            AtomicReference<Double> overhead = new AtomicReference<>();
            new LoopBenchmark(root, line -> {
                overhead.set(line.path("overhead_ms").asDouble());
                output.print(line);
            }).overhead(loopTurns);
            benchmark.prompt(overhead.get(), 2000);
        });
    }
}
