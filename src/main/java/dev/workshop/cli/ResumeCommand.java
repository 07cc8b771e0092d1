package dev.workshop.cli;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Lifecycle;
import dev.workshop.orchestration.ConversationEngine;
import dev.workshop.orchestration.Workspace;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code workshop resume}: what the app does at launch, run to the end of every resumed conversation. */
@Command(name = "resume", mixinStandardHelpOptions = true,
        description = {"Resume every interrupted conversation and run each to its end.",
                "With --session ID: restore that one conversation of the team, paused until you continue it "
                        + "(workshop continue, or Resume in the app)."})
final class ResumeCommand extends LoopCommand {
    @Option(names = "--session", paramLabel = "ID",
            description = "Restore this conversation only, from the team's log or its snapshot file.")
    private String session;

    @Override
    public Integer call() throws InterruptedException {
        if (session != null) {
            return restore(Ids.conversation(session));
        }
        try (Workspace workspace = openForLoops()) {
            ConversationEngine bridge = workspace.engine();
            // Those that could not even start (ended at once, by the crash-loop guard say) count as well.
            List<ConversationId> due = bridge.conversationsToResume().stream().map(ConversationState::id).toList();
            List<ConversationId> resumed = bridge.resumeInterruptedConversations();
            bridge.awaitAll();
            List<ConversationState> notCompleted = due.stream()
                    .flatMap(id -> workspace.store().state(workspace.tenant(), id).stream())
                    .filter(state -> Lifecycle.shown(state) != ConversationStatus.COMPLETED).toList();
            PrintWriter err = spec().commandLine().getErr();
            err.println("workshop: resumed " + resumed.size() + " conversation" + (resumed.size() == 1 ? "" : "s")
                    + (notCompleted.isEmpty() ? "" : "; " + notCompleted.size() + " did not complete"));
            for (ConversationState state : notCompleted) {
                err.println("workshop: " + state.id() + " is " + Lifecycle.shown(state).wireName()
                        + (state.statusReason().isEmpty() ? "" : ": " + state.statusReason()));
            }
            return notCompleted.isEmpty() ? ExitCode.OK : ExitCode.CONVERSATION_NOT_COMPLETED;
        }
    }

    private int restore(ConversationId id) {
        try (Workspace workspace = openForLoops()) {
            Cli.reportRestored(spec(), workspace.engine().restore(id));
            return ExitCode.OK;
        }
    }
}
