package dev.workshop.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.orchestration.RestoredSession;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code workshop fork ID [--at TURN]}: a new conversation with ID's messages up to turn TURN (numbered from 1,
 * as {@code show --markdown} numbers them), paused there; {@code resume} or {@code continue} takes it on.
 */
@Command(name = "fork", mixinStandardHelpOptions = true,
        description = "Start a new conversation from one of a conversation's turns: its messages up to that turn,"
                + " paused there (or, with --hold, held on a git branch of its own). The conversation forked from is"
                + " not changed.")
final class ForkCommand implements Callable<Integer> {
    @ParentCommand
    private WorkshopCommand workshop;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "ID", description = "The conversation to fork: its id, or the id's first characters.")
    private String id;

    @Option(names = "--at", paramLabel = "TURN",
            description = "The last turn the fork keeps, from 1 (default: the conversation's last message).")
    private Integer turn;

    @Option(names = "--hold", description = "Hold the fork on a git branch of its own (its session names its parent).")
    private boolean hold;

    @picocli.CommandLine.Mixin
    private SessionRepositoryOptions where;

    @Override
    public Integer call() {
        if (turn != null && turn < 1) {
            throw new IllegalArgumentException("--at counts turns from 1; " + turn + " is not a turn");
        }
        try (Workspace workspace = Cli.open(workshop, spec, WorkspaceOptions.DEFAULTS)) {
            ConversationId source = Ids.conversation(workspace, id);
            ConversationState state = workspace.engine().state(source)
                    .orElseThrow(() -> new IllegalArgumentException("No conversation with id " + source));
            int through = turn == null ? state.turnCount() - 1 : turn - 1;
            if (hold) {
                dev.workshop.orchestration.HoldOutcome held = workspace.holds().forkAndHold(source, through,
                        where.location());
                spec.commandLine().getOut().println(HoldCommand.json(held).put("forked_from", source.value()));
                return ExitCode.OK;
            }
            if (where.location().repository().isPresent() || where.location().remote().isPresent()) {
                throw new IllegalArgumentException("--repo and --remote go with --hold");
            }
            RestoredSession fork = workspace.engine().fork(source, through);
            ConversationState forked = workspace.engine().state(fork.id()).orElseThrow();
            spec.commandLine().getOut().println(new ObjectMapper().createObjectNode()
                    .put("conversation_id", fork.id().value()).put("forked_from", source.value())
                    .put("title", forked.title()).put("status", forked.status().wireName())
                    .put("turn_count", forked.turnCount()));
        }
        return ExitCode.OK;
    }
}
