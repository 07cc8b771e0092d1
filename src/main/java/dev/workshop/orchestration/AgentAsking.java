package dev.workshop.orchestration;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.FollowUpStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.Prompt;
import dev.workshop.domain.conversation.PromptBuilder;
import dev.workshop.domain.element.Action;
import dev.workshop.domain.element.Actor;
import dev.workshop.domain.element.Environment;
import dev.workshop.gateway.GatewayException;
import dev.workshop.gateway.GatewayReply;
import dev.workshop.gateway.GatewayRequest;
import dev.workshop.gateway.ReplyListener;
import dev.workshop.gateway.RetryNotice;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * Asks one agent for its turn's reply, for a conversation's loop: the prompt fitted to its model's context and
 * cut when the server still finds it too long, each token published and the reply kept in pieces as it streams,
 * retries announced, and a word when another model answered than the one asked for.
 */
final class AgentAsking {
    /** How often a prompt the server finds too long is halved and asked again. */
    private static final int PROMPT_CUTS = 3;
    private static final int MIN_PROMPT_TOKENS = 256;
    /** What changed on an agent's elements since its last turn, at most this many lines (the newest). */
    static final int NEWS_LINES = 8;

    private final ConversationId id;
    /** The loop's workflow turn, which it reads from the log once it runs. */
    private final IntSupplier workflowTurn;
    private final LoopContext context;
    private final PromptBuilder prompts;
    /** Puts what was streamed since the last piece into the log. */
    private final Consumer<StreamedReply> keep;
    /** Agents already warned of answering with another model than the one asked for. */
    private final Set<AgentId> warnedModels = new HashSet<>();
    /** Agents whose server refused a request that offered tools: they act through markers. */
    private final Set<AgentId> refusedTools = new HashSet<>();
    /** Appends a turn's event (its tool calls' actions) to the log, durably, after what the loop holds. */
    private final Consumer<dev.workshop.domain.conversation.ConversationEvent> record;

    AgentAsking(ConversationId id, IntSupplier workflowTurn, LoopContext context, PromptBuilder prompts,
                Consumer<StreamedReply> keep, Consumer<dev.workshop.domain.conversation.ConversationEvent> record) {
        this.record = record;
        this.id = id;
        this.workflowTurn = workflowTurn;
        this.context = context;
        this.prompts = prompts;
        this.keep = keep;
    }

    /**
     * Says once per agent when the server answered with a model other than the one asked for (llama.cpp serves
     * its one model under any name): the message records the model that answered, and the user should know.
     * A dated or tagged name of the same model ("gpt-4o" answered as "gpt-4o-2024-08-06") is the same model.
     */
    void warnIfAnotherModelAnswered(AgentDefinition agent, String answered) {
        String asked = agent.model().strip().toLowerCase(Locale.ROOT);
        String got = answered == null ? "" : answered.strip().toLowerCase(Locale.ROOT);
        if (!agent.provider().equals(AgentDefinition.OPENAI_COMPATIBLE) || asked.isEmpty() || got.isEmpty()
                || got.startsWith(asked) || asked.startsWith(got) || !warnedModels.add(agent.id())) {
            return;
        }
        publish(new LoopEvent.Warning(id, workflowTurn.getAsInt(), now(), agent.name() + " asked " + agent.endpoint().baseUrl()
                + " for the model " + agent.model() + ", and " + answered + " answered; its replies are recorded"
                + " with the model that answered"));
    }

    /**
     * A turn's answer: the model's last reply, the actions its tool calls took on the way, and whether its tool calls
     * recorded anything in the log meanwhile (then the message follows what they recorded).
     */
    record Answer(GatewayReply reply, List<Action> taken, boolean recorded) {
    }

