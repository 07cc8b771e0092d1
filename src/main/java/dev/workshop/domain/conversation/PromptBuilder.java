package dev.workshop.domain.conversation;

import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a speaker's prompt from the task, a window of the most recent messages (the full history stays in
 * the store), the previous speaker's reply and the turns remaining; the last turn asks for a summary.
 */
public final class PromptBuilder {
    public static final int DEFAULT_WINDOW = 8;
    /** The estimate of characters a token holds (tokenizers differ; four is the usual rule of thumb). */
    public static final int CHARS_PER_TOKEN = 4;
    private static final int GIST_CHARS = 140;
    /** The words around the parts, counted generously. */
    private static final int FRAME_CHARS = 160;

    private final int window;

    public PromptBuilder(int window) {
        if (window < 1) {
            throw new IllegalArgumentException("The message window must hold at least one message");
        }
        this.window = window;
    }

    public Prompt build(String persona, Participant speaker, ConversationState state, List<MessageRecorded> transcript) {
        return build(persona, speaker, state, transcript, Integer.MAX_VALUE);
    }

    /**
     * As {@link #build(String, Participant, ConversationState, List)}, within about {@code budgetTokens} tokens
     * (persona included): the task and the instructions always; then the most recent messages that fit, newest
     * first; the older ones in short (each one's first sentence, in a fifth of the room), and any left out even
     * so counted in a line; a newest message too long on its own is cut to its end.
     * Tokens are estimated at four characters each, which errs long for English and most code.
     */
    public Prompt build(String persona, Participant speaker, ConversationState state, List<MessageRecorded> transcript,
                        int budgetTokens) {
        int turnsRemaining = state.turnsRemaining();
        boolean lastTurn = turnsRemaining == 1;
        String task = "Task: " + state.task().orElse("") + "\n\n";
        String instructions = "You are " + speaker.name() + ". Turns remaining, including this one: " + turnsRemaining
                + ".\n" + (lastTurn ? "This is the last turn: summarise what the conversation agreed and what is left open."
                        : "Reply with your next contribution to the task.");
        List<MessageRecorded> windowed = transcript.subList(Math.max(0, transcript.size() - window), transcript.size());
        long left = (long) budgetTokens * CHARS_PER_TOKEN - persona.length() - task.length() - instructions.length()
                - FRAME_CHARS;
        String previous = "";
        if (!windowed.isEmpty()) {
            // The reply to answer comes first, cut to its end if it alone is over the budget.
            MessageRecorded last = windowed.getLast();
            String content = left >= last.content().length() ? last.content()
                    : "…" + last.content().substring(last.content().length() - (int) Math.max(0, left - 1));
            previous = "\nThe previous reply, from " + last.speakerName() + ", was:\n" + content + "\n\n";
            left -= previous.length();
        }
        List<String> lines = new ArrayList<>();
        // When the window does not fit whole, a fifth of the room goes to a digest of what is left out.
        int whole = windowed.stream().mapToInt(message -> message.speakerName().length() + message.content().length() + 3)
                .sum();
        long digestRoom = whole > left ? Math.max(0, left / 5) : 0;
        left -= digestRoom;
        for (int i = windowed.size() - 1; i >= 0; i--) {
            MessageRecorded message = windowed.get(i);
            String line = message.speakerName() + ": " + message.content() + "\n";
            if (line.length() > left) {
                break;
            }
            lines.addFirst(line);
            left -= line.length();
        }
        List<String> digest = new ArrayList<>();
        for (int i = windowed.size() - lines.size() - 1; i >= 0; i--) {
            String line = windowed.get(i).speakerName() + ": " + gist(windowed.get(i).content()) + "\n";
            if (line.length() > digestRoom) {
                break;
            }
            digest.addFirst(line);
            digestRoom -= line.length();
        }
        int leftOut = windowed.size() - lines.size() - digest.size();
        StringBuilder user = new StringBuilder(task.length() + previous.length() + instructions.length()
                + lines.stream().mapToInt(String::length).sum() + 512);
        user.append(task);
        if (!windowed.isEmpty()) {
            if (!digest.isEmpty()) {
                user.append("Earlier, in short:\n");
                digest.forEach(user::append);
                user.append("\n");
            }
            user.append("Recent exchanges:\n");
            if (leftOut > 0) {
                user.append("(").append(leftOut).append(" earlier message").append(leftOut == 1 ? " is" : "s are")
                        .append(" left out to fit the model's context)\n");
            }
            lines.forEach(user::append);
            user.append(previous);
        }
        user.append(instructions);
        return new Prompt(persona, user.toString(), lastTurn);
    }

    /** A message in short: its first sentence (or line), at most {@value #GIST_CHARS} characters. */
    static String gist(String content) {
        String text = content.strip().replaceAll("\\s+", " ");
        int end = text.length();
        for (String stop : List.of(". ", "? ", "! ")) {
            int at = text.indexOf(stop);
            if (at >= 0 && at + 1 < end) {
                end = at + 1;
            }
        }
        String sentence = text.substring(0, end);
        return sentence.length() <= GIST_CHARS ? sentence : sentence.substring(0, GIST_CHARS - 1).stripTrailing() + "…";
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
