package dev.workshop.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.orchestration.Reinflated;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code workshop reinflate BRANCH|ID}: brings a held session back, paused where it was held. */
@Command(name = "reinflate", mixinStandardHelpOptions = true,
        description = {"Bring a held session back into this data directory: the same id and history, its agents"
                + " placed on the canvas as they were, paused until you continue it (workshop continue, or"
                + " Resume in the app). The next speaker and turn are those at the hold."})
final class ReinflateCommand implements Callable<Integer> {
    @ParentCommand
    private WorkshopCommand workshop;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BRANCH|ID", description = "The session's branch, or its id (or the id's start).")
    private String session;

    @Mixin
    private SessionRepositoryOptions where;

    @Option(names = "--as-fork",
            description = "Re-inflate as a new conversation (for one that went on differently here since).")
    private boolean asFork;

    @Option(names = "--add-agents",
            description = "Add back the session's agents this data directory has no definition of.")
    private boolean addAgents;

    @Override
    public Integer call() {
        try (Workspace workspace = Cli.open(workshop, spec, WorkspaceOptions.DEFAULTS)) {
            Reinflated done = workspace.holds().reinflate(session, where.location(), asFork, addAgents);
            ObjectNode row = new ObjectMapper().createObjectNode().put("conversation_id", done.id().value())
                    .put("branch", done.branch()).put("commit", done.commit())
                    .put("outcome", done.outcome().name().toLowerCase(Locale.ROOT))
                    .put("status", done.status().wireName()).put("turn_count", done.messageCount());
            ArrayNode missing = row.putArray("missing_agents");
            done.missingAgents().forEach(missing::add);
            ArrayNode added = row.putArray("added_agents");
            done.addedAgents().forEach(added::add);
            spec.commandLine().getOut().println(row);
            spec.commandLine().getErr().println("workshop: " + done.summary()
                    + (done.missingAgents().isEmpty() ? "" : "; --add-agents adds them from the session"));
            spec.commandLine().getErr().flush();
        }
        return ExitCode.OK;
    }
}
