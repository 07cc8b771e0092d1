package dev.workshop.cli;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.orchestration.ConversationEngine;
import dev.workshop.orchestration.OutsideCallCommands;
import dev.workshop.orchestration.Workspace;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code workshop approve ID}: the user's word on the outside tool call a conversation waits for — approve it (as
 * asked, or with {@code --edit}ed arguments; {@code --always} allows the agent that tool from now on), or deny it
 * with {@code --deny REASON} — then runs the conversation on, as JSON lines. Without a word, shows the call.
 */
@Command(name = "approve", mixinStandardHelpOptions = true,
        description = "Approve, edit or deny the tool call a conversation waits for, and run it on.")
final class ApproveCommand extends LoopCommand {
    @Parameters(index = "0", paramLabel = "ID", description = "The conversation (its first characters will do).")
    private String conversation;

    @Option(names = "--edit", paramLabel = "JSON", description = "Run the call with these arguments (a JSON object).")
    private String edited;

    @Option(names = "--always", description = "Also allow the agent this tool from now on, without asking.")
    private boolean always;

    @Option(names = "--deny", paramLabel = "REASON", description = "Deny the call; the agent reads the reason.")
    private String denied;

    @Option(names = "--show", description = "Only show the call the conversation waits for.")
    private boolean show;

    @Override
    public Integer call() throws InterruptedException {
        Ids.conversation(conversation);
        if (denied != null && (edited != null || always)) {
            throw new IllegalArgumentException("--deny goes alone: a denied call is not edited or allowed");
        }
        try (Workspace workspace = openForLoops()) {
            ConversationId id = Ids.conversation(workspace, conversation);
            ConversationEngine engine = workspace.engine();
            OutsideCallCommands calls = engine.calls();
            OutsideCallCommands.WaitingCall waiting = calls.waiting(id).orElseThrow(() -> new IllegalStateException(
                    "Conversation " + id + " is not waiting for your word on a tool call"));
            if (show) {
                spec().commandLine().getOut().println(ToolCallJson.waiting(waiting));
                return ExitCode.OK;
            }
            String by = System.getProperty("user.name", "you");
            if (denied != null) {
                calls.deny(id, denied, by);
            } else {
                calls.approve(id, Optional.ofNullable(edited), always, by);
            }
            return ranOn(engine, id);
        }
    }
}
