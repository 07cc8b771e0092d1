package dev.workshop.cli;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.Lifecycle;
import dev.workshop.orchestration.AbortOutcome;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code workshop abort ID}: stop a conversation so that it is not resumed at the next launch. */
@Command(name = "abort", mixinStandardHelpOptions = true,
        description = "Mark a conversation as aborted: interrupted (resumable by hand) or, with --end, completed.")
final class AbortCommand implements Callable<Integer> {
    @ParentCommand
    private WorkshopCommand workshop;

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "ID", description = "The conversation id, or its first characters (at least 4).")
    private String id;

    @Option(names = "--end", description = "End the conversation (completed) instead of leaving it resumable.")
    private boolean end;

    @Override
    public Integer call() {
        try (Workspace workspace = Cli.open(workshop, spec, WorkspaceOptions.DEFAULTS)) {
            ConversationId conversation = Ids.conversation(workspace, id);
            workspace.engine().abort(conversation, end ? AbortOutcome.COMPLETE : AbortOutcome.INTERRUPT);
            var state = workspace.store().state(workspace.tenant(), conversation).orElseThrow();
            spec.commandLine().getOut().println("{\"conversation_id\":\"" + conversation + "\",\"status\":\""
                    + Lifecycle.shown(state).wireName() + "\"}");
        }
        return ExitCode.OK;
    }
}
