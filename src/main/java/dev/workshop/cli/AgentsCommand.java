package dev.workshop.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.AvatarPalette;
import dev.workshop.domain.agent.ModelEndpoint;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code workshop agents list|add|remove|memory}. */
@Command(name = "agents", mixinStandardHelpOptions = true, description = "List, add and remove agents.",
        subcommands = {AgentsCommand.ListAgents.class, AgentsCommand.AddAgent.class, AgentsCommand.RemoveAgent.class,
                AgentMemoryCommand.class})
final class AgentsCommand {
    @ParentCommand
    WorkshopCommand workshop;

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the agents.")
    static final class ListAgents implements Callable<Integer> {
        @ParentCommand
        private AgentsCommand agents;

        @Spec
        private CommandSpec spec;

        @Option(names = "--json", description = "A JSON array (otherwise a readable table).")
        private boolean json;

        @Override
        public Integer call() {
            try (Workspace workspace = Cli.openToRead(agents.workshop, spec)) {
                PrintWriter out = spec.commandLine().getOut();
                if (json) {
                    ArrayNode array = new ObjectMapper().createArrayNode();
                    workspace.agents().list().forEach(agent -> array.addObject().put("id", agent.id().value())
                            .put("name", agent.name()).put("provider", agent.provider()).put("model", agent.model())
                            .put("base_url", agent.endpoint().baseUrl()).put("avatar_color", agent.avatarColor()));
                    out.println(array.toString());
                } else {
                    out.printf("%-44s  %-16s  %-10s  %s%n", "ID", "NAME", "PROVIDER", "MODEL");
                    workspace.agents().list().forEach(agent -> out.printf("%-44s  %-16s  %-10s  %s%n",
                            agent.id(), agent.name(), agent.provider(), agent.model()));
                }
            }
            return ExitCode.OK;
        }
    }

    @Command(name = "add", mixinStandardHelpOptions = true, description = "Add an agent.")
    static final class AddAgent implements Callable<Integer> {
        @ParentCommand
        private AgentsCommand agents;

        @Spec
        private CommandSpec spec;

        @Option(names = "--name", required = true, description = "A name no other agent has.")
        private String name;

        @Option(names = "--persona", defaultValue = "", description = "The agent's system prompt.")
        private String persona;

        @Option(names = "--provider", defaultValue = AgentDefinition.OFFLINE,
                description = "Who answers for it: offline or openai (default: ${DEFAULT-VALUE}).")
        private String provider;

        @Option(names = "--model", defaultValue = "", description = "The model name at the provider.")
        private String model;

        @Option(names = "--base-url", defaultValue = "", paramLabel = "URL",
                description = "OpenAI-compatible base URL, e.g. http://localhost:11434/v1 (Ollama).")
        private String baseUrl;

        @Option(names = "--api-key-env", defaultValue = "", paramLabel = "VAR",
                description = "Name of the environment variable holding the API key (the key is never stored).")
        private String apiKeyEnv;

        @Option(names = "--first-token-timeout", paramLabel = "SECONDS",
                description = "How long an attempt waits for the first word before trying again (default 60).")
        private Integer firstTokenTimeout;

        @Option(names = "--idle-timeout", paramLabel = "SECONDS",
                description = "How long a reply may fall silent mid-stream before it is tried again (default 30).")
        private Integer idleTimeout;

        @Option(names = "--context-tokens", paramLabel = "TOKENS",
                description = "How many tokens the model takes in, prompt and reply (default 8192); a longer "
                        + "conversation's oldest turns are left out of the prompt.")
        private Integer contextTokens;

        @Option(names = "--temperature", description = "Sampling temperature, 0 to 2 (default: the server's).")
        private Double temperature;

        @Option(names = "--max-tokens", description = "Most tokens per reply (default: the server's).")
        private Integer maxTokens;

        @Option(names = {"--color", "--colour"}, paramLabel = "#RRGGBB",
                description = "Avatar colour (default: one of the palette no other agent has yet).")
        private String colour;

        @Override
        public Integer call() {
            // Checked before the store opens: an agent no gateway answers for would fail every turn it is given.
            if (!AgentDefinition.PROVIDERS.contains(provider)) {
                throw new IllegalArgumentException("Unknown provider \"" + provider + "\": use "
                        + AgentDefinition.OFFLINE + " or " + AgentDefinition.OPENAI_COMPATIBLE
                        + " (any OpenAI-compatible server: Ollama, llama.cpp, vLLM, LM Studio, OpenAI)");
            }
            if (colour != null && !AvatarPalette.isValid(colour)) {
                throw new IllegalArgumentException("--color takes #rrggbb, such as #0969da; \"" + colour + "\" is not");
            }
            try (Workspace workspace = Cli.open(agents.workshop, spec, WorkspaceOptions.DEFAULTS)) {
                if (provider.equals(AgentDefinition.OPENAI_COMPATIBLE) && (baseUrl.isBlank() || model.isBlank())) {
                    throw new IllegalArgumentException("An agent of provider openai needs --base-url and --model");
                }
                AgentDefinition added = workspace.agents().add(new AgentDefinition(AgentId.generate(),
                        name.strip(), persona, provider, model,
                        colour == null ? AvatarPalette.nextFor(workspace.agents().list()) : colour,
                        new ModelEndpoint(baseUrl, temperature, maxTokens, apiKeyEnv, firstTokenTimeout,
                                idleTimeout, contextTokens)));
                spec.commandLine().getOut().println("{\"id\":\"" + added.id() + "\",\"name\":"
                        + new ObjectMapper().valueToTree(added.name()) + "}");
            }
            return ExitCode.OK;
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true, description = "Remove an agent by id or name.")
    static final class RemoveAgent implements Callable<Integer> {
        @ParentCommand
        private AgentsCommand agents;

        @Spec
        private CommandSpec spec;

        @Parameters(paramLabel = "AGENT", description = "The agent's id or name.")
        private String agent;

        @Override
        public Integer call() {
            try (Workspace workspace = Cli.open(agents.workshop, spec, WorkspaceOptions.DEFAULTS)) {
                AgentDefinition found = workspace.agents().findByIdOrName(agent.strip()).orElseThrow(() ->
                        new IllegalArgumentException("No agent named or with id \"" + agent.strip() + "\""));
                workspace.agents().remove(found.id());
                spec.commandLine().getOut().println("{\"removed\":\"" + found.id() + "\"}");
            }
            return ExitCode.OK;
        }
    }
}
