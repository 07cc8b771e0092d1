package dev.workshop.orchestration;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.store.AgentCatalog;
import java.util.List;

/** The agents as the app edits them: the UI's way to the catalog, which it may not reach directly. */
public final class AgentDirectory {
    private final AgentCatalog catalog;

    public AgentDirectory(AgentCatalog catalog) {
        this.catalog = catalog;
    }

    public List<AgentDefinition> list() {
        return catalog.list();
    }

    /** Adds a new agent (a fresh stable id) or replaces the one with the same id. */
    public AgentDefinition save(AgentDefinition agent) {
        return catalog.find(agent.id()).isPresent() ? catalog.update(agent) : catalog.add(agent);
    }

    public java.util.Optional<AgentDefinition> find(AgentId id) {
        return catalog.find(id);
    }

    public boolean remove(AgentId id) {
        return catalog.remove(id);
    }

}
