package dev.workshop.cli;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.orchestration.GatewayBridge;
import dev.workshop.orchestration.Workspace;
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
            GatewayBridge bridge = workspace.bridge();
            List<ConversationId> resumed = bridge.resumeInterruptedConversations();
            bridge.awaitAll();
            spec().commandLine().getErr().println("workshop: resumed " + resumed.size() + " conversation"
                    + (resumed.size() == 1 ? "" : "s"));
            boolean allCompleted = resumed.stream().allMatch(id -> workspace.store().state(workspace.tenant(), id)
                    .map(state -> state.status() == ConversationStatus.COMPLETED).orElse(false));
            return allCompleted ? ExitCode.OK : ExitCode.CONVERSATION_NOT_COMPLETED;
        }
    }

    private int restore(ConversationId id) {
        try (Workspace workspace = openForLoops()) {
            Cli.reportRestored(spec(), workspace.bridge().restore(id));
            return ExitCode.OK;
        }
    }
}
