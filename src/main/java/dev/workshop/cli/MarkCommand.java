package dev.workshop.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.Mark;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code workshop star} and {@code workshop legal-hold}: a mark on conversations, or off with {@code --off}. */
abstract class MarkCommand implements Callable<Integer> {
    @ParentCommand
    private WorkshopCommand workshop;

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "ID", description = "The conversation ids, or their first characters (at least 4).")
    private List<String> ids;

    @Option(names = "--off", description = "Take the mark off.")
    private boolean off;

    abstract Mark mark();

    @Override
    public Integer call() {
        try (Workspace workspace = Cli.open(workshop, spec, WorkspaceOptions.DEFAULTS)) {
            // Every id checked first, so a typo in the third marks nothing.
            List<ConversationId> conversations = ids.stream().map(typed -> Ids.conversation(workspace, typed)).toList();
            for (ConversationId id : conversations) {
                if (workspace.store().state(workspace.tenant(), id).isEmpty()) {
                    throw new IllegalArgumentException("No conversation with id " + id + " (see 'workshop list');"
                            + " nothing was marked");
                }
            }
            for (ConversationId id : conversations) {
                workspace.mark(id, mark(), !off);
                spec.commandLine().getOut().println(new ObjectMapper().createObjectNode()
                        .put("conversation_id", id.value()).put(mark().wireName(), !off));
            }
        }
        return ExitCode.OK;
    }

    @Command(name = "star", mixinStandardHelpOptions = true,
            description = "Star conversations: the retention policy keeps them however long they stand idle or ended.")
    static final class Star extends MarkCommand {
        @Override
        Mark mark() {
            return Mark.STARRED;
        }
    }

    @Command(name = "legal-hold", mixinStandardHelpOptions = true,
            description = "Put conversations under legal hold: kept as they are, out of the retention policy's reach,"
                    + " and refused by erase until the hold is released (--off). Each is an entry of the audit trail.")
    static final class LegalHold extends MarkCommand {
        @Override
        Mark mark() {
            return Mark.LEGAL_HOLD;
        }
    }
}
