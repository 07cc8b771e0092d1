package dev.workshop.cli;

import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import picocli.CommandLine.Model.CommandSpec;

/** Small helpers the commands share. */
final class Cli {
    private Cli() {
    }

    /**
     * Opens the data directory for a command. Repairs made while opening go to stderr, where people read;
     * stdout stays machine-readable.
     */
    static Workspace open(WorkshopCommand workshop, CommandSpec spec, WorkspaceOptions options) {
        Workspace workspace = workshop.openWorkspace(options);
        workspace.warnings().forEach(warning -> spec.commandLine().getErr().println("workshop: " + warning));
        spec.commandLine().getErr().flush();
        return workspace;
    }

    /** Opens the data directory for a command that runs loops, printing their events as JSON lines. */
    static Workspace openForLoops(WorkshopCommand workshop, CommandSpec spec, LoopOptions loop) {
        Workspace workspace = open(workshop, spec, loop.workspaceOptions());
        workspace.bridge().subscribe(new EventPrinter(spec.commandLine().getOut(), loop.stream()));
        return workspace;
    }
}
