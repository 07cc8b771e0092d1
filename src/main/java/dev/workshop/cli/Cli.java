package dev.workshop.cli;

import dev.workshop.domain.conversation.Transcript;
import dev.workshop.orchestration.RestoredSession;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import java.io.PrintWriter;
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

    /**
     * Opens the data directory for a command that only reads it ({@link WorkshopCommand#openWorkspaceToRead}):
     * read-only where it cannot be written, which stderr says in one line.
     */
    static Workspace openToRead(WorkshopCommand workshop, CommandSpec spec) {
        Workspace workspace = workshop.openWorkspaceToRead(WorkspaceOptions.DEFAULTS);
        PrintWriter err = spec.commandLine().getErr();
        workspace.readOnlyReason().ifPresent(why -> err.println("workshop: the data can only be read (" + why
                + "); reading and exporting work, and nothing is changed"));
        workspace.warnings().forEach(warning -> err.println("workshop: " + warning));
        err.flush();
        return workspace;
    }

    /** Opens the data directory for a command that runs loops, printing their events as JSON lines. */
    static Workspace openForLoops(WorkshopCommand workshop, CommandSpec spec, LoopOptions loop) {
        java.util.Optional<dev.workshop.domain.tool.ToolPolicy> policy = loop.toolPolicy();
        Workspace workspace = open(workshop, spec, loop.workspaceOptions());
        workspace.engine().calls().toolbox().applyToEveryCall(policy);
        workspace.engine().subscribe(new EventPrinter(spec.commandLine().getOut(), spec.commandLine().getErr(),
                loop.stream(), id -> Transcript.of(workspace.engine().history(id)).turnNumber()));
        return workspace;
    }

    /** Tells the person what a restore did, on stderr: the missing-member warning first, then where it stands. */
    static void reportRestored(CommandSpec spec, RestoredSession restored) {
        PrintWriter err = spec.commandLine().getErr();
        if (!restored.missingMembers().isEmpty()) {
            err.println("workshop: warning: " + restored.missingMembersWarning());
        }
        int count = restored.messageCount();
        restored.copyOf().ifPresent(taken -> err.println("workshop: conversation " + taken + " is stored already;"
                + " the file was imported as a copy, " + restored.id()));
        err.println("workshop: restored conversation " + restored.id() + " (" + count + " message"
                + (count == 1 ? "" : "s") + (restored.imported() ? ", recorded from the snapshot" : "") + "); it is "
                + restored.status().wireName() + " until you continue it");
        err.flush();
    }
}
