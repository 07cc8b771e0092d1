package dev.workshop.domain.conversation;

import dev.workshop.domain.agent.AgentId;
import java.util.Objects;

/**
 * A member of a conversation: the agent's stable id and its name when the conversation started,
 * so the transcript still reads right after the agent is renamed or removed.
 */
public record Participant(AgentId agentId, String name) {
    /** The person using Workshop, when they take part: their turn pauses the loop until they answer. */
    public static final AgentId HUMAN = new AgentId("you");

    public Participant {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(name, "name");
    }

    public static Participant you() {
        return new Participant(HUMAN, "You");
    }

    public boolean isHuman() {
        return agentId.equals(HUMAN);
    }
}
