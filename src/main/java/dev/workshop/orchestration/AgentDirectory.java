package dev.workshop.orchestration;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.AvatarPalette;
import dev.workshop.domain.agent.EndpointReport;
import dev.workshop.gateway.EndpointChecker;
import dev.workshop.gateway.SecretStore;
import dev.workshop.gateway.SecretStoreException;
import dev.workshop.store.AgentCatalog;
import java.util.List;

/** The agents as the app edits them: the UI's way to the catalog, which it may not reach directly. */
public final class AgentDirectory {
    private final AgentCatalog catalog;
    private final EndpointChecker endpoints;
    private final SecretStore secrets;

    /** @param secrets where an API key typed in the editor is kept */
    public AgentDirectory(AgentCatalog catalog, EndpointChecker endpoints, SecretStore secrets) {
        this.catalog = catalog;
        this.endpoints = endpoints;
        this.secrets = secrets;
    }

    /** With no secret store: keys only in environment variables. */
    public AgentDirectory(AgentCatalog catalog, EndpointChecker endpoints) {
        this(catalog, endpoints, SecretStore.none("No secret store is set up here: name an environment variable"
                + " instead"));
    }

    /**
     * Saves {@code agent} with {@code typedKey} kept in the desktop's secret store first (then its endpoint says
     * so); a blank typed key keeps what the agent had. Blocks (the store may ask to be unlocked).
     *
     * @throws KeyNotKept when the store cannot keep it: the agent is not saved then
     */
    public AgentDefinition save(AgentDefinition agent, String typedKey) throws KeyNotKept {
        if (typedKey == null || typedKey.isBlank()) {
            return save(agent);
        }
        try {
            secrets.keep(agent.id(), agent.name(), typedKey.strip());
        } catch (SecretStoreException e) {
            throw new KeyNotKept(e.getMessage());
        }
        return save(agent.withEndpoint(agent.endpoint().withKeyInSecretStore(true)));
    }

    /**
     * Saves {@code copy}, a new agent made from {@code original}: the secret store files keys by agent, so a key the
     * original keeps there is kept for the copy too; when the store cannot give it, the copy is saved without one
     * (it asks for its key where it is used, as any agent without one does). Blocks.
     */
    public AgentDefinition saveCopy(AgentDefinition original, AgentDefinition copy) {
        boolean kept = false;
        if (original.endpoint().keyInSecretStore()) {
            try {
                java.util.Optional<String> key = secrets.key(original.id());
                if (key.isPresent()) {
                    secrets.keep(copy.id(), copy.name(), key.get());
                    kept = true;
                }
            } catch (SecretStoreException e) {
                // Saved without it: the copy says so where it is used.
            }
        }
        return save(copy.withEndpoint(copy.endpoint().withKeyInSecretStore(kept)));
    }

    /** Takes {@code agent}'s key out of the secret store and saves it without one there. Blocks. */
    public AgentDefinition forgetKey(AgentDefinition agent) throws KeyNotKept {
        try {
            secrets.forget(agent.id());
        } catch (SecretStoreException e) {
            throw new KeyNotKept(e.getMessage());
        }
        return save(agent.withEndpoint(agent.endpoint().withKeyInSecretStore(false)));
    }

    /** The desktop's secret store could not keep (or give up) a key; the message says why in one sentence. */
    public static final class KeyNotKept extends Exception {
        KeyNotKept(String message) {
            super(message);
        }
    }

    /**
     * "Test connection" with the key the form holds: {@code typedKey} if one was typed, else the one the secret
     * store keeps for {@code agent} when {@code stored}, else the one in {@code apiKeyEnv}. Blocks.
     */
    public EndpointReport checkEndpoint(String baseUrl, String apiKeyEnv, String typedKey, AgentId agent,
                                        boolean stored, String model) throws InterruptedException {
        if (typedKey != null && !typedKey.isBlank()) {
            return endpoints.checkWithKey(baseUrl, typedKey.strip(), "the key given", model);
        }
        if (stored && agent != null) {
            try {
                java.util.Optional<String> key = secrets.key(agent);
                if (key.isEmpty()) {
                    return EndpointReport.problem("The secret store no longer holds this agent's key: give it again.");
                }
                return endpoints.checkWithKey(baseUrl, key.get(), "the key in the secret store", model);
            } catch (SecretStoreException e) {
                return EndpointReport.problem(e.getMessage());
            }
        }
        return endpoints.check(baseUrl, apiKeyEnv, model);
    }

    public List<AgentDefinition> list() {
        return catalog.list();
    }

    /** Adds a new agent (a fresh stable id) or replaces the one with the same id. */
    public AgentDefinition save(AgentDefinition agent) {
        return catalog.find(agent.id()).isPresent() ? catalog.update(agent) : catalog.add(agent);
    }

    /** The avatar colour a new agent gets unless the user picks another: one no agent has yet, while there is one. */
    public String colourForANewAgent() {
        return AvatarPalette.nextFor(catalog.list());
    }

    public java.util.Optional<AgentDefinition> find(AgentId id) {
        return catalog.find(id);
    }

    public boolean remove(AgentId id) {
        return catalog.remove(id);
    }

    /**
     * "Test connection": whether an OpenAI-compatible server at {@code baseUrl} answers with the key in
     * {@code apiKeyEnv} and has {@code model}, and which models it offers. Blocks; call it off the UI thread.
     */
    public EndpointReport checkEndpoint(String baseUrl, String apiKeyEnv, String model) throws InterruptedException {
        return endpoints.check(baseUrl, apiKeyEnv, model);
    }

}
