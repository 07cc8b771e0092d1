package dev.workshop.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.workshop.cli.json.ElementJson;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.orchestration.ConversationExport;
import dev.workshop.orchestration.Workspace;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code workshop show ID}: one conversation with its messages, as JSON or Markdown. */
@Command(name = "show", mixinStandardHelpOptions = true, description = "Show one conversation and its messages.")
final class ShowCommand implements Callable<Integer> {
    /** One line of JSON, as {@code toString} writes it, leaving the command's output open. */
    private static final ObjectWriter LINE = new ObjectMapper().writer()
            .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    @ParentCommand
    private WorkshopCommand workshop;

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "ID", description = "The conversation id, or its first characters (at least 4).")
    private String id;

    @ArgGroup(exclusive = true)
    private Format format = new Format();

    static final class Format {
        @Option(names = "--json", description = "One JSON object (the default).")
        boolean json;

        @Option(names = "--markdown", description = "A Markdown transcript.")
        boolean markdown;
    }

    @Override
    public Integer call() {
        try (Workspace workspace = Cli.openToRead(workshop, spec)) {
            ConversationId conversation = Ids.conversation(workspace, id);
            ConversationState state = workspace.store().state(workspace.tenant(), conversation)
                    .orElseThrow(() -> new IllegalArgumentException("No conversation with id " + conversation
                            + " (see 'workshop list')"));
            if (state.deleted()) {
                throw new IllegalArgumentException("Conversation " + conversation + " was deleted ('workshop undelete "
                        + conversation + "' brings it back)");
            }
            List<RecordedEvent> history = workspace.store().history(workspace.tenant(), conversation);
            PrintWriter out = spec.commandLine().getOut();
            if (format.markdown) {
                out.print(ConversationExport.markdown(state, history));
            } else {
                com.fasterxml.jackson.databind.node.ObjectNode shown = ConversationExport.withMessages(
                        workspace.tenant(), state, history);
                ElementJson.addActions(shown, history, workspace.engine().elements().decided(conversation));
                ToolCallJson.addCalls(shown, history);
                // Streamed to the output, not made one String first: a long conversation's text is large.
                try {
                    LINE.writeValue(out, shown);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                out.println();
            }
        }
        return ExitCode.OK;
    }
}
