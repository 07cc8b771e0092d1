package dev.workshop.gateway;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.Prompt;
import dev.workshop.domain.element.Environment;
import java.util.Objects;

/**
 * One turn to answer: the agent, its prompt, and the facts the prompt was built from (an adapter that does
 * not call a model, like the offline one, answers from these), the shared elements as the prompt showed them among
 * them.
 */
public record GatewayRequest(ConversationId conversationId, int turnIndex, AgentDefinition agent, Prompt prompt,
                             String task, String previousSpeaker, String previousMessage, int turnsRemaining,
                             Environment environment, GatewayTools tools) {
    /** A turn with no shared elements to act on. */
    public GatewayRequest(ConversationId conversationId, int turnIndex, AgentDefinition agent, Prompt prompt,
                          String task, String previousSpeaker, String previousMessage, int turnsRemaining) {
        this(conversationId, turnIndex, agent, prompt, task, previousSpeaker, previousMessage, turnsRemaining,
                Environment.empty(), GatewayTools.NONE);
    }

    public GatewayRequest {
        environment = environment == null ? Environment.empty() : environment;
        tools = tools == null ? GatewayTools.NONE : tools;
        Objects.requireNonNull(conversationId, "conversationId");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(prompt, "prompt");
        task = task == null ? "" : task;
        previousSpeaker = previousSpeaker == null ? "" : previousSpeaker;
        previousMessage = previousMessage == null ? "" : previousMessage;
    }
}
