package dev.workshop.store;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import java.util.List;
import java.util.Optional;

/** The agent definitions of a data directory; every change is durable when the call returns. */
public interface AgentCatalog {
    List<AgentDefinition> list();

    Optional<AgentDefinition> find(AgentId id);

    /** By id, or else by name (case-insensitive), as the command line accepts either. */
    Optional<AgentDefinition> findByIdOrName(String idOrName);

    /** Adds an agent; its name must not be taken. */
    AgentDefinition add(AgentDefinition agent);

    /** Replaces the agent with the same id; its new name must not be another agent's. */
    AgentDefinition update(AgentDefinition agent);

    /** Removes an agent; conversations keep its name in their transcripts. */
    boolean remove(AgentId id);

    /**
     * Why an agent may be missing without having been removed: the list could not be read whole when it was
     * opened (it was set aside, and what could be read of it kept). Empty when the list was read whole.
     */
    default Optional<String> damage() {
        return Optional.empty();
    }
}
