package dev.workshop.cli;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.tool.Settlement;
import dev.workshop.orchestration.ConversationEngine;
import dev.workshop.orchestration.Workspace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code workshop settle ID ran|did-not-run|run-again}: the user's word on a tool call a crash left in doubt (sent,
 * its answer never came), then the conversation runs on, as JSON lines. Workshop never sends such a call again by
 * itself unless its tool says it is read-only or idempotent.
 */
@Command(name = "settle", mixinStandardHelpOptions = true,
        description = "Say whether a tool call left in doubt by a crash ran (ran, did-not-run, run-again), and run on.")
final class SettleCommand extends LoopCommand {
    @Parameters(index = "0", paramLabel = "ID", description = "The conversation (its first characters will do).")
    private String conversation;

    @Parameters(index = "1", paramLabel = "WORD", description = "ran, did-not-run or run-again.")
    private String word;

    @Override
    public Integer call() throws InterruptedException {
        Ids.conversation(conversation);
        Settlement settlement = Settlement.fromWireName(word.strip());
        try (Workspace workspace = openForLoops()) {
            ConversationId id = Ids.conversation(workspace, conversation);
            ConversationEngine engine = workspace.engine();
            engine.calls().settle(id, settlement, System.getProperty("user.name", "you"));
            return ranOn(engine, id);
        }
    }
}
