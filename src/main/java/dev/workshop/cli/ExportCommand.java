package dev.workshop.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.orchestration.ConversationExport;
import dev.workshop.orchestration.Workspace;
import dev.workshop.store.StoreException;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code workshop export ID… | --all}: conversations written to files in a folder, named by title and id as
 * the app's "Export these conversations…" names them; JSON (what {@code import} reads back) or Markdown.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Write conversations to files in a folder: JSON, which 'import' reads back, or Markdown.")
final class ExportCommand implements Callable<Integer> {
    @ParentCommand
    private WorkshopCommand workshop;

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "ID",
            description = "The conversations, by id or its first characters (at least 4).")
    private List<String> ids = new ArrayList<>();

    @Option(names = "--all", description = "Every conversation of the team (deleted ones are left out).")
    private boolean all;

    @Option(names = "--markdown", description = "Markdown transcripts to read, instead of JSON.")
    private boolean markdown;

    @Option(names = "--to", paramLabel = "DIR", description = "The folder to write to, made if needed (default: here).")
    private Path folder = Path.of(".");

    @Override
    public Integer call() {
        if (all == !ids.isEmpty()) {
            throw new IllegalArgumentException(all ? "Name conversations or give --all, not both"
                    : "Name the conversations to export, or give --all");
        }
        try (Workspace workspace = Cli.openToRead(workshop, spec)) {
            // Every id is checked before anything is written, as delete does.
            List<ConversationState> chosen = all ? workspace.store().list(workspace.tenant()) : new ArrayList<>();
            for (String typed : ids) {
                ConversationId id = Ids.conversation(workspace, typed);
                ConversationState state = workspace.engine().state(id).filter(found -> !found.deleted())
                        .orElseThrow(() -> new IllegalArgumentException("No conversation with id " + id
                                + " (see 'workshop list'); nothing was exported"));
                chosen.add(state);
            }
            String extension = markdown ? "md" : ConversationExport.JSON_EXTENSION;
            ObjectMapper json = new ObjectMapper();
            for (ConversationState state : chosen) {
                Path file = exportFile(folder, state, extension);
                write(file, workspace, state);
                spec.commandLine().getOut().println(json.createObjectNode()
                        .put("conversation_id", state.id().value()).put("file", file.toString()));
            }
        }
        return ExitCode.OK;
    }

    /**
     * Where {@code state} is exported: its title as the file name, or that title spelt in ASCII where the
     * system cannot name a file with its letters (a JVM in a non-UTF-8 locale), so no export stops at a title.
     */
    static Path exportFile(Path folder, ConversationState state, String extension) {
        try {
            return folder.resolve(ConversationExport.fileName(state, extension));
        } catch (InvalidPathException e) {
            return folder.resolve(ConversationExport.asciiFileName(state, extension));
        }
    }

    private void write(Path file, Workspace workspace, ConversationState state) {
        try {
            ConversationExport.write(file, markdown, workspace.tenant(), state, workspace.engine().history(state.id()));
        } catch (IOException e) {
            throw new StoreException("Cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
