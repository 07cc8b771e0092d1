package dev.workshop.cli;

import dev.workshop.cli.mcp.WorkshopMcpServer;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code workshop mcp}: Workshop as an MCP server over stdio, for an MCP host (Claude Desktop, LM Studio, Jan, an
 * IDE) to start. It takes the data directory as any command does (so not while the app has it open) and serves until
 * the host closes its stdin; conversations it runs then stop as interrupted, to go on at the next start. Stdout is
 * the protocol's alone: warnings go to stderr.
 */
@Command(name = "mcp", mixinStandardHelpOptions = true,
        description = "Serve Workshop to an MCP host over stdio (tools: conversations and element actions;"
                + " resources: the shared elements).")
final class McpCommand implements Callable<Integer> {
    @ParentCommand
    private WorkshopCommand workshop;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        try (Workspace workspace = Cli.open(workshop, spec, WorkspaceOptions.DEFAULTS)) {
            new WorkshopMcpServer(workspace, VersionProvider.version()).serve(new FileInputStream(FileDescriptor.in),
                    new FileOutputStream(FileDescriptor.out));
        }
        return ExitCode.OK;
    }
}
