package dev.workshop.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.orchestration.HoldOutcome;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code workshop hold ID}: commits the conversation to its own git branch and parks it. */
@Command(name = "hold", mixinStandardHelpOptions = true,
        description = {"Hold a conversation in git: its whole history and state are committed to its own branch"
                + " (workshop/NAME-ID), then it is parked until it is re-inflated, here or elsewhere.",
                "A turn being asked is cut and asked again after re-inflation."})
final class HoldCommand implements Callable<Integer> {
    @ParentCommand
    private WorkshopCommand workshop;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "ID", description = "The conversation: its id, or the id's first characters.")
    private String id;

    @Mixin
    private SessionRepositoryOptions where;

    @Option(names = "--message", paramLabel = "TEXT", description = "A commit message of your own.")
    private String message;

    @Override
    public Integer call() {
        try (Workspace workspace = Cli.open(workshop, spec, WorkspaceOptions.DEFAULTS)) {
            HoldOutcome held = workspace.holds().hold(Ids.conversation(workspace, id), where.location(),
                    Optional.ofNullable(message));
            spec.commandLine().getOut().println(json(held));
            PrintWriter err = spec.commandLine().getErr();
            err.println("workshop: " + (held.committed() ? "held" : "already held, unchanged,") + " on branch "
                    + held.branch() + " (commit " + held.commit().substring(0, 10) + ") in " + held.repository()
                    + held.pushedTo().map(url -> ", pushed to " + url).orElse(""));
            err.flush();
        }
        return ExitCode.OK;
    }

    static ObjectNode json(HoldOutcome held) {
        ObjectNode row = new ObjectMapper().createObjectNode().put("conversation_id", held.id().value())
                .put("title", held.title()).put("status", "held").put("branch", held.branch())
                .put("commit", held.commit()).put("repository", held.repository().toString())
                .put("committed", held.committed()).put("turn_count", held.turns());
        held.pushedTo().ifPresent(url -> row.put("pushed_to", url));
        return row;
    }
}
