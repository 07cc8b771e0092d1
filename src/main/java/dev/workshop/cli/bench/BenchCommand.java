package dev.workshop.cli.bench;

import picocli.CommandLine.Command;

/** {@code workshop bench …}: measurements that print one JSON object per line. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Measure Workshop on this machine.",
        subcommands = {StoreBenchCommand.class, LoopBenchCommand.class, RestoreProbeCommand.class,
                LoopManyProbeCommand.class})
public final class BenchCommand {
}
