package dev.workshop.cli;

import dev.workshop.cli.subcommands.Subcommands;
import dev.workshop.cli.subcommands.Subcommands.Entry;
import dev.workshop.cli.bench.BenchCommand;
import dev.workshop.domain.conversation.InvalidEventException;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOpener;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.DataDirectoryInUseException;
import dev.workshop.store.StoreException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code workshop}: with a command it runs headless; with none it opens the desktop app on the data
 * directory. The desktop app is handed in from outside, so this package never depends on the UI.
 */
@Command(name = "workshop", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Workshop: LLM agents in turn-taking conversations that are never lost.%n"
                + "Without a command, opens the desktop app.")
public final class WorkshopCommand implements Callable<Integer> {
    /** In the order help lists them; picocli is given only the one that runs (see {@link Subcommands}). */
    static final Subcommands COMMANDS = new Subcommands(List.of(
            new Entry("run", RunCommand.class),
            new Entry("continue", ContinueCommand.class),
            new Entry("resume", ResumeCommand.class),
            new Entry("retry", RetryCommand.class),
            new Entry("import", ImportCommand.class),
            new Entry("list", ListCommand.class),
            new Entry("show", ShowCommand.class),
            new Entry("export", ExportCommand.class),
            new Entry("abort", AbortCommand.class),
            new Entry("rename", RenameCommand.class),
            new Entry("fork", ForkCommand.class),
            new Entry("hold", HoldCommand.class),
            new Entry("held", HeldCommand.class),
            new Entry("reinflate", ReinflateCommand.class),
            new Entry("serve", ServeCommand.class),
            new Entry("delete", DeleteCommand.class),
            new Entry("undelete", UndeleteCommand.class),
            new Entry("agents", AgentsCommand.class),
            new Entry("elements", ElementsCommand.class),
            new Entry("tools", ToolsCommand.class),
            new Entry("approve", ApproveCommand.class),
            new Entry("settle", SettleCommand.class),
            new Entry("mcp", McpCommand.class),
            new Entry("audit", AuditCommand.class),
            new Entry("gc", GcCommand.class),
            new Entry("erase", EraseCommand.class),
            new Entry("star", MarkCommand.Star.class),
            new Entry("legal-hold", MarkCommand.LegalHold.class),
            new Entry("bench", BenchCommand.class)));

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Data directory (default: $WORKSHOP_DATA_DIR, else $XDG_DATA_HOME/workshop, "
                    + "else ~/.local/share/workshop).")
    private Path dataDir;

    @Option(names = "--team", paramLabel = "NAME",
            description = "The team whose conversations to work on (default: $WORKSHOP_TEAM, else local, the "
                    + "desktop app's).")
    private String team;

    @Option(names = "--store-url", paramLabel = "URL",
            description = "Team mode: the conversations live on this PostgreSQL (jdbc:postgresql://HOST:PORT/DB; "
                    + "default: $WORKSHOP_STORE_URL, else this device's data directory). Credentials from the URL, "
                    + "$PGUSER/$PGPASSWORD or ~/.pgpass.")
    private String storeUrl;

    @Parameters(arity = "0..*", paramLabel = "FILE",
            description = "Exported conversations (.workshop.json) to import, paused, into the app: what the "
                    + "desktop passes when one is double-clicked.")
    private List<Path> files = List.of();

    /** The desktop app: opened on a data directory, with the exported conversations to import into it. */
    @FunctionalInterface
    public interface DesktopApp {
        void open(Path dataDirectory, List<Path> files);

        /**
         * As {@link #open(Path, List)}, with {@code team}'s conversations, on the team server at {@code teamServer}
         * when one is given.
         */
        default void open(Path dataDirectory, List<Path> files, Optional<String> teamServer, TenantId team) {
            if (teamServer.isPresent() || !team.equals(TenantId.LOCAL)) {
                throw new IllegalArgumentException("This desktop app does not take --store-url or --team");
            }
            open(dataDirectory, files);
        }
    }

    private final DesktopApp desktopApp;
    private final WorkspaceOpener opener;

    public WorkshopCommand(Consumer<Path> desktopApp, WorkspaceOpener opener) {
        this((dataDirectory, files) -> desktopApp.accept(dataDirectory), opener);
    }

    public WorkshopCommand(DesktopApp desktopApp, WorkspaceOpener opener) {
        this.desktopApp = desktopApp;
        this.opener = opener;
    }

    /** Opens the data directory for a command; the caller closes it. */
    Workspace openWorkspace(WorkspaceOptions options) {
        return opener.open(dataDirectory(), options.withTeam(team()).withTeamServer(storeUrl()));
    }

    /** The team server chosen by {@code --store-url} or {@code WORKSHOP_STORE_URL}, if any. */
    Optional<String> storeUrl() {
        if (storeUrl != null && storeUrl.isBlank()) {
            // Said on purpose and empty: a script whose variable was not set, not a wish for this device's data.
            throw new IllegalArgumentException("--store-url is empty: give the team server as"
                    + " jdbc:postgresql://HOST:PORT/DATABASE, or leave the option out for this device's own data");
        }
        // An empty variable is an unset one, as shells treat it.
        String url = storeUrl != null ? storeUrl : System.getenv("WORKSHOP_STORE_URL");
        return Optional.ofNullable(url).map(String::strip).filter(text -> !text.isEmpty());
    }

