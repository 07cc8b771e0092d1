package dev.workshop.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code workshop undelete ID…}: deleted conversations come back to every list, with all their messages. */
@Command(name = "undelete", mixinStandardHelpOptions = true,
        description = "Bring deleted conversations back ('list --deleted' shows them).")
final class UndeleteCommand implements Callable<Integer> {
    @ParentCommand
    private WorkshopCommand workshop;

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "ID", description = "The ids of deleted conversations, or their first characters.")
    private List<String> ids;

    @Override
    public Integer call() {
        try (Workspace workspace = Cli.open(workshop, spec, WorkspaceOptions.DEFAULTS)) {
            List<ConversationId> conversations = ids.stream().map(typed -> Ids.conversation(workspace, typed)).toList();
            Set<ConversationId> deleted = workspace.engine().deletedConversations().stream()
                    .map(deletedConversation -> deletedConversation.state().id()).collect(Collectors.toSet());
            // Every id is checked first, as delete does: one wrong id brings nothing back.
            for (ConversationId conversation : conversations) {
                if (!deleted.contains(conversation)) {
                    throw new IllegalArgumentException(workspace.engine().state(conversation).isPresent()
                            ? "Conversation " + conversation + " is not deleted; nothing was brought back"
                            : "No deleted conversation with id " + conversation
                                    + " (see 'workshop list --deleted'); nothing was brought back");
                }
            }
            for (ConversationId conversation : conversations.stream().distinct().toList()) {
                workspace.engine().undelete(conversation);
                spec.commandLine().getOut().println(new ObjectMapper().createObjectNode()
                        .put("conversation_id", conversation.value()).put("deleted", false));
            }
        }
        return ExitCode.OK;
    }
}
