package dev.workshop.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.DeletedConversation;
import dev.workshop.domain.conversation.Lifecycle;
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

/** {@code workshop list}: the stored conversations, newest first; with {@code --deleted}, the deleted ones. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List stored conversations, newest first.")
final class ListCommand implements Callable<Integer> {
    @ParentCommand
    private WorkshopCommand workshop;

    @Spec
    private CommandSpec spec;

    @Option(names = "--json", description = "A JSON array (otherwise a readable table).")
    private boolean json;

    @Option(names = "--deleted",
            description = "The deleted conversations instead, most recently deleted first ('undelete' brings one back).")
    private boolean deleted;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (Workspace workspace = Cli.openToRead(workshop, spec)) {
            if (deleted) {
                printDeleted(out, workspace.store().listDeleted(workspace.tenant()));
                return ExitCode.OK;
            }
            List<ConversationState> conversations = workspace.store().list(workspace.tenant());
            if (json) {
                out.println(ConversationExport.summaries(conversations).toString());
            } else {
                printTable(out, conversations);
            }
        }
        return ExitCode.OK;
    }

    /** As the list, each row with its {@code deleted_at} (JSON) or a DELETED column (table). */
    private void printDeleted(PrintWriter out, List<DeletedConversation> deletedConversations) {
        List<ConversationState> states = deletedConversations.stream().map(DeletedConversation::state).toList();
        if (json) {
            ArrayNode rows = ConversationExport.summaries(states);
            for (int i = 0; i < rows.size(); i++) {
                ((ObjectNode) rows.get(i)).put("deleted_at", deletedConversations.get(i).deletedAt().toString());
            }
            out.println(rows);
            return;
        }
        if (states.isEmpty()) {
            out.println("Nothing is deleted.");
            return;
        }
        out.printf("%-36s  %-20s  %-7s  %s%n", "ID", "DELETED", "TURNS", "TITLE");
        for (DeletedConversation deletedConversation : deletedConversations) {
            ConversationState state = deletedConversation.state();
            out.printf("%-36s  %-20s  %-7s  %s%n", state.id(),
                    deletedConversation.deletedAt().truncatedTo(java.time.temporal.ChronoUnit.SECONDS),
                    state.turnCount() + "/" + state.maxTurns(), shortened(state.title()));
        }
    }

    private static String shortened(String text) {
        String line = text.replaceAll("\\s+", " ");
        return line.length() > 60 ? line.substring(0, 59) + "…" : line;
    }

    private static void printTable(PrintWriter out, List<ConversationState> conversations) {
        if (conversations.isEmpty()) {
            out.println("No conversations yet.");
            return;
        }
        out.printf("%-36s  %-11s  %-7s  %s%n", "ID", "STATUS", "TURNS", "TASK");
        for (ConversationState state : conversations) {
            out.printf("%-36s  %-11s  %-7s  %s%n", state.id(), Lifecycle.shown(state).wireName(),
                    state.turnCount() + "/" + state.maxTurns(), shortened(state.task().orElse("")));
        }
    }
}
