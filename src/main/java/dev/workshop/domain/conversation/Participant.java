package dev.workshop.domain.conversation;

import dev.workshop.domain.agent.AgentId;
import java.util.Objects;

/**
 * A member of a conversation: the agent's stable id and its name when the conversation started,
 * so the transcript still reads right after the agent is renamed or removed.
 */
public record Participant(AgentId agentId, String name) {
    public Participant {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(name, "name");
    }
}
