package dev.workshop.orchestration;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.AvatarPalette;
import dev.workshop.domain.agent.EndpointReport;
import dev.workshop.gateway.EndpointChecker;
import dev.workshop.store.AgentCatalog;
import java.util.List;

/** The agents as the app edits them: the UI's way to the catalog, which it may not reach directly. */
public final class AgentDirectory {
    private final AgentCatalog catalog;
    private final EndpointChecker endpoints;

    public AgentDirectory(AgentCatalog catalog, EndpointChecker endpoints) {
        this.catalog = catalog;
        this.endpoints = endpoints;
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
