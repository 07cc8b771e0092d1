package dev.workshop.store.file;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.AvatarPalette;
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
 * Every loop looks its speaker up on every turn, so lookups read an immutable list without taking a lock;
 * a change builds a new list, saves it, and only then publishes it.
 */
public final class JsonAgentCatalog implements AgentCatalog {
    private static final int FORMAT = 1;
    private final ObjectMapper json = new ObjectMapper();
    private final Path file;
    private volatile List<AgentDefinition> agents = List.of();
    /** Opened by {@link #readOnly}: changes are refused. */
    private boolean readOnly;
    /** Set when the file could not be read whole at open: an agent may be missing without being removed. */
    private volatile String damage;

    private JsonAgentCatalog(Path file) {
        this.file = file;
    }

    /**
     * The agents, read only: a missing list is the starter agents and a damaged one what can be recovered from it,
     * both in memory; nothing is written or moved, and every change is refused.
     */
    public static JsonAgentCatalog readOnly(Path dataDirectory, Consumer<String> warnings) {
        JsonAgentCatalog catalog = new JsonAgentCatalog(dataDirectory.resolve("agents.json"));
        catalog.readOnly = true;
        if (!Files.exists(catalog.file)) {
            catalog.agents = StarterAgents.all();
            return catalog;
        }
        try {
            catalog.agents = catalog.readWhole(warnings);
        } catch (IOException | IllegalArgumentException e) {
            catalog.agents = withStarters(catalog.salvage());
            catalog.damage = "the agent list " + catalog.file + " could not be read whole";
            warnings.accept("The agent list " + catalog.file + " could not be read: " + JsonProblems.describe(e)
                    + "; what could be recovered from it is shown, and nothing is changed while the data can only be"
                    + " read.");
        }
        return catalog;
    }

    public static JsonAgentCatalog open(Path dataDirectory, Consumer<String> warnings) {
        JsonAgentCatalog catalog = new JsonAgentCatalog(dataDirectory.resolve("agents.json"));
        catalog.load(warnings);
        return catalog;
    }

    private void load(Consumer<String> warnings) {
        if (!Files.exists(file)) {
            publish(StarterAgents.all());
            return;
        }
        try {
            agents = readWhole(warnings);
        } catch (IOException | IllegalArgumentException e) {
            List<AgentDefinition> salvaged = salvage();
            Path aside;
            try {
                aside = AtomicFile.moveAside(file);
            } catch (IOException moveFailed) {
                throw new StoreException("The agent list " + file + " cannot be read (" + JsonProblems.describe(e)
                        + ") nor moved aside: " + moveFailed.getMessage(), moveFailed);
            }
            damage = "the agent list " + file + " could not be read whole (it was moved to " + aside + ")";
            warnings.accept("The agent list " + file + " could not be read: " + JsonProblems.describe(e) + ". It was moved to "
                    + aside + (salvaged.isEmpty() ? "; no agent could be recovered from it"
                            : "; " + salvaged.size() + " agent" + (salvaged.size() == 1 ? " was" : "s were")
                            + " recovered from it (" + String.join(", ", salvaged.stream().map(AgentDefinition::name)
                            .toList()) + ")")
                    + ", and the starter agents set up where missing. A conversation whose agent is still missing "
                    + "waits, interrupted, until the agent is back (put the file back, or add it again).");
            publish(withStarters(salvaged));
        }
    }

    /**
     * Every agent of the file, which must be read whole.
     *
     * @throws IOException              when it is not JSON or has no agent list
     * @throws IllegalArgumentException when an agent in it is not valid
     */
    private List<AgentDefinition> readWhole(Consumer<String> warnings) throws IOException {
        JsonNode root = json.readTree(file.toFile());
        if (root == null || !root.path("agents").isArray()) {
            throw new IOException("it has no \"agents\" list");
        }
        List<AgentDefinition> read = new ArrayList<>();
        for (JsonNode node : root.path("agents")) {
            read.add(agentOf(node, warnings));
        }
        return List.copyOf(read);
    }

    private AgentDefinition agentOf(JsonNode node, Consumer<String> warnings) {
        return AgentJson.read(node, colourOf(node, warnings));
    }

