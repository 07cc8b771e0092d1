package dev.workshop.gateway;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.Prompt;
import java.util.Objects;

/**
 * One turn to answer: the agent, its prompt, and the facts the prompt was built from (an adapter that does
 * not call a model, like the offline one, answers from these).
 */
public record GatewayRequest(ConversationId conversationId, int turnIndex, AgentDefinition agent, Prompt prompt,
                             String task, String previousSpeaker, String previousMessage, int turnsRemaining) {
    public GatewayRequest {
        Objects.requireNonNull(conversationId, "conversationId");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(prompt, "prompt");
        task = task == null ? "" : task;
        previousSpeaker = previousSpeaker == null ? "" : previousSpeaker;
        previousMessage = previousMessage == null ? "" : previousMessage;
    }
}
