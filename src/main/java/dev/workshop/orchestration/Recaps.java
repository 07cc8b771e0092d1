package dev.workshop.orchestration;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.Prompt;
import dev.workshop.domain.element.Actor;
import dev.workshop.gateway.GatewayException;
import dev.workshop.gateway.GatewayRequest;
import dev.workshop.gateway.ReplyListener;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Every {@link Memories#SUMMARY_EVERY_TURNS} turns of a conversation, each of its agents has its recent interactions
 * compacted into its memory's summary: by its own model, or, offline, by a fixed rule (the speakers' first
 * sentences), so the feature shows with no model and a test can count on it.
 */
final class Recaps {
    /** A summary's glimpse of each message: its first sentence, at most this long. */
    private static final int GIST_CHARS = 100;

    private Recaps() {
    }

    /** After {@code message} was recorded: the summaries due, asked for in the background. */
    static void after(LoopContext context, ConversationId id, ConversationState state, List<MessageRecorded> recent,
                      MessageRecorded message, Consumer<String> failed) {
        if ((message.turnIndex() + 1) % Memories.SUMMARY_EVERY_TURNS != 0 || context.elements().environment().isEmpty()) {
            return;
        }
        List<MessageRecorded> window = List.copyOf(recent);
        for (Participant participant : state.participants()) {
            context.agents().find(participant.agentId()).ifPresent(agent -> context.elements().memories()
                    .summariseSoon(new Actor(agent.id().value(), agent.name()), id, message.turnIndex(),
                            summary(context, id, agent, state, window), failed));
        }
    }

    private static Supplier<String> summary(LoopContext context, ConversationId id, AgentDefinition agent,
                                            ConversationState state, List<MessageRecorded> recent) {
        StringBuilder lines = new StringBuilder();
        recent.forEach(message -> lines.append(message.speakerName()).append(": ").append(gist(message.content()))
                .append('\n'));
        if (agent.provider().equals(AgentDefinition.OFFLINE)) {
            return () -> "In \"" + state.title() + "\": " + lines.toString().strip().replace("\n", " / ");
        }
        Prompt prompt = new Prompt(agent.persona(), "Summarise for your own memory, in at most three sentences, what"
                + " happened in this conversation (\"" + state.title() + "\") and what you should remember:\n"
                + lines, false);
        return () -> {
            try {
                return context.gateways().forAgent(agent).reply(new GatewayRequest(id, -1, agent, prompt,
                        state.taskPrompt(), "", "", 0), new ReplyListener() {
                            @Override
                            public void accept(String token) {
                                // Not shown: a summary is the agent's own.
                            }
                        }).text().strip();
            } catch (GatewayException e) {
                throw new IllegalStateException(e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("stopped", e);
            }
        };
    }

    private static String gist(String content) {
        String text = content.strip().replaceAll("\\s+", " ");
        int stop = text.indexOf(". ");
        String sentence = stop > 0 ? text.substring(0, stop + 1) : text;
        return sentence.length() <= GIST_CHARS ? sentence : sentence.substring(0, GIST_CHARS - 1) + "…";
    }
}