    /**
     * Every whole, valid agent that a damaged file still holds: read one by one up to the damage (a file cut
     * short keeps those before the cut), each checked on its own (one bad agent costs only itself).
     */
    private List<AgentDefinition> salvage() {
        List<AgentDefinition> salvaged = new ArrayList<>();
        try (JsonParser parser = json.createParser(file.toFile())) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return salvaged;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                boolean theList = "agents".equals(parser.currentName());
                if (parser.nextToken() == JsonToken.START_ARRAY && theList) {
                    while (parser.nextToken() == JsonToken.START_OBJECT) {
                        JsonNode node = parser.readValueAsTree();
                        try {
                            AgentDefinition agent = agentOf(node, warning -> { });
                            if (salvaged.stream().noneMatch(other -> other.id().equals(agent.id())
                                    || other.name().equalsIgnoreCase(agent.name()))) {
                                salvaged.add(agent);
                            }
                        } catch (IllegalArgumentException badAgent) {
                            // This one is lost; the others are still worth keeping.
                        }
                    }
                    return salvaged;
                }
                parser.skipChildren();
            }
        } catch (IOException | RuntimeException damaged) {
            // Reading stops at the damage: what was read before it stands.
        }
        return salvaged;
    }

    /** The recovered agents, then each starter agent whose id and name none of them has. */
    private static List<AgentDefinition> withStarters(List<AgentDefinition> recovered) {
        List<AgentDefinition> all = new ArrayList<>(recovered);
        for (AgentDefinition starter : StarterAgents.all()) {
            if (all.stream().noneMatch(agent -> agent.id().equals(starter.id())
                    || agent.name().equalsIgnoreCase(starter.name()))) {
                all.add(starter);
            }
        }
        return all;
    }

    @Override
    public Optional<String> damage() {
        return Optional.ofNullable(damage);
    }

    /**
     * The agent's avatar colour, or none when a hand edit left one Workshop cannot draw: a wrong colour is not
     * worth setting the whole list aside for, as a list that cannot be read is.
     */
    private String colourOf(JsonNode agent, Consumer<String> warnings) {
        String colour = agent.path("avatar_color").asText("");
        if (colour.isEmpty() || AvatarPalette.isValid(colour)) {
            return colour;
        }
        warnings.accept("Agent " + agent.path("name").asText() + " in " + file + " has the avatar colour \"" + colour
                + "\", which is not of the form #rrggbb; it is shown grey until another is chosen (Agents…).");
        return "";
    }

    @Override
    public List<AgentDefinition> list() {
        return agents;
    }

    @Override
    public Optional<AgentDefinition> find(AgentId id) {
        for (AgentDefinition agent : agents) {
            if (agent.id().equals(id)) {
                return Optional.of(agent);
            }
        }
        return Optional.empty();
    }

    @Override
    public Optional<AgentDefinition> findByIdOrName(String idOrName) {
        List<AgentDefinition> current = agents;
        return current.stream().filter(agent -> agent.id().value().equals(idOrName)).findFirst()
                .or(() -> current.stream()
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
        List<AgentDefinition> changed = new ArrayList<>(agents);
        changed.add(agent);
        publish(changed);
        return agent;
    }

    @Override
    public synchronized AgentDefinition update(AgentDefinition agent) {
        List<AgentDefinition> changed = new ArrayList<>(agents);
        int index = -1;
        for (int i = 0; i < changed.size(); i++) {
            if (changed.get(i).id().equals(agent.id())) {
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
        changed.set(index, agent);
        publish(changed);
        return agent;
    }

    @Override
    public synchronized boolean remove(AgentId id) {
        List<AgentDefinition> changed = new ArrayList<>(agents);
        boolean removed = changed.removeIf(agent -> agent.id().equals(id));
        if (removed) {
            publish(changed);
        }
        return removed;
    }

    /** Saves the list, then makes it the one readers see: a list that could not be saved is never shown. */
    private void publish(List<AgentDefinition> changed) {
        if (readOnly) {
            throw new StoreException("The agent list " + file + " cannot be changed while the data can only be read");
        }
        save(changed);
        agents = List.copyOf(changed);
    }

    private void save(List<AgentDefinition> toSave) {
        ObjectNode root = json.createObjectNode().put("format", FORMAT);
        ArrayNode array = root.putArray("agents");
        for (AgentDefinition agent : toSave) {
            AgentJson.write(agent, array.addObject());
        }
        try {
            AtomicFile.write(file, json.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
        } catch (IOException e) {
            throw new StoreException("Cannot save the agent list " + file + ": " + e.getMessage(), e);
        }
    }
}
