package dev.workshop.cli.bench;

import dev.workshop.cli.subcommands.Subcommands;
import dev.workshop.cli.subcommands.Subcommands.Entry;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code workshop bench …}: measurements that print one JSON object per line. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Measure Workshop on this machine.")
public final class BenchCommand implements Subcommands.Group {
    /** Built on demand like {@code workshop}'s own commands, so a probe's JVM builds only the probe. */
    static final Subcommands COMMANDS = new Subcommands(List.of(
            new Entry("store", StoreBenchCommand.class),
            new Entry("loop", LoopBenchCommand.class),
            new Entry("team", TeamBenchCommand.class),
            new Entry("elements", ElementsBenchCommand.class),
            new Entry("restore-probe", RestoreProbeCommand.class),
            new Entry("loop-many", LoopManyProbeCommand.class)));

    @Override
    public Subcommands subcommands() {
        return COMMANDS;
    }
}
