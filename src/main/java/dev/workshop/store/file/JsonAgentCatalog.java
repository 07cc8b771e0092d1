package dev.workshop.store.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.ModelEndpoint;
import dev.workshop.domain.agent.StarterAgents;
import dev.workshop.store.AgentCatalog;
import dev.workshop.store.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Agents in {@code agents.json}: small and rarely changed, so the whole file is rewritten on each change,
 * through a synced temporary file and an atomic rename; a crash leaves the old or the new file, never half.
 * A new data directory starts with the {@link StarterAgents}; an unreadable file is kept aside and reported.
 */
public final class JsonAgentCatalog implements AgentCatalog {
    private static final int FORMAT = 1;
    private final ObjectMapper json = new ObjectMapper();
    private final Path file;
    private final List<AgentDefinition> agents = new ArrayList<>();

    private JsonAgentCatalog(Path file) {
        this.file = file;
    }

    public static JsonAgentCatalog open(Path dataDirectory, Consumer<String> warnings) {
        JsonAgentCatalog catalog = new JsonAgentCatalog(dataDirectory.resolve("agents.json"));
        catalog.load(warnings);
        return catalog;
    }

    private void load(Consumer<String> warnings) {
        if (!Files.exists(file)) {
            agents.addAll(StarterAgents.all());
            save();
            return;
        }
        try {
            JsonNode root = json.readTree(file.toFile());
            if (root == null || !root.path("agents").isArray()) {
                throw new IOException("it has no \"agents\" list");
            }
            for (JsonNode node : root.path("agents")) {
                JsonNode endpoint = node.path("endpoint");
                agents.add(new AgentDefinition(new AgentId(node.path("id").asText()), node.path("name").asText(),
                        node.path("persona").asText(""), node.path("provider").asText(""), node.path("model").asText(""),
                        node.path("avatar_color").asText(""), new ModelEndpoint(endpoint.path("base_url").asText(""),
                        endpoint.hasNonNull("temperature") ? endpoint.get("temperature").asDouble() : null,
                        endpoint.hasNonNull("max_tokens") ? endpoint.get("max_tokens").asInt() : null,
                        endpoint.path("api_key_env").asText(""))));
            }
        } catch (IOException | IllegalArgumentException e) {
            agents.clear();
            Path aside;
            try {
                aside = AtomicFile.moveAside(file);
            } catch (IOException moveFailed) {
                throw new StoreException("The agent list " + file + " cannot be read (" + e.getMessage()
                        + ") nor moved aside: " + moveFailed.getMessage(), moveFailed);
            }
            warnings.accept("The agent list " + file + " could not be read (" + e.getMessage() + "). It was moved to "
                    + aside + " and the starter agents were set up again; conversations whose agents are missing "
                    + "keep their transcripts.");
            agents.addAll(StarterAgents.all());
            save();
        }
    }

    @Override
    public synchronized List<AgentDefinition> list() {
        return List.copyOf(agents);
    }

    @Override
    public synchronized Optional<AgentDefinition> find(AgentId id) {
        return agents.stream().filter(agent -> agent.id().equals(id)).findFirst();
    }

    @Override
    public synchronized Optional<AgentDefinition> findByIdOrName(String idOrName) {
        return agents.stream().filter(agent -> agent.id().value().equals(idOrName)).findFirst()
                .or(() -> agents.stream()
                        .filter(agent -> agent.name().toLowerCase(Locale.ROOT).equals(idOrName.toLowerCase(Locale.ROOT)))
                        .findFirst());
    }

    /** Adds an agent; a blank id gets a new stable one. */
    @Override
    public synchronized AgentDefinition add(AgentDefinition agent) {
        if (findByIdOrName(agent.name()).isPresent()) {
            throw new IllegalArgumentException("An agent named \"" + agent.name() + "\" already exists");
        }
        if (find(agent.id()).isPresent()) {
            throw new IllegalArgumentException("An agent with id " + agent.id() + " already exists");
        }
        agents.add(agent);
        save();
        return agent;
    }

    @Override
    public synchronized AgentDefinition update(AgentDefinition agent) {
        int index = -1;
        for (int i = 0; i < agents.size(); i++) {
            if (agents.get(i).id().equals(agent.id())) {
                index = i;
            }
        }
        if (index < 0) {
            throw new IllegalArgumentException("No agent with id " + agent.id());
        }
        Optional<AgentDefinition> sameName = findByIdOrName(agent.name());
        if (sameName.isPresent() && !sameName.get().id().equals(agent.id())) {
            throw new IllegalArgumentException("An agent named \"" + agent.name() + "\" already exists");
        }
        agents.set(index, agent);
        save();
        return agent;
    }

    @Override
    public synchronized boolean remove(AgentId id) {
        boolean removed = agents.removeIf(agent -> agent.id().equals(id));
        if (removed) {
            save();
        }
        return removed;
    }

    private void save() {
        ObjectNode root = json.createObjectNode().put("format", FORMAT);
        ArrayNode array = root.putArray("agents");
        for (AgentDefinition agent : agents) {
            ObjectNode node = array.addObject().put("id", agent.id().value()).put("name", agent.name())
                    .put("persona", agent.persona()).put("provider", agent.provider()).put("model", agent.model())
                    .put("avatar_color", agent.avatarColor());
            ModelEndpoint endpoint = agent.endpoint();
            if (!endpoint.equals(ModelEndpoint.NONE)) {
                // The key's variable name only: the key itself never reaches a file of ours.
                node.putObject("endpoint").put("base_url", endpoint.baseUrl()).put("temperature", endpoint.temperature())
                        .put("max_tokens", endpoint.maxTokens()).put("api_key_env", endpoint.apiKeyEnv());
            }
        }
        try {
            AtomicFile.write(file, json.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
        } catch (IOException e) {
            throw new StoreException("Cannot save the agent list " + file + ": " + e.getMessage(), e);
        }
    }
}
