package dev.workshop.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.tool.OutsideTool;
import dev.workshop.domain.tool.ToolGrants;
import dev.workshop.domain.tool.ToolPolicy;
import dev.workshop.domain.tool.ToolServer;
import dev.workshop.gateway.SecretStoreException;
import dev.workshop.gateway.ToolServerException;
import dev.workshop.orchestration.Toolbox;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code workshop tools}: the outside tool servers (MCP) agents may call, kept in the data directory's
 * {@code mcp.json}, and each agent's grants ({@code tool-grants.json}). Secrets given with {@code --secret-header}
 * or {@code --secret-env} go to the desktop's secret store; the file holds only their names.
 */
@Command(name = "tools", mixinStandardHelpOptions = true,
        description = "Outside tool servers (MCP) and which agent may call which tool.",
        subcommands = {ToolsCommand.ListServers.class, ToolsCommand.AddServer.class, ToolsCommand.RemoveServer.class,
                ToolsCommand.TestServer.class, ToolsCommand.Grants.class, ToolsCommand.Grant.class})
final class ToolsCommand {
    @ParentCommand
    WorkshopCommand workshop;

    /** Opens the data directory, runs {@code work} with its toolbox, closes it. */
    static int with(ToolsCommand tools, CommandSpec spec, ToolWork work) throws Exception {
        try (Workspace workspace = Cli.open(tools.workshop, spec, WorkspaceOptions.DEFAULTS)) {
            return work.run(workspace, workspace.engine().calls().toolbox(), spec.commandLine().getOut());
        }
    }

    interface ToolWork {
        int run(Workspace workspace, Toolbox toolbox, PrintWriter out) throws Exception;
    }

    /** What every {@code tools} subcommand has: its parent, its spec, and the workspace opened for its work. */
    abstract static class ToolsSubcommand implements Callable<Integer> {
        @ParentCommand
        ToolsCommand tools;
        @Spec
        CommandSpec spec;

