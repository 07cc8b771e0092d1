package dev.workshop.domain.tool;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which outside tools each agent may use, and how: the servers it picked (all, until it picks) and, per tool, ask
 * (the default), always allow or never. Keyed by the agent's id and the tool's qualified name ({@code server/tool}).
 */
public record ToolGrants(Map<String, AgentGrants> agents) {
    public static final ToolGrants NONE = new ToolGrants(Map.of());

    public ToolGrants {
        agents = Map.copyOf(agents);
    }

    /** One agent's grants: its servers (empty: every server) and its tools' policies. */
    public record AgentGrants(Optional<Set<String>> servers, Map<String, ToolPolicy> tools) {
        public static final AgentGrants DEFAULT = new AgentGrants(Optional.empty(), Map.of());

        public AgentGrants {
            servers = servers.map(Set::copyOf);
            tools = Map.copyOf(tools);
        }
    }

    /** A tool's policy for an agent, as the Settings' list shows it. */
    public record Grant(String agentId, String tool, ToolPolicy policy) {
    }

    private AgentGrants of(String agentId) {
        return agents.getOrDefault(agentId, AgentGrants.DEFAULT);
    }

    public ToolPolicy policy(String agentId, String qualifiedTool) {
        return of(agentId).tools().getOrDefault(qualifiedTool, ToolPolicy.ASK);
    }

    public boolean mayUse(String agentId, String server) {
        return of(agentId).servers().map(picked -> picked.contains(server)).orElse(true);
    }

    public Optional<Set<String>> servers(String agentId) {
        return of(agentId).servers();
    }

    /** With {@code policy} for the agent's tool; {@link ToolPolicy#ASK}, the default, takes the grant away. */
    public ToolGrants with(String agentId, String qualifiedTool, ToolPolicy policy) {
        Map<String, ToolPolicy> tools = new HashMap<>(of(agentId).tools());
        if (policy == ToolPolicy.ASK) {
            tools.remove(qualifiedTool);
        } else {
            tools.put(qualifiedTool, policy);
        }
        return with(agentId, new AgentGrants(of(agentId).servers(), tools));
    }

    /** With the agent's servers picked ({@code Optional.empty()}: every server). */
    public ToolGrants withServers(String agentId, Optional<Set<String>> servers) {
        return with(agentId, new AgentGrants(servers, of(agentId).tools()));
    }

    private ToolGrants with(String agentId, AgentGrants grants) {
        Map<String, AgentGrants> changed = new HashMap<>(agents);
        changed.put(agentId, grants);
        return new ToolGrants(changed);
    }

    /** Every tool's policy other than ask, by agent then tool. */
    public List<Grant> granted() {
        List<Grant> granted = new ArrayList<>();
        agents.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(agent -> agent.getValue().tools()
                .entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(tool -> granted.add(new Grant(agent.getKey(), tool.getKey(), tool.getValue()))));
        return granted;
    }
}
