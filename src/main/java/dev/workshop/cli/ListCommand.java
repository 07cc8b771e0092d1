package dev.workshop.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.conversation.ConversationState;
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
        try (Workspace workspace = workshop.openWorkspace()) {
            workspace.warnings().forEach(warning -> spec.commandLine().getErr().println("workshop: " + warning));
            List<ConversationState> conversations = workspace.store().list(workspace.tenant());
            if (json) {
                out.println(toJson(conversations));
            } else {
                printTable(out, conversations);
            }
        }
        return ExitCode.OK;
    }

    private static String toJson(List<ConversationState> conversations) {
        ObjectMapper mapper = new ObjectMapper();
        ArrayNode array = mapper.createArrayNode();
        for (ConversationState state : conversations) {
            ObjectNode row = array.addObject();
            row.put("id", state.id().value());
            row.put("status", state.status().wireName());
            row.put("kind", state.kind().wireName());
            ArrayNode participants = row.putArray("participants");
            state.participants().forEach(p -> participants.addObject().put("id", p.agentId().value()).put("name", p.name()));
            row.put("task_prompt", state.taskPrompt());
            row.put("max_turns", state.maxTurns());
            row.put("turn_count", state.turnCount());
            row.put("updated_at", state.updatedAt().toString());
        }
        return array.toString();
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
