package dev.workshop.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.orchestration.HeldEntry;
import dev.workshop.orchestration.Workspace;
import java.io.PrintWriter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code workshop held}: the sessions a repository holds. */
@Command(name = "held", mixinStandardHelpOptions = true,
        description = "List the held sessions of a repository (default: sessions.git in the data directory).")
final class HeldCommand implements Callable<Integer> {
    @ParentCommand
    private WorkshopCommand workshop;

    @Spec
    private CommandSpec spec;

    @Mixin
    private SessionRepositoryOptions where;

    @Option(names = "--json", description = "A JSON array (otherwise a readable table).")
    private boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<HeldEntry> entries;
        try (Workspace workspace = Cli.openToRead(workshop, spec)) {
            entries = workspace.holds().held(where.location());
        }
        if (json) {
            ArrayNode rows = new ObjectMapper().createArrayNode();
            for (HeldEntry entry : entries) {
                ObjectNode row = rows.addObject().put("branch", entry.branch()).put("commit", entry.commit())
                        .put("id", entry.id()).put("title", entry.title()).put("turns", entry.turns())
                        .put("held_at", entry.heldAt().toString());
                ArrayNode participants = row.putArray("participants");
                entry.participants().forEach(participants::add);
                entry.problem().ifPresent(problem -> row.put("problem", problem));
            }
            out.println(rows);
            return ExitCode.OK;
        }
        if (entries.isEmpty()) {
            out.println("No held session.");
            return ExitCode.OK;
        }
        out.printf("%-48s  %-20s  %-5s  %-24s  %s%n", "BRANCH", "HELD", "TURNS", "PARTICIPANTS", "TITLE");
        for (HeldEntry entry : entries) {
            out.printf("%-48s  %-20s  %-5s  %-24s  %s%n", entry.branch(), entry.heldAt().truncatedTo(ChronoUnit.SECONDS),
                    entry.problem().isPresent() ? "?" : String.valueOf(entry.turns()),
                    String.join(", ", entry.participants()), entry.problem().orElse(entry.title()));
        }
        return ExitCode.OK;
    }
}
