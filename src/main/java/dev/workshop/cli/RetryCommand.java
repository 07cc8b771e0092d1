package dev.workshop.cli;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.orchestration.ConversationEngine;
import dev.workshop.orchestration.Workspace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code workshop retry ID}: asks a failed turn again (the app's Retry), once its cause is mended — the model's
 * server started, the key fixed — and runs the conversation on, as JSON lines. A failed turn is never asked again
 * by itself: not at launch, not by {@code resume}.
 */
@Command(name = "retry", mixinStandardHelpOptions = true,
        description = "Ask a failed conversation's failed turn again and run it on (what Retry does in the app).")
final class RetryCommand extends LoopCommand {
    @Parameters(index = "0", paramLabel = "ID", description = "The conversation (its first characters will do).")
    private String conversation;

    @Override
    public Integer call() throws InterruptedException {
        Ids.conversation(conversation);
        try (Workspace workspace = openForLoops()) {
            ConversationId id = Ids.conversation(workspace, conversation);
            ConversationEngine bridge = workspace.engine();
            bridge.retry(id);
            return ranOn(bridge, id);
        }
    }
}
