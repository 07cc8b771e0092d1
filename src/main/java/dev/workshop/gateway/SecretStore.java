package dev.workshop.gateway;

import dev.workshop.domain.agent.AgentId;
import java.util.Optional;

/**
 * The desktop's secret store (Secret Service: GNOME Keyring, KWallet, KeePassXC), where an agent's API key is kept
 * when the user types it in rather than naming an environment variable. The key never passes through Workshop's
 * own files or logs. Calls block (the store may ask the user to unlock it): never on the UI thread.
 */
public interface SecretStore {
    /** The key kept for {@code agent}, if one is. */
    Optional<String> key(AgentId agent) throws SecretStoreException;

    /** Keeps {@code key} for {@code agent} (named {@code agentName} in the store's own window), replacing any. */
    void keep(AgentId agent, String agentName, String key) throws SecretStoreException;

    /** Takes {@code agent}'s key out of the store; nothing happens when none is kept. */
    void forget(AgentId agent) throws SecretStoreException;

    /** No store at all (tests, and a machine without one): every call says so in one sentence. */
    static SecretStore none(String why) {
        return new SecretStore() {
            @Override
            public Optional<String> key(AgentId agent) throws SecretStoreException {
                throw new SecretStoreException(why);
            }

            @Override
            public void keep(AgentId agent, String agentName, String key) throws SecretStoreException {
                throw new SecretStoreException(why);
            }

            @Override
            public void forget(AgentId agent) throws SecretStoreException {
                throw new SecretStoreException(why);
            }
        };
    }
}
