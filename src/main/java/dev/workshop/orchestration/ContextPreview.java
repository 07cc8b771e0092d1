package dev.workshop.orchestration;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.PromptBuilder;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.domain.element.Actor;
import dev.workshop.domain.element.Environment;
import dev.workshop.gateway.GatewayException;
import dev.workshop.gateway.GatewayTools;
import java.util.List;
import java.util.Optional;

/**
 * The context viewer: exactly what an agent's next turn would send in its latest conversation, as the log stands
 * (system part with the rulebook, the elements' summary, its memory and what changed; the conversation cut to its
 * model's context), made by the loop's own code ({@link TurnPrompt}) and shown as its gateway sends it.
 */
public final class ContextPreview {
    private final LoopContext context;
    private final TeamLog log;

    ContextPreview(LoopContext context, TeamLog log) {
        this.context = context;
        this.log = log;
    }

    /** What the viewer shows: of which conversation and turn, and the request as sent. */
    public record Shown(ConversationId conversation, String title, int turn, String request) {
    }

    /**
     * Agent {@code agent}'s next turn in the conversation it took part in last (empty when it took part in none): the
     * turn after the last recorded, as if it were the agent's.
     */
    public Optional<Shown> next(AgentId agent) throws InterruptedException {
        Optional<AgentDefinition> definition = context.agents().find(agent);
        Optional<ConversationState> latest = log.store().list(log.tenant()).stream()
                .filter(state -> state.participants().stream().anyMatch(p -> p.agentId().equals(agent))).findFirst();
        if (definition.isEmpty() || latest.isEmpty()) {
            return Optional.empty();
        }
        ConversationState state = latest.get();
        int maxTurns = state.maxTurns() > 0 ? state.maxTurns() : context.settings().defaultMaxTurns();
        ConversationState asked = state.withMaxTurns(maxTurns);
        List<MessageRecorded> messages = Transcript.of(log.store().history(log.tenant(), state.id())).messages();
        int window = context.settings().messageWindow();
        List<MessageRecorded> transcript = new RecentMessages(window);
        transcript.addAll(messages);
        Participant speaker = state.participants().stream().filter(p -> p.agentId().equals(agent)).findFirst()
                .orElseThrow();
        AgentDefinition found = definition.get();
        Environment environment = context.elements().environment();
        List<String> news = context.elements().peekNewsFor(new Actor(agent.value(), speaker.name()),
                AgentAsking.NEWS_LINES);
        try {
            boolean mayOffer = TurnPrompt.mayOfferTools(context, found, false);
            TurnPrompt.Made made = TurnPrompt.prompt(new PromptBuilder(window), found, speaker, asked, transcript,
                    null, TurnPrompt.budget(context, found), environment, mayOffer, news,
                    TurnPrompt.outsideTools(context, found, mayOffer, warning -> { }));
            int turn = state.turnCount();
            String request = context.gateways().forAgent(found).preview(TurnPrompt.request(state.id(), turn, found,
                    made.prompt(), asked, transcript, environment, made.gatewayTools()));
            return Optional.of(new Shown(state.id(), state.title(), turn, request));
        } catch (GatewayException unreachable) {
            // The loop would fail the turn the same way: the viewer says why instead of a prompt.
            throw new IllegalStateException(unreachable.getMessage(), unreachable);
        }
    }
}
