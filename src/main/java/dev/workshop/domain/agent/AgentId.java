package dev.workshop.domain.agent;

import java.util.Objects;

/** Stable identifier of an agent definition; never regenerated per run, so resume can match it. */
public record AgentId(String value) {
    public AgentId {
        Objects.requireNonNull(value, "value");
        if (value.isBlank()) {
            throw new IllegalArgumentException("An agent id must not be blank");
        }
    }

    /** A new id, stable from then on: it is stored with the agent and never made again. */
    public static AgentId generate() {
        return new AgentId("agent-" + java.util.UUID.randomUUID());
    }

    @Override
    public String toString() {
        return value;
    }
}
