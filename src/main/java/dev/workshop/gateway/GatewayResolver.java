package dev.workshop.gateway;

import dev.workshop.domain.agent.AgentDefinition;

/** Picks the gateway that answers for an agent, by its provider. */
@FunctionalInterface
public interface GatewayResolver {
    AgentGateway forAgent(AgentDefinition agent) throws GatewayException;
}
