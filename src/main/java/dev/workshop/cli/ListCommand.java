package dev.workshop.cli;

import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.orchestration.ConversationExport;
import dev.workshop.orchestration.Workspace;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code workshop list}: the stored conversations, newest first. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List stored conversations, newest first.")
final class ListCommand implements Callable<Integer> {
    @ParentCommand
    private WorkshopCommand workshop;

    @Spec
    private CommandSpec spec;

    @Option(names = "--json", description = "A JSON array (otherwise a readable table).")
    private boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (Workspace workspace = Cli.open(workshop, spec, dev.workshop.orchestration.WorkspaceOptions.DEFAULTS)) {
            List<ConversationState> conversations = workspace.store().list(workspace.tenant());
            if (json) {
                out.println(ConversationExport.summaries(conversations).toString());
            } else {
                printTable(out, conversations);
            }
        }
        return ExitCode.OK;
    }

    private static void printTable(PrintWriter out, List<ConversationState> conversations) {
        if (conversations.isEmpty()) {
            out.println("No conversations yet.");
            return;
        }
        out.printf("%-36s  %-11s  %-7s  %s%n", "ID", "STATUS", "TURNS", "TASK");
        for (ConversationState state : conversations) {
            String task = state.task().orElse("").replaceAll("\\s+", " ");
            out.printf("%-36s  %-11s  %-7s  %s%n", state.id(), state.status().wireName(),
                    state.turnCount() + "/" + state.maxTurns(), task.length() > 60 ? task.substring(0, 59) + "…" : task);
        }
    }
}
