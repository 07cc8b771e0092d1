package dev.workshop.gateway;

import dev.workshop.domain.agent.AgentId;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keys held in memory, for the tests of what uses a secret store (the gateway, the agent editor); the real one,
 * through secret-tool, is tested on its own (SecretToolTest).
 */
public final class InMemorySecretStore implements SecretStore {
    private final Map<AgentId, String> keys = new ConcurrentHashMap<>();

    /** What it holds, to look into and to change behind the back of what uses it. */
    public Map<AgentId, String> keys() {
        return keys;
    }

    @Override
    public Optional<String> key(AgentId agent) {
        return Optional.ofNullable(keys.get(agent));
    }

    @Override
    public void keep(AgentId agent, String agentName, String key) {
        keys.put(agent, key);
    }

    @Override
    public void forget(AgentId agent) {
        keys.remove(agent);
    }
}
