package dev.workshop.gateway;

import dev.workshop.domain.agent.AgentDefinition;
import java.util.OptionalInt;

/**
 * Answers one turn for an agent, streaming tokens to {@code tokens} as they arrive. Blocking by design:
 * each conversation loop has its own virtual thread. Interrupting that thread cancels the call at once. A
 * gateway that tries again after a failed attempt tells {@code tokens} first ({@link ReplyListener#retrying}).
 */
public interface AgentGateway {
    GatewayReply reply(GatewayRequest request, ReplyListener tokens) throws GatewayException, InterruptedException;

    /**
     * How many tokens the agent's model takes in, prompt and reply, where its server says (empty where it does not,
     * or cannot be asked): what a prompt is fitted into when the agent sets no context of its own.
     */
    default OptionalInt contextTokens(AgentDefinition agent) throws InterruptedException {
        return OptionalInt.empty();
    }

    /**
     * What {@link #reply} would send for {@code request}, as it would send it: a server's request body, or, for a
     * gateway that sends nothing, the prompt's two parts. What the context viewer shows.
     */
    default String preview(GatewayRequest request) {
        return "System:\n" + request.prompt().system() + "\n\nUser:\n" + request.prompt().user();
    }
}
