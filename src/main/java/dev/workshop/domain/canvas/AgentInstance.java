package dev.workshop.domain.canvas;

import dev.workshop.domain.agent.AgentId;
import java.util.Objects;

/**
 * One agent definition placed on the canvas. {@code home} is where it was put down: wandering stays near
 * it and patrolling walks from it and back.
 */
public record AgentInstance(InstanceId id, AgentId agentId, Point position, Behaviour behaviour) {
    public AgentInstance {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(position, "position");
        Objects.requireNonNull(behaviour, "behaviour");
    }
}
