package dev.workshop.cli;

import dev.workshop.orchestration.Workspace;
import picocli.CommandLine.Model.CommandSpec;

/** Small helpers the commands share. */
final class Cli {
    private Cli() {
    }

    /** Repairs made while opening go to stderr, where people read; stdout stays machine-readable. */
    static void reportWarnings(CommandSpec spec, Workspace workspace) {
        workspace.warnings().forEach(warning -> spec.commandLine().getErr().println("workshop: " + warning));
        spec.commandLine().getErr().flush();
    }
}
