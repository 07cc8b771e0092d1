package dev.workshop.domain.conversation;

import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import java.util.List;

/**
 * Builds a speaker's prompt from the task, a window of the most recent messages (the full history stays in
 * the store), the previous speaker's reply and the turns remaining; the last turn asks for a summary.
 */
public final class PromptBuilder {
    public static final int DEFAULT_WINDOW = 8;

    private final int window;

    public PromptBuilder(int window) {
        if (window < 1) {
            throw new IllegalArgumentException("The message window must hold at least one message");
        }
        this.window = window;
    }

    public Prompt build(String persona, Participant speaker, ConversationState state, List<MessageRecorded> transcript) {
        int turnsRemaining = state.turnsRemaining();
        boolean lastTurn = turnsRemaining == 1;
        List<MessageRecorded> recent = transcript.subList(Math.max(0, transcript.size() - window), transcript.size());
        // Sized up front: a prompt of several kilobytes would otherwise be copied each time the builder grows.
        int size = 512 + state.task().map(String::length).orElse(0);
        for (MessageRecorded message : recent) {
            size += message.speakerName().length() + message.content().length() + 4;
        }
        StringBuilder user = new StringBuilder(recent.isEmpty() ? size : size + recent.getLast().content().length());
        user.append("Task: ").append(state.task().orElse("")).append("\n\n");
        if (!recent.isEmpty()) {
            user.append("Recent exchanges:\n");
            recent.forEach(message -> user.append(message.speakerName()).append(": ").append(message.content())
                    .append("\n"));
            MessageRecorded previous = recent.getLast();
            user.append("\nThe previous reply, from ").append(previous.speakerName()).append(", was:\n")
                    .append(previous.content()).append("\n\n");
        }
        user.append("You are ").append(speaker.name()).append(". Turns remaining, including this one: ")
                .append(turnsRemaining).append(".\n");
        user.append(lastTurn
                ? "This is the last turn: summarise what the conversation agreed and what is left open."
                : "Reply with your next contribution to the task.");
        return new Prompt(persona, user.toString(), lastTurn);
    }

    /**
     * The entry agent's prompt for the first turn of a follow-up: the conversation with the user so far as
     * the JSON context (the user's prompts and the entry agent's replies, not the agents' collaboration), and
     * the user's new message once, after it.
     */
    public Prompt followUp(String persona, Participant speaker, String context, String message, int turnsRemaining) {
        StringBuilder user = new StringBuilder();
        user.append("Conversation context (JSON):\n").append(context).append("\n\n");
        user.append("The user's new message:\n").append(message).append("\n\n");
        user.append("You are ").append(speaker.name()).append(", the entry agent: answer the user first; your ")
                .append("teammates build on your answer. Turns remaining, including this one: ")
                .append(turnsRemaining).append(".\n");
        return new Prompt(persona, user.toString(), turnsRemaining == 1);
    }
}
