package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.cli.bench.BenchCommand;
import dev.workshop.cli.subcommands.Subcommands;
import dev.workshop.orchestration.WorkspaceOpener;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.DataDirectoryInUseException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
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
        return WorkshopCommand.run(args, (dir, files) -> desktopLaunches.add(dir), NO_WORKSPACE, new PrintWriter(out), new PrintWriter(err));
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
        assertThat(built("bench").getSubcommands().get("bench").getSubcommands())
                .containsOnlyKeys("store", "loop", "team", "elements", "restore-probe", "loop-many");
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

    @Test
    void onlyOptionsWithTheirValuesNeedNoCommandBuilt() {
        var spec = new CommandLine(new WorkshopCommand(dir -> { }, NO_WORKSPACE)).getCommandSpec();
        assertThat(Subcommands.noneNeeded(spec, new String[0])).isTrue();
        assertThat(Subcommands.noneNeeded(spec, new String[] {"--data-dir", "/x"})).isTrue();
        assertThat(Subcommands.noneNeeded(spec, new String[] {"--data-dir=/x", "--team", "research"})).isTrue();
        assertThat(Subcommands.noneNeeded(spec, new String[] {"--version"})).isTrue();
        assertThat(Subcommands.noneNeeded(spec, new String[] {"-V", "--data-dir", "/x"})).isTrue();
        // Help lists every command, a word may be a command (or a typo to suggest one for); picocli answers the rest.
        for (String[] args : List.of(new String[] {"--help"}, new String[] {"-h"}, new String[] {"-hV"},
                new String[] {"-V", "--help"}, new String[] {"-V", "list"},
                new String[] {"--data-dir", "/x", "list"}, new String[] {"--bogus"}, new String[] {"--"},
                new String[] {"--data-dir", "/x", "--", "list"}, new String[] {"--bogus=1"})) {
            assertThat(Subcommands.noneNeeded(spec, args)).as(String.join(" ", args)).isFalse();
        }
    }

    @Test
    void theVersionStillPrintsWhenNoCommandIsBuiltForIt() {
        assertThat(workshop("--version")).isZero();
        assertThat(out.toString()).startsWith("workshop ");
        assertThat(desktopLaunches).isEmpty();
    }

    @Test
    void theDesktopAppsOwnOptionsStillGetPicoclisAnswers() {
        assertThat(workshop("--data-dir")).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("--data-dir").contains("see 'workshop --help'");
        assertThat(desktopLaunches).isEmpty();
    }

    @Test
    void noArgumentsAtAllOpenTheDesktopAppOnTheDefaultDataDirectory() {
        assertThat(workshop()).isZero();
        assertThat(desktopLaunches).containsExactly(defaultDataDirectory());
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void theDesktopAppFailingIsReportedTheSameWithOrWithoutArguments() {
        String inUse = ExitCode.DATA_DIRECTORY_IN_USE + " workshop: Workshop is already running with data directory ";
        assertThat(failing(dir -> { throw new DataDirectoryInUseException(dir); }))
                .containsExactly(inUse + defaultDataDirectory(),
                        inUse + Path.of("/tmp/desk").toAbsolutePath().normalize());
        List<String> unexpected = failing(dir -> {
            throw new UnsupportedOperationException("Unable to open DISPLAY");
        });
        assertThat(unexpected).hasSize(2).allSatisfy(line -> assertThat(line)
                .startsWith("1 workshop: Unable to open DISPLAY")
                .contains("java.lang.UnsupportedOperationException: Unable to open DISPLAY"));
    }

    private static Path defaultDataDirectory() {
        return DataDirectory.resolve(Optional.empty(), System.getenv(), Path.of(System.getProperty("user.home")));
    }

    /** The exit code and what went to stderr, first with no arguments, then with {@code --data-dir}. */
    private static List<String> failing(Consumer<Path> desktopApp) {
        List<String> results = new ArrayList<>();
        for (String[] args : List.of(new String[0], new String[] {"--data-dir", "/tmp/desk"})) {
            StringWriter errors = new StringWriter();
            int code = WorkshopCommand.run(args, (dir, files) -> desktopApp.accept(dir), NO_WORKSPACE, new PrintWriter(new StringWriter()),
                    new PrintWriter(errors));
            results.add(code + " " + errors.toString().strip());
        }
        return results;
    }
}
