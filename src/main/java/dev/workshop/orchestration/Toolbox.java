package dev.workshop.orchestration;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.tool.OutsideTool;
import dev.workshop.domain.tool.ToolGrants;
import dev.workshop.domain.tool.ToolPolicy;
import dev.workshop.domain.tool.ToolServer;
import dev.workshop.gateway.ToolServerException;
import dev.workshop.gateway.ToolServers;
import dev.workshop.store.ToolSettingsStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The outside tools agents may call (docs/decisions/0029): the servers configured, which agent may use which, and
 * each tool's policy (ask, always allow, never). Servers start when an agent's turn first needs their tools; their
 * lists are kept until the servers change. Without servers it offers nothing, and turns go as before.
 */
public final class Toolbox implements AutoCloseable {
    private volatile ToolSettingsStore settings = ToolSettingsStore.NONE;
    private volatile ToolServers servers = NONE;
    private volatile List<ToolServer> configured = List.of();
    private volatile ToolGrants grants = ToolGrants.NONE;
    /** A policy for every call, over the grants (the command line's {@code --tool-policy}); empty: the grants. */
    private volatile Optional<ToolPolicy> everyCall = Optional.empty();
    private final Map<String, List<OutsideTool>> listed = new ConcurrentHashMap<>();
    /**
     * Servers that could not list their tools, with when: said once each, not at every turn, and tried again once
     * {@link #RETRY_AFTER} has passed (a server started before its network was up comes in by itself).
     */
    private final Map<String, Long> unavailable = new ConcurrentHashMap<>();
    static final java.time.Duration RETRY_AFTER = java.time.Duration.ofMinutes(5);
    /** Monotonic nanoseconds, as {@link System#nanoTime()}; a test's own. */
    private final java.util.function.LongSupplier ticks;

    public Toolbox() {
        this(System::nanoTime);
    }

    Toolbox(java.util.function.LongSupplier ticks) {
        this.ticks = ticks;
    }

    private volatile dev.workshop.gateway.SecretStore secrets = dev.workshop.gateway.SecretStore.none(
            "No secret store is set up here");

    /** Uses {@code servers} to reach the servers {@code settings} keeps. */
    public synchronized void use(ToolServers reach, ToolSettingsStore kept) {
        servers.close();
        this.servers = reach;
        this.settings = kept;
        this.configured = List.copyOf(kept.servers());
        this.grants = kept.grants();
        listed.clear();
        unavailable.clear();
    }

    /** The command line's policy for every call of this run, over the grants. */
    public void applyToEveryCall(Optional<ToolPolicy> policy) {
        everyCall = policy;
    }

    public List<ToolServer> servers() {
        return configured;
    }

    public Optional<ToolServer> server(String name) {
        return configured.stream().filter(server -> server.name().equals(name)).findFirst();
    }

    /** Keeps tool servers' secrets in {@code store} ({@link #keepSecret}). */
    public void keepSecretsIn(dev.workshop.gateway.SecretStore store) {
        this.secrets = store;
    }

    /**
     * Keeps {@code value} (a header's or a variable's) in the desktop's secret store, for {@code server}'s {@code key},
     * and returns what the server's configuration holds instead.
     */
    public String keepSecret(String server, String key, String value) throws dev.workshop.gateway.SecretStoreException {
        String name = dev.workshop.domain.tool.ToolSecret.name(server, key);
        secrets.keep(dev.workshop.domain.tool.ToolSecret.storeId(name), "Workshop tool server " + name, value);
        return dev.workshop.domain.tool.ToolSecret.reference(name);
    }

    /** Adds or replaces a server (by name) and saves the list. */
    public synchronized void saveServer(ToolServer server) {
        List<ToolServer> changed = new ArrayList<>(configured.stream()
                .filter(existing -> !existing.name().equals(server.name())).toList());
        changed.add(server);
        settings.saveServers(changed);
        configured = List.copyOf(changed);
        listed.remove(server.name());
        unavailable.remove(server.name());
    }

