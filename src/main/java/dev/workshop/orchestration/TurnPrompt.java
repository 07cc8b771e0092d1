package dev.workshop.orchestration;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.ModelEndpoint;
import dev.workshop.domain.conversation.ConversationEvent.FollowUpStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.Prompt;
import dev.workshop.domain.conversation.PromptBuilder;
import dev.workshop.domain.element.Actor;
import dev.workshop.domain.element.Environment;
import dev.workshop.domain.tool.OutsideTool;
import dev.workshop.gateway.GatewayException;
import dev.workshop.gateway.GatewayRequest;
import dev.workshop.gateway.GatewayTools;
import java.util.List;

/**
 * A turn's prompt and request, made one way for the loop and for the context viewer: what the viewer shows is what
 * the gateway sends. The persona, the elements' part (their summary and how to act on them, and what changed since
 * the agent's last turn) and the conversation cut to the model's context.
 */
final class TurnPrompt {
    private TurnPrompt() {
    }

    /** The prompt's room in tokens: the agent's own context, else its server's, else the default. */
    static int budget(LoopContext context, AgentDefinition agent) throws GatewayException, InterruptedException {
        return agent.endpoint().contextTokens() != null ? agent.endpoint().promptBudgetTokens()
                : agent.endpoint().promptBudgetTokens(context.gateways().forAgent(agent).contextTokens(agent)
                        .orElse(ModelEndpoint.DEFAULT_CONTEXT_TOKENS));
    }

    /** Whether the agent may be offered the actions as tools (its server has not refused them). */
    static boolean mayOfferTools(LoopContext context, AgentDefinition agent, boolean refusedBefore) {
        return agent.provider().equals(AgentDefinition.OPENAI_COMPATIBLE) && !refusedBefore
                && context.settings().maxToolCalls() > 0;
    }

    /** The outside tools the agent is offered (none when it may not be offered tools), servers started as needed. */
    static List<OutsideTool> outsideTools(LoopContext context, AgentDefinition agent, boolean mayOfferTools,
                                          java.util.function.Consumer<String> warn) {
        return mayOfferTools ? context.toolbox().toolsFor(agent.id(), warn) : List.of();
    }

    /** A prompt, and whether it offers tools (when it shows elements to act on, or outside tools are offered). */
    record Made(Prompt prompt, boolean tools, List<OutsideTool> outside) {
        GatewayTools gatewayTools() {
            return new GatewayTools(tools, List.of(), outside);
        }
    }

    static Made prompt(PromptBuilder prompts, AgentDefinition agent, Participant speaker, ConversationState state,
                       List<MessageRecorded> transcript, FollowUpStarted followUp, int budget, Environment environment,
                       boolean mayOfferTools, List<String> news, List<OutsideTool> outside) {
        Actor actor = new Actor(speaker.agentId().value(), speaker.name());
        // The elements take at most a quarter of the room; the persona with them is what the builder fits in.
        String section = environment.promptSection(actor, budget / 4 * PromptBuilder.CHARS_PER_TOKEN, mayOfferTools)
                + (news.isEmpty() ? "" : "\nSince your last turn:\n- " + String.join("\n- ", news) + "\n");
        String persona = agent.persona() + section;
        Prompt prompt = followUp != null
                ? prompts.followUp(persona, speaker, followUp.context(), transcript.getLast().content(),
                        state.turnsRemaining())
                : prompts.build(persona, speaker, state, transcript, budget);
        return new Made(prompt, mayOfferTools && (!section.isEmpty() || !outside.isEmpty()), outside);
    }

    static GatewayRequest request(ConversationId id, int turn, AgentDefinition agent, Prompt prompt,
                                  ConversationState state, List<MessageRecorded> transcript, Environment environment,
                                  GatewayTools tools) {
        MessageRecorded previous = transcript.isEmpty() ? null : transcript.getLast();
        return new GatewayRequest(id, turn, agent, prompt, state.taskPrompt(),
                previous == null ? "" : previous.speakerName(), previous == null ? "" : previous.content(),
                state.turnsRemaining(), environment, tools);
    }
}
