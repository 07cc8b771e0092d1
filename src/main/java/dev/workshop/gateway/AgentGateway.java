package dev.workshop.gateway;

import java.util.function.Consumer;

/**
 * Answers one turn for an agent, streaming tokens to {@code tokens} as they arrive. Blocking by design:
 * each conversation loop has its own virtual thread. Interrupting that thread cancels the call at once.
 */
public interface AgentGateway {
    GatewayReply reply(GatewayRequest request, Consumer<String> tokens) throws GatewayException, InterruptedException;
}
