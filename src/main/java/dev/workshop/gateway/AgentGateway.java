package dev.workshop.gateway;


/**
 * Answers one turn for an agent, streaming tokens to {@code tokens} as they arrive. Blocking by design:
 * each conversation loop has its own virtual thread. Interrupting that thread cancels the call at once. A
 * gateway that tries again after a failed attempt tells {@code tokens} first ({@link ReplyListener#retrying}).
 */
public interface AgentGateway {
    GatewayReply reply(GatewayRequest request, ReplyListener tokens) throws GatewayException, InterruptedException;
}