    /**
     * Opens the data directory for a command that only reads: as any command does, or, when that fails because
     * the data cannot be written (a full disk, a read-only mount), only to read it, so that a user can still list,
     * read and export what is there. Another Workshop holding it is no such case.
     */
    Workspace openWorkspaceToRead(WorkspaceOptions options) {
        return opener.openOrRead(dataDirectory(), options.withTeam(team()).withTeamServer(storeUrl()));
    }

    /** The team chosen by {@code --team} or {@code WORKSHOP_TEAM}; a bad name is a usage error. */
    TenantId team() {
        if (team != null && team.isBlank()) {
            throw new IllegalArgumentException("--team is empty: give the team's name, or leave the option out for"
                    + " this device's own conversations");
        }
        String name = team != null ? team : System.getenv("WORKSHOP_TEAM");
        if (name == null || name.isBlank()) {
            return TenantId.LOCAL;
        }
        try {
            return new TenantId(name.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--team: " + e.getMessage(), e);
        }
    }

    public Path dataDirectory() {
        return DataDirectory.resolve(Optional.ofNullable(dataDir), System.getenv(),
                Path.of(System.getProperty("user.home")));
    }

    @Override
    public Integer call() {
        List<Path> toOpen = new java.util.ArrayList<>();
        for (Path file : files) {
            // A word that is neither a command nor a file is a mistyped command, not a file to import.
            if (!java.nio.file.Files.isRegularFile(file)) {
                throw new IllegalArgumentException("No such command or file: '" + file + "' (see 'workshop --help')");
            }
            toOpen.add(file.toAbsolutePath().normalize());
        }
        desktopApp.open(dataDirectory(), List.copyOf(toOpen), storeUrl(), team());
        return ExitCode.OK;
    }

    /** Parses and runs {@code args}; returns the exit code. */
    public static int run(String[] args, DesktopApp desktopApp, WorkspaceOpener opener, PrintWriter givenOut,
                          PrintWriter givenErr) {
        // Whatever a command or a library says, no password given inside an address reaches the terminal.
        PrintWriter out = new PrintWriter(new PasswordsHiddenWriter(givenOut), true);
        PrintWriter err = new PrintWriter(new PasswordsHiddenWriter(givenErr), true);
        WorkshopCommand workshop = new WorkshopCommand(desktopApp, opener);
        if (args.length == 0) {
            // Nothing to parse: the desktop app on the default data directory, as picocli would run it. Building
            // picocli's model first took ~0.2 s of the app's cold start on a two-core machine (docs/perf.md).
            int code = withoutParsing(workshop, err);
            err.flush();
            return code;
        }
        CommandLine commandLine = new CommandLine(workshop);
        // Added before the settings below, which picocli copies only to the subcommands present.
        if (!Subcommands.noneNeeded(commandLine.getCommandSpec(), args)) {
            COMMANDS.addTo(commandLine, args, 0);
        }
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setParameterExceptionHandler((problem, unmatched) -> {
            err.println("workshop: " + problem.getMessage() + " (see 'workshop --help')");
            err.flush();
            return ExitCode.USAGE;
        });
        commandLine.setExecutionExceptionHandler((problem, command, parsed) -> reported(problem, err));
        int code = commandLine.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    /** Runs the command itself, its failures reported as picocli's execution would report them. */
    private static int withoutParsing(WorkshopCommand workshop, PrintWriter err) {
        try {
            return workshop.call();
        } catch (Exception problem) {
            try {
                return reported(problem, err);
            } catch (Exception unexpected) {
                unexpected.printStackTrace(err);
                err.flush();
                // What picocli returns for an exception its handler throws on.
                return CommandLine.ExitCode.SOFTWARE;
            }
        }
    }

    /** One line naming the problem, and the exit code for it; an unexpected problem is thrown on. */
    private static int reported(Exception problem, PrintWriter err) throws Exception {
        err.println("workshop: " + problem.getMessage());
        err.flush();
        return exitCodeFor(problem);
    }

    private static int exitCodeFor(Exception problem) throws Exception {
        return switch (problem) {
            case DataDirectoryInUseException ignored -> ExitCode.DATA_DIRECTORY_IN_USE;
            case StoreException ignored -> ExitCode.STORE_ERROR;
            case dev.workshop.session.SessionRepositoryException repository ->
                    repository.cannotWrite() ? ExitCode.STORE_ERROR : ExitCode.USAGE;
            case InvalidEventException ignored -> ExitCode.USAGE;
            case IllegalArgumentException ignored -> ExitCode.USAGE;
            // A request that does not fit the conversation's state (not waiting, still running…) is bad input.
            case IllegalStateException ignored -> ExitCode.USAGE;
            // The desktop's secret store could not keep or give a secret: the sentence says what to do.
            case dev.workshop.gateway.SecretStoreException ignored -> ExitCode.USAGE;
            case dev.workshop.gateway.ToolServerException ignored -> ExitCode.TOOL_SERVER_FAILED;
            default -> throw problem;
        };
    }
}
