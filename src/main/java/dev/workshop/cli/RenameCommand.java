package dev.workshop.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code workshop rename ID TITLE}: the name lists and exports show; an empty title goes back to the task's. */
@Command(name = "rename", mixinStandardHelpOptions = true,
        description = "Name a conversation. An empty title (\"\") goes back to the first line of its task.")
final class RenameCommand implements Callable<Integer> {
    @ParentCommand
    private WorkshopCommand workshop;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "ID", description = "The conversation id, or its first characters (at least 4).")
    private String id;

    @Parameters(index = "1", paramLabel = "TITLE", description = "The new title (one line, at most 200 characters).")
    private String title;

    @Override
    public Integer call() {
        try (Workspace workspace = Cli.open(workshop, spec, WorkspaceOptions.DEFAULTS)) {
            ConversationId conversation = Ids.conversation(workspace, id);
            workspace.engine().rename(conversation, title);
            String shown = workspace.engine().state(conversation).orElseThrow().title();
            spec.commandLine().getOut().println(new ObjectMapper().createObjectNode()
                    .put("conversation_id", conversation.value()).put("title", shown));
        }
        return ExitCode.OK;
    }
}
