package dev.workshop.ui.tools;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.tool.OutsideTool;
import dev.workshop.domain.tool.ToolGrants;
import dev.workshop.domain.tool.ToolPolicy;
import dev.workshop.domain.tool.ToolServer;
import dev.workshop.orchestration.AgentDirectory;
import dev.workshop.orchestration.Toolbox;
import dev.workshop.ui.fx.Background;
import dev.workshop.ui.fx.FxExecutor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Settings → Tool servers: the outside (MCP) servers agents may call, kept in the data directory's {@code mcp.json};
 * Test, which starts one and lists its tools or says why it cannot start; each agent's servers and its tools'
 * policies; and the grants (always allow, never), each revocable. Methods run on the FX thread; the files, the
 * secret store and the servers are reached in the background.
 */
public final class ToolServersViewModel {
    private final Toolbox toolbox;
    private final AgentDirectory agents;
    private final FxExecutor fx;
    private final Background background;
    private final ObservableList<ToolServer> servers = FXCollections.observableArrayList();
    private final ObservableList<ToolGrants.Grant> grants = FXCollections.observableArrayList();
    private final ObservableList<OutsideTool> tested = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper report = new ReadOnlyStringWrapper("");

    public ToolServersViewModel(Toolbox toolbox, AgentDirectory agents, FxExecutor fx, Background background) {
        this.toolbox = toolbox;
        this.agents = agents;
        this.fx = fx;
        this.background = background;
        refresh();
    }

    public ObservableList<ToolServer> servers() {
        return servers;
    }

    /** The grants other than ask, by agent and tool. */
    public ObservableList<ToolGrants.Grant> grants() {
        return grants;
    }

    /** The tools the last Test listed (empty until one is tested, or when it failed). */
    public ObservableList<OutsideTool> tested() {
        return tested;
    }

    /** What the last action said: a test's tools or why the server cannot start, a save, a refusal. */
    public ReadOnlyStringProperty reportProperty() {
        return report.getReadOnlyProperty();
    }

    public List<AgentDefinition> agents() {
        return agents.list();
    }

    /** The agent's name, or its id when it is gone. */
    public String agentName(String agentId) {
        return agents.list().stream().filter(agent -> agent.id().value().equals(agentId)).map(AgentDefinition::name)
                .findFirst().orElse(agentId);
    }

    /**
     * Saves a server from the form: {@code where} is a command line (stdio; its words split on spaces) or a url;
     * {@code values} the environment variables or headers, one {@code NAME=VALUE} a line; {@code secret} keeps those
     * values in the desktop's secret store, the file holding only their names.
     */
    public void save(String name, String where, String values, boolean secret, int timeoutSeconds) {
        background.run("tool-server-save", () -> {
            try {
                String trimmed = name == null ? "" : name.strip();
                Map<String, String> pairs = pairs(values);
                if (secret) {
                    for (Map.Entry<String, String> pair : pairs.entrySet()) {
                        pair.setValue(toolbox.keepSecret(trimmed, pair.getKey(), pair.getValue()));
                    }
                }
                String place = where == null ? "" : where.strip();
                boolean http = place.startsWith("http://") || place.startsWith("https://");
                List<String> words = List.of(place.split("\\s+"));
                ToolServer server = http ? new ToolServer(trimmed, null, null, null, place, pairs,
                        Duration.ofSeconds(timeoutSeconds)) : new ToolServer(trimmed, words.getFirst(),
                        words.subList(1, words.size()), pairs, null, null, Duration.ofSeconds(timeoutSeconds));
                toolbox.saveServer(server);
                said("Saved " + server.name() + "; Test lists its tools");
            } catch (Exception refused) {
                said("Not saved: " + refused.getMessage());
            }
            refresh();
        });
    }

    public void remove(ToolServer server) {
        background.run("tool-server-remove", () -> {
            toolbox.removeServer(server.name());
            said("Removed " + server.name());
            refresh();
        });
    }

    /** Starts the server if needed and lists its tools, or says why it cannot start. */
    public void test(ToolServer server) {
        said("Starting " + server.name() + "…");
        background.run("tool-server-test", () -> {
            try {
                List<OutsideTool> tools = toolbox.test(server.name());
                fx.execute(() -> tested.setAll(tools));
                said(server.name() + " offers " + tools.size() + " tool" + (tools.size() == 1 ? "" : "s") + ": "
                        + String.join(", ", tools.stream().map(OutsideTool::name).toList()));
            } catch (Exception cannot) {
                fx.execute(tested::clear);
                said(cannot.getMessage());
            }
        });
    }

    /** The agent's policy for a tool (ask unless granted otherwise). */
    public ToolPolicy policy(AgentDefinition agent, OutsideTool tool) {
        return toolbox.grants().policy(agent.id().value(), tool.qualifiedName());
    }

    public void setPolicy(AgentDefinition agent, OutsideTool tool, ToolPolicy policy) {
        background.run("tool-grant", () -> {
            toolbox.grant(agent.id(), tool.qualifiedName(), policy);
            refresh();
        });
    }

    /** Takes a grant back: the agent's calls of the tool ask again. */
    public void revoke(ToolGrants.Grant grant) {
        background.run("tool-grant-revoke", () -> {
            toolbox.grant(new dev.workshop.domain.agent.AgentId(grant.agentId()), grant.tool(), ToolPolicy.ASK);
            said("Revoked: " + agentName(grant.agentId()) + "'s calls of " + grant.tool() + " ask first again");
            refresh();
        });
    }

    /** Whether the agent may use the server's tools (every server, until it picks). */
    public boolean mayUse(AgentDefinition agent, ToolServer server) {
        return toolbox.grants().mayUse(agent.id().value(), server.name());
    }

    public void setMayUse(AgentDefinition agent, ToolServer server, boolean may) {
        background.run("tool-servers-pick", () -> {
            List<String> picked = new ArrayList<>(toolbox.servers().stream()
                    .filter(each -> toolbox.grants().mayUse(agent.id().value(), each.name()))
                    .map(ToolServer::name).toList());
            picked.remove(server.name());
            if (may) {
                picked.add(server.name());
            }
            toolbox.pickServers(agent.id(), Optional.of(Set.copyOf(picked)));
            refresh();
        });
    }

    private void refresh() {
        List<ToolServer> nowServers = toolbox.servers();
        List<ToolGrants.Grant> nowGrants = toolbox.grants().granted();
        fx.execute(() -> {
            servers.setAll(nowServers);
            grants.setAll(nowGrants);
        });
    }

    private void said(String text) {
        fx.execute(() -> report.set(text));
    }

    /** {@code NAME=VALUE} lines, in order; a line without "=" is refused with its number. */
    static Map<String, String> pairs(String text) {
        Map<String, String> pairs = new LinkedHashMap<>();
        List<String> lines = text == null ? List.of() : text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty()) {
                continue;
            }
            int equals = line.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("line " + (i + 1) + " of the values is not NAME=VALUE");
            }
            pairs.put(line.substring(0, equals).strip(), line.substring(equals + 1).strip());
        }
        return pairs;
    }
}
