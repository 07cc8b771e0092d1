package dev.workshop.cli;

import dev.workshop.orchestration.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code workshop import FILE}: brings a conversation snapshot or JSON export (from {@code show --json}, the
 * app's Export, or an older version: its speaker fields are migrated) into the team, restored and paused.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Import a conversation snapshot or JSON export (older formats migrated) into the team; "
                + "it is restored paused, waiting for you to continue it.")
final class ImportCommand extends LoopCommand {
    @Parameters(paramLabel = "FILE", description = "The snapshot or export to import.")
    private Path file;

    @Override
    public Integer call() {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("No file " + file);
        }
        try (Workspace workspace = openForLoops()) {
            Cli.reportRestored(spec(), workspace.engine().restoreFrom(file));
            return ExitCode.OK;
        }
    }
}
