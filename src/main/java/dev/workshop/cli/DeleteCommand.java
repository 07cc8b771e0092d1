package dev.workshop.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code workshop delete ID…}: conversations leave every list, for good; their log is kept. */
@Command(name = "delete", mixinStandardHelpOptions = true,
        description = "Delete conversations: they leave 'list' and the app, also after a restart.")
final class DeleteCommand implements Callable<Integer> {
    @ParentCommand
    private WorkshopCommand workshop;

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "ID", description = "The conversation ids, or their first characters (at least 4).")
    private List<String> ids;

    @Override
    public Integer call() throws InterruptedException {
        try (Workspace workspace = Cli.open(workshop, spec, WorkspaceOptions.DEFAULTS)) {
            // Every id is checked before anything is deleted, so a typo in the third id deletes nothing.
            List<ConversationId> conversations = ids.stream().map(typed -> Ids.conversation(workspace, typed)).toList();
            for (ConversationId conversation : conversations) {
                if (workspace.engine().state(conversation).isEmpty()) {
                    throw new IllegalArgumentException("No conversation with id " + conversation
                            + " (see 'workshop list'); nothing was deleted");
                }
            }
            for (ConversationId conversation : conversations) {
                workspace.engine().delete(conversation, Duration.ofSeconds(10));
                spec.commandLine().getOut().println(new ObjectMapper().createObjectNode()
                        .put("conversation_id", conversation.value()).put("deleted", true));
            }
        }
        return ExitCode.OK;
    }
}