        final int with(ToolWork work) throws Exception {
            return ToolsCommand.with(tools, spec, work);
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the tool servers.")
    static final class ListServers extends ToolsSubcommand {
        @Option(names = "--json", description = "A JSON array (otherwise readable lines).")
        private boolean json;

        @Override
        public Integer call() throws Exception {
            return with((workspace, toolbox, out) -> {
                if (json) {
                    ArrayNode array = new ObjectMapper().createArrayNode();
                    toolbox.servers().forEach(server -> array.addObject().put("name", server.name())
                            .put("transport", server.overStdio() ? "stdio" : "http").put("where", server.where())
                            .put("timeout_seconds", server.timeout().toSeconds()));
                    out.println(array);
                } else if (toolbox.servers().isEmpty()) {
                    out.println("No tool servers yet: add one with 'workshop tools add'.");
                } else {
                    toolbox.servers().forEach(server -> out.println(server.name() + "  (" + (server.overStdio()
                            ? "stdio" : "http") + ", " + server.timeout().toSeconds() + " s)  " + server.where()));
                }
                return ExitCode.OK;
            });
        }
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = "Add (or replace) a tool server: a command over stdio, or a streamable HTTP url.")
    static final class AddServer extends ToolsSubcommand {
        @Parameters(index = "0", paramLabel = "NAME", description = "The server's name.")
        private String name;
        @Option(names = "--command", paramLabel = "PROGRAM", description = "The program to start (stdio).")
        private String command;
        @Option(names = "--arg", paramLabel = "ARG", description = "An argument of the program (repeatable).")
        private List<String> args = List.of();
        @Option(names = "--env", paramLabel = "NAME=VALUE", description = "An environment variable (repeatable);"
                + " ${env:X} takes Workshop's own variable X.")
        private Map<String, String> env = new LinkedHashMap<>();
        @Option(names = "--secret-env", paramLabel = "NAME=VALUE", description = "A variable whose value goes to"
                + " the secret store (repeatable).")
        private Map<String, String> secretEnv = new LinkedHashMap<>();
        @Option(names = "--url", paramLabel = "URL", description = "The server's streamable HTTP endpoint.")
        private String url;
        @Option(names = "--header", paramLabel = "NAME=VALUE", description = "An HTTP header (repeatable).")
        private Map<String, String> headers = new LinkedHashMap<>();
        @Option(names = "--secret-header", paramLabel = "NAME=VALUE", description = "A header whose value goes to"
                + " the secret store (repeatable), as Authorization=\"Bearer …\".")
        private Map<String, String> secretHeaders = new LinkedHashMap<>();
        @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30",
                description = "Longest wait for one call (default: ${DEFAULT-VALUE}).")
        private int timeoutSeconds;

        @Override
        public Integer call() throws Exception {
            if (timeoutSeconds < 1) {
                throw new IllegalArgumentException("--timeout must be at least 1 second, was " + timeoutSeconds);
            }
            return with((workspace, toolbox, out) -> {
                Map<String, String> allEnv = kept(toolbox, env, secretEnv);
                Map<String, String> allHeaders = kept(toolbox, headers, secretHeaders);
                ToolServer server = new ToolServer(name.strip(), command, args, allEnv, url, allHeaders,
                        Duration.ofSeconds(timeoutSeconds));
                toolbox.saveServer(server);
                out.println("Tool server " + server.name() + " saved: " + server.where()
                        + " ('workshop tools test " + server.name() + "' lists its tools)");
                return ExitCode.OK;
            });
        }

        private Map<String, String> kept(Toolbox toolbox, Map<String, String> plain, Map<String, String> secret)
                throws SecretStoreException {
            Map<String, String> all = new LinkedHashMap<>(plain);
            for (Map.Entry<String, String> entry : secret.entrySet()) {
                all.put(entry.getKey(), toolbox.keepSecret(name.strip(), entry.getKey(), entry.getValue()));
            }
            return all;
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true, description = "Remove a tool server.")
    static final class RemoveServer extends ToolsSubcommand {
        @Parameters(index = "0", paramLabel = "NAME", description = "The server's name.")
        private String name;

        @Override
        public Integer call() throws Exception {
            return with((workspace, toolbox, out) -> {
                if (!toolbox.removeServer(name.strip())) {
                    throw new IllegalArgumentException("There is no tool server " + name.strip());
                }
                out.println("Tool server " + name.strip() + " removed");
                return ExitCode.OK;
            });
        }
    }

    @Command(name = "test", mixinStandardHelpOptions = true,
            description = "Start a tool server and list its tools, or say why it cannot start.")
    static final class TestServer extends ToolsSubcommand {
        @Parameters(index = "0", paramLabel = "NAME", description = "The server's name.")
        private String name;
        @Option(names = "--json", description = "A JSON array of its tools (otherwise readable lines).")
        private boolean json;

        @Override
        public Integer call() throws Exception {
            return with((workspace, toolbox, out) -> {
                List<OutsideTool> listed;
                try {
                    listed = toolbox.test(name.strip());
                } catch (ToolServerException cannot) {
                    spec.commandLine().getErr().println("workshop: " + cannot.getMessage());
                    return ExitCode.TOOL_SERVER_FAILED;
                }
                if (json) {
                    ArrayNode array = new ObjectMapper().createArrayNode();
                    listed.forEach(tool -> array.add(ToolCallJson.tool(tool)));
                    out.println(array);
                } else {
                    out.println("Tool server " + name.strip() + " offers " + listed.size() + " tool"
                            + (listed.size() == 1 ? "" : "s") + ":");
                    listed.forEach(tool -> out.println("  " + tool.name() + hints(tool) + "  " + tool.description()));
                }
                return ExitCode.OK;
            });
        }

        private static String hints(OutsideTool tool) {
            return tool.hints().readOnly() ? " (reads only)" : tool.hints().idempotent() ? " (idempotent)"
                    : tool.hints().destructive() ? " (destructive)" : "";
        }
    }

    @Command(name = "grants", mixinStandardHelpOptions = true,
            description = "List the agents' tool grants other than ask (always allow, never).")
    static final class Grants extends ToolsSubcommand {

        @Override
        public Integer call() throws Exception {
            return with((workspace, toolbox, out) -> {
                List<ToolGrants.Grant> granted = toolbox.grants().granted();
                if (granted.isEmpty()) {
                    out.println("No grants: every agent's every tool call asks first.");
                }
                granted.forEach(grant -> out.println(workspace.agents().findByIdOrName(grant.agentId())
                        .map(AgentDefinition::name).orElse(grant.agentId()) + "  " + grant.tool() + "  "
                        + grant.policy().wireName()));
                return ExitCode.OK;
            });
        }
    }

    @Command(name = "grant", mixinStandardHelpOptions = true,
            description = "Set how an agent's calls of a tool run: ask (revokes a grant), allow or never.")
    static final class Grant extends ToolsSubcommand {
        @Parameters(index = "0", paramLabel = "AGENT", description = "The agent's name or id.")
        private String agent;
        @Parameters(index = "1", paramLabel = "SERVER/TOOL", description = "The tool, as server/tool.")
        private String tool;
        @Parameters(index = "2", paramLabel = "POLICY", description = "ask, allow or never.")
        private String policy;

        @Override
        public Integer call() throws Exception {
            ToolPolicy chosen = ToolPolicy.fromWireName(policy.strip());
            if (!tool.contains("/")) {
                throw new IllegalArgumentException("Name the tool as server/tool, as files/read_file");
            }
            return with((workspace, toolbox, out) -> {
                AgentDefinition found = workspace.agents().findByIdOrName(agent.strip()).orElseThrow(() ->
                        new IllegalArgumentException("No agent named or with id \"" + agent.strip() + "\""));
                toolbox.grant(found.id(), tool.strip(), chosen);
                out.println(found.name() + "'s calls of " + tool.strip() + ": " + chosen.wireName());
                return ExitCode.OK;
            });
        }
    }
}
