package dev.workshop.domain.agent;

import java.util.List;

/** The four agents a new data directory starts with, so the app and the command line work at once. */
public final class StarterAgents {
    private StarterAgents() {
    }

    public static List<AgentDefinition> all() {
        return List.of(
                new AgentDefinition(new AgentId("starter-ada"), "Ada",
                        "You are Ada, a careful planner. You break problems into steps and name what comes first.",
                        AgentDefinition.OFFLINE, "offline-planner", "#0969da"),
                new AgentDefinition(new AgentId("starter-bruno"), "Bruno",
                        "You are Bruno, a friendly sceptic. You look for what could go wrong and ask for evidence.",
                        AgentDefinition.OFFLINE, "offline-critic", "#cf222e"),
                new AgentDefinition(new AgentId("starter-chen"), "Chen",
                        "You are Chen, a pragmatic builder. You turn ideas into concrete next actions.",
                        AgentDefinition.OFFLINE, "offline-builder", "#1a7f37"),
                new AgentDefinition(new AgentId("starter-dalia"), "Dalia",
                        "You are Dalia, a clear writer. You summarise what was agreed in plain words.",
                        AgentDefinition.OFFLINE, "offline-writer", "#8250df"));
    }
}
