package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.cli.bench.BenchCommand;
import dev.workshop.orchestration.WorkspaceOpener;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Picocli is given only the command that runs, and everything still behaves as one full command tree. */
class SubcommandsTest {
    private static final WorkspaceOpener NO_WORKSPACE = (dir, options) -> {
        throw new AssertionError("no command here opens a data directory");
    };

    private final List<Path> desktopLaunches = new ArrayList<>();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int workshop(String... args) {
        return WorkshopCommand.run(args, desktopLaunches::add, NO_WORKSPACE, new PrintWriter(out), new PrintWriter(err));
    }

    private static CommandLine built(String... args) {
        CommandLine commandLine = new CommandLine(new WorkshopCommand(dir -> { }, NO_WORKSPACE));
        WorkshopCommand.COMMANDS.addTo(commandLine, args, 0);
        return commandLine;
    }

    @Test
    void eachEntryIsNamedAsItsCommandAnnotationNamesIt() {
        List<Subcommands.Entry> entries = new ArrayList<>(WorkshopCommand.COMMANDS.entries());
        entries.addAll(((Subcommands.Group) new BenchCommand()).subcommands().entries());
        for (Subcommands.Entry entry : entries) {
            assertThat(entry.type().getAnnotation(Command.class).name()).as(entry.type().getName())
                    .isEqualTo(entry.name());
        }
    }

    @Test
    void onlyTheNamedCommandIsBuiltAndOptionValuesAreNotTakenForCommands() {
        assertThat(built("--data-dir", "run", "list", "--json").getSubcommands()).containsOnlyKeys("list");
        assertThat(built("--team=run", "show", "x").getSubcommands()).containsOnlyKeys("show");
        CommandLine bench = built("bench", "restore-probe", "--dir", "d").getSubcommands().get("bench");
        assertThat(bench.getParent().getSubcommands()).containsOnlyKeys("bench");
        assertThat(bench.getSubcommands()).containsOnlyKeys("restore-probe");
    }

    @Test
    void withoutAKnownCommandEveryCommandIsThere() {
        List<String> all = WorkshopCommand.COMMANDS.entries().stream().map(Subcommands.Entry::name).toList();
        assertThat(built("--help").getSubcommands().keySet()).containsExactlyElementsOf(all);
        assertThat(built("lisst").getSubcommands().keySet()).containsExactlyElementsOf(all);
        assertThat(built("--", "list").getSubcommands().keySet()).containsExactlyElementsOf(all);
        assertThat(built("bench").getSubcommands().get("bench").getSubcommands()).hasSize(4);
    }

    @Test
    void helpListsEveryCommand() {
        assertThat(workshop("--help")).isZero();
        for (Subcommands.Entry entry : WorkshopCommand.COMMANDS.entries()) {
            assertThat(out.toString()).contains("  " + entry.name() + " ");
        }
    }

    @Test
    void aCommandsOwnHelpAndItsUsageErrorsStillWork() {
        assertThat(workshop("--data-dir", "/tmp/nowhere", "run", "--help")).isZero();
        assertThat(out.toString()).startsWith("Usage: workshop run ").contains("--agents");

        assertThat(workshop("lisst")).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("'lisst'").contains("see 'workshop --help'");
    }

    @Test
    void noCommandOpensTheDesktopAppOnTheDataDirectory() {
        assertThat(workshop("--data-dir", "/tmp/desk")).isZero();
        assertThat(desktopLaunches).containsExactly(Path.of("/tmp/desk").toAbsolutePath().normalize());
    }
}
