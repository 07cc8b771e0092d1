package dev.workshop.store.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.tool.ToolGrants;
import dev.workshop.domain.tool.ToolPolicy;
import dev.workshop.domain.tool.ToolServer;
import dev.workshop.store.StoreException;
import dev.workshop.store.ToolSettingsStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code mcp.json} in the data directory, in the {@code mcpServers} shape users know from other desktop apps
 * (stdio: command, args, env; streamable HTTP: url, headers; Workshop adds {@code timeoutSeconds}), and
 * {@code tool-grants.json}, the agents' grants. A file that cannot be read is moved aside and named in a warning.
 */
public final class JsonToolSettings implements ToolSettingsStore {
    static final String SERVERS = "mcp.json";
    static final String GRANTS = "tool-grants.json";
    private final Path servers;
    private final Path grants;
    private final Consumer<String> warnings;
    private final ObjectMapper json = new ObjectMapper();

    public JsonToolSettings(Path dataDirectory, Consumer<String> warnings) {
        this.servers = dataDirectory.resolve(SERVERS);
        this.grants = dataDirectory.resolve(GRANTS);
        this.warnings = warnings;
    }

    @Override
    public List<ToolServer> servers() {
        List<ToolServer> read = new ArrayList<>();
        JsonNode root = read(servers, "tool servers");
        root.path("mcpServers").properties().forEach(entry -> {
            JsonNode server = entry.getValue();
            try {
                read.add(new ToolServer(entry.getKey(), server.path("command").asText(null), strings(server.path("args")),
                        map(server.path("env")), server.path("url").asText(null), map(server.path("headers")),
                        Duration.ofSeconds(server.path("timeoutSeconds").asLong(0))));
            } catch (IllegalArgumentException wrong) {
                warnings.accept("Tool server \"" + entry.getKey() + "\" in " + servers + " is left out: "
                        + wrong.getMessage());
            }
        });
        return read;
    }

    @Override
    public void saveServers(List<ToolServer> list) {
        ObjectNode root = json.createObjectNode();
        ObjectNode all = root.putObject("mcpServers");
        for (ToolServer server : list) {
            ObjectNode node = all.putObject(server.name());
            if (server.overStdio()) {
                node.put("command", server.command());
                server.args().forEach(node.withArray("args")::add);
                server.env().forEach(node.withObject("env")::put);
            } else {
                node.put("url", server.url());
                server.headers().forEach(node.withObject("headers")::put);
            }
            if (!server.timeout().equals(ToolServer.DEFAULT_TIMEOUT)) {
                node.put("timeoutSeconds", server.timeout().toSeconds());
            }
        }
        write(servers, root, "tool servers");
    }

    @Override
    public ToolGrants grants() {
        Map<String, ToolGrants.AgentGrants> agents = new LinkedHashMap<>();
        read(grants, "tool grants").path("agents").properties().forEach(agent -> {
            JsonNode node = agent.getValue();
            Map<String, ToolPolicy> tools = new LinkedHashMap<>();
            node.path("tools").properties().forEach(tool -> {
                try {
                    tools.put(tool.getKey(), ToolPolicy.fromWireName(tool.getValue().asText()));
                } catch (IllegalArgumentException wrong) {
                    warnings.accept("A grant in " + grants + " is left out: " + wrong.getMessage());
                }
            });
            Optional<Set<String>> picked = node.path("servers").isArray()
                    ? Optional.of(new HashSet<>(strings(node.path("servers")))) : Optional.empty();
            agents.put(agent.getKey(), new ToolGrants.AgentGrants(picked, tools));
        });
        return new ToolGrants(agents);
    }

    @Override
    public void saveGrants(ToolGrants granted) {
        ObjectNode root = json.createObjectNode();
        ObjectNode agents = root.putObject("agents");
        granted.agents().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(agent -> {
            ObjectNode node = agents.putObject(agent.getKey());
            agent.getValue().servers().ifPresent(picked -> picked.stream().sorted().forEach(node.withArray("servers")::add));
            ObjectNode tools = node.putObject("tools");
            agent.getValue().tools().forEach((tool, policy) -> tools.put(tool, policy.wireName()));
        });
        write(grants, root, "tool grants");
    }

    private JsonNode read(Path file, String what) {
        if (!Files.exists(file)) {
            return json.createObjectNode();
        }
        try {
            JsonNode root = json.readTree(file.toFile());
            if (root == null || !root.isObject()) {
                throw new IOException("it holds no JSON object");
            }
            return root;
        } catch (IOException e) {
            String aside = AtomicFile.setAsideSaying(file);
            warnings.accept("The " + what + " in " + file + " could not be read: " + JsonProblems.describe(e) + "."
                    + aside);
            return json.createObjectNode();
        }
    }

    private void write(Path file, ObjectNode root, String what) {
        try {
            AtomicFile.write(file, json.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
        } catch (IOException e) {
            throw new StoreException("Cannot save the " + what + " in " + file + ": " + e.getMessage(), e);
        }
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asText()));
        return values;
    }

    private static Map<String, String> map(JsonNode object) {
        Map<String, String> values = new LinkedHashMap<>();
        object.properties().forEach(entry -> values.put(entry.getKey(), entry.getValue().asText()));
        return values;
    }
}