    /**
     * Asks the speaker for its reply, the prompt fitted to its model's context; when the server still finds it
     * too long, asked again with it cut to half, a few times, each retry announced. A model that calls tools has
     * them carried out and is asked again with their results, up to the turn's limit of calls; a server that takes
     * no tools is asked again with markers taught instead, and not offered tools again.
     *
     * @param earlier what the turn's tool calls did before a crash or a pause (its log's), when it is asked again
     */
    Answer ask(AgentDefinition agent, Participant speaker, ConversationState state, List<MessageRecorded> transcript,
               int turn, FollowUpStarted followUp, StreamedReply reply,
               TurnSoFar earlier) throws GatewayException, InterruptedException {
        int budget = TurnPrompt.budget(context, agent);
        Environment environment = context.elements().environment();
        Actor actor = new Actor(speaker.agentId().value(), speaker.name());
        boolean mayOffer = TurnPrompt.mayOfferTools(context, agent, refusedTools.contains(agent.id()));
        List<dev.workshop.domain.tool.OutsideTool> outside = TurnPrompt.outsideTools(context, agent, mayOffer,
                warning -> publish(new LoopEvent.Warning(id, workflowTurn.getAsInt(), now(), warning)));
        ToolRounds rounds = new ToolRounds(id, turn, actor, context.elements(), record,
                context.settings().maxToolCalls(), context.toolbox(), outside);
        rounds.resume(earlier.actions());
        rounds.resumeOutside(earlier.outside());
        List<String> news = context.elements().newsFor(actor, NEWS_LINES);
        for (int attempt = 1; ; attempt++) {
            TurnPrompt.Made made = TurnPrompt.prompt(prompts, agent, speaker, state, transcript, followUp, budget,
                    environment, TurnPrompt.mayOfferTools(context, agent, refusedTools.contains(agent.id())), news,
                    refusedTools.contains(agent.id()) ? List.of() : outside);
            Prompt prompt = made.prompt();
            boolean tools = made.tools();
            try {
                GatewayReply answer = ask(agent, speaker, state, transcript, turn, prompt, reply, environment,
                        rounds.tools(tools));
                // A call the model makes once it may make none (the limit reached) is not carried out.
                while (!answer.toolCalls().isEmpty() && rounds.tools(tools).offered()) {
                    rounds.carryOut(answer.toolCalls());
                    answer = ask(agent, speaker, state, transcript, turn, prompt, reply, environment,
                            rounds.tools(tools));
                }
                return new Answer(answer, rounds.taken(), rounds.recorded());
            } catch (GatewayException refused) {
                if (refused.toolsRefused() && refusedTools.add(agent.id())) {
                    publish(new LoopEvent.Warning(id, workflowTurn.getAsInt(), now(), refused.getMessage()
                            + "; " + agent.name() + " acts through markers in its replies instead"));
                    continue;
                }
                if (!refused.promptTooLong() || followUp != null) {
                    throw refused;
                }
                if (attempt == PROMPT_CUTS + 1 || budget <= MIN_PROMPT_TOKENS) {
                    throw new GatewayException(refused.getMessage() + ", even cut to about " + budget + " tokens: give"
                            + " the agent a larger context (agents add --context-tokens) or a smaller reply limit",
                            false, refused);
                }
                budget = Math.max(MIN_PROMPT_TOKENS, budget / 2);
                publish(new LoopEvent.TurnRetry(id, workflowTurn.getAsInt(), now(), turn, speaker.agentId(), speaker.name(),
                        attempt + 1, PROMPT_CUTS + 1, refused.getMessage() + "; asking again with the prompt cut to"
                        + " about " + budget + " tokens", Duration.ZERO));
            }
        }
    }

    private GatewayReply ask(AgentDefinition agent, Participant speaker, ConversationState state,
                             List<MessageRecorded> transcript, int turn, Prompt prompt, StreamedReply reply,
                             Environment environment, dev.workshop.gateway.GatewayTools tools)
            throws GatewayException, InterruptedException {
        GatewayRequest request = TurnPrompt.request(id, turn, agent, prompt, state, transcript, environment, tools);
        return context.gateways().forAgent(agent).reply(request, new ReplyListener() {
            @Override
            public void accept(String token) {
                publish(new LoopEvent.Token(id, workflowTurn.getAsInt(), now(), turn, speaker.agentId(), token));
                reply.add(token);
                if (reply.due()) {
                    keep.accept(reply);
                }
            }

            @Override
            public void retrying(RetryNotice notice) {
                reply.discardUnkept();
                publish(new LoopEvent.TurnRetry(id, workflowTurn.getAsInt(), now(), turn, speaker.agentId(), speaker.name(),
                        notice));
            }
        });
    }

    private void publish(LoopEvent event) {
        context.publisher().accept(event);
    }

    private Instant now() {
        return context.clock().instant();
    }
}