    public synchronized boolean removeServer(String name) {
        List<ToolServer> changed = configured.stream().filter(existing -> !existing.name().equals(name)).toList();
        if (changed.size() == configured.size()) {
            return false;
        }
        settings.saveServers(changed);
        configured = changed;
        listed.remove(name);
        return true;
    }

    /** Starts the server when it is not running and lists its tools afresh: Settings' and the CLI's Test. */
    public List<OutsideTool> test(String name) throws ToolServerException {
        ToolServer server = server(name).orElseThrow(() -> new IllegalArgumentException("There is no tool server "
                + name + "; the servers are " + String.join(", ", configured.stream().map(ToolServer::name).toList())));
        List<OutsideTool> tools = servers.tools(server);
        listed.put(name, tools);
        unavailable.remove(name);
        return tools;
    }

    /** The tools {@code agent} may be offered: its servers', less those it may never use. */
    List<OutsideTool> toolsFor(AgentId agent, Consumer<String> warn) {
        List<OutsideTool> tools = new ArrayList<>();
        for (ToolServer server : configured) {
            if (!grants.mayUse(agent.value(), server.name())) {
                continue;
            }
            listed(server, warn).stream().filter(tool -> policy(agent, tool) != ToolPolicy.NEVER).forEach(tools::add);
        }
        return tools;
    }

    private List<OutsideTool> listed(ToolServer server, Consumer<String> warn) {
        List<OutsideTool> known = listed.get(server.name());
        Long failedAt = unavailable.get(server.name());
        if (known != null || failedAt != null && ticks.getAsLong() - failedAt < RETRY_AFTER.toNanos()) {
            return known == null ? List.of() : known;
        }
        try {
            List<OutsideTool> tools = servers.tools(server);
            listed.put(server.name(), tools);
            unavailable.remove(server.name());
            return tools;
        } catch (ToolServerException down) {
            boolean again = unavailable.put(server.name(), ticks.getAsLong()) != null;
            if (!again) {
                warn.accept(down.getMessage() + "; its tools are left out, and it is tried again in a few minutes");
            }
            return List.of();
        }
    }

    ToolPolicy policy(AgentId agent, OutsideTool tool) {
        return everyCall.orElseGet(() -> grants.policy(agent.value(), tool.qualifiedName()));
    }

    public ToolGrants grants() {
        return grants;
    }

    /** Sets an agent's policy for a tool and saves it; ask takes a grant away (Settings' Revoke). */
    public synchronized void grant(AgentId agent, String qualifiedTool, ToolPolicy policy) {
        ToolGrants changed = grants.with(agent.value(), qualifiedTool, policy);
        settings.saveGrants(changed);
        grants = changed;
    }

    /** Sets which servers an agent may use ({@code Optional.empty()}: all) and saves it. */
    public synchronized void pickServers(AgentId agent, Optional<java.util.Set<String>> picked) {
        ToolGrants changed = grants.withServers(agent.value(), picked);
        settings.saveGrants(changed);
        grants = changed;
    }

    ToolServers.ToolAnswer call(String serverName, String tool, String arguments, String key)
            throws ToolServerException {
        ToolServer server = server(serverName).orElseThrow(() -> new ToolServerException("Tool server " + serverName
                + " is no longer configured", false, null));
        return servers.call(server, tool, arguments, key);
    }

    @Override
    public void close() {
        servers.close();
    }

    private static final ToolServers NONE = new ToolServers() {
        @Override
        public List<OutsideTool> tools(ToolServer server) throws ToolServerException {
            throw new ToolServerException("No tool servers are reachable here", false, null);
        }

        @Override
        public ToolAnswer call(ToolServer server, String tool, String arguments, String key)
                throws ToolServerException {
            throw new ToolServerException("No tool servers are reachable here", false, null);
        }

        @Override
        public void close() {
        }
    };
}
