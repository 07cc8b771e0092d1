package dev.workshop.cli;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.orchestration.FollowUps;
import dev.workshop.orchestration.ConversationEngine;
import dev.workshop.orchestration.Workspace;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code workshop continue}: a follow-up in an ended conversation (the same workflow id), as JSON lines.
 * Every problem — unknown workflow, a turn number that does not follow, a malformed or oversize context —
 * exits 2 with one line and changes nothing stored.
 */
@Command(name = "continue", mixinStandardHelpOptions = true,
        description = "Send a follow-up in an ended, waiting or restored conversation and run the agents' next round.")
final class ContinueCommand extends LoopCommand {
    @Option(names = "--workflow-id", required = true, paramLabel = "ID",
            description = "The conversation to continue (its id is the workflow id; its first characters will do).")
    private String workflowId;

    @Option(names = "--turn-number", required = true, paramLabel = "N",
            description = "The follow-up's turn number: the stored turn plus one (the task was turn 1).")
    private int turnNumber;

    @Option(names = "--prompt", required = true, paramLabel = "TEXT", description = "The user's new message only.")
    private String prompt;

    @Option(names = "--conversation-context", paramLabel = "JSON",
            description = "{\"entry_agent\": ID, \"turns\": [{\"role\": \"human\"|\"entry_agent\", \"content\": …}]}; "
                    + "built from the stored conversation when left out.")
    private String context;

    @Override
    public Integer call() throws InterruptedException {
        Ids.conversation(workflowId); // a malformed id is refused before the store opens, as a bad context is
        Optional<String> given = context == null ? Optional.empty() : Optional.of(FollowUps.validate(context));
        try (Workspace workspace = openForLoops()) {
            ConversationId id = Ids.conversation(workspace, workflowId);
            ConversationEngine bridge = workspace.engine();
            bridge.followUp(id, turnNumber, prompt, given);
            // Decided as every loop command decides it, from the status as shown (Lifecycle), not the raw one.
            return ranOn(bridge, id);
        }
    }
}
