package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import java.util.List;

/**
 * What a re-inflation did, and the conversation as it stands after: paused until the user continues it.
 *
 * @param missingAgents the agents of the session that this data directory has no definition of (not added)
 * @param addedAgents   the agents added back from the definitions the session carries
 */
public record Reinflated(ConversationId id, String branch, String commit, Outcome outcome, int messageCount,
                         ConversationStatus status, List<String> missingAgents, List<String> addedAgents) {
    public enum Outcome {
        /** New in this data directory. */
        ADDED,
        /** It was here, held; the turns taken elsewhere since were brought in. */
        BROUGHT_UP_TO_DATE,
        /** It was held here with the same history; it is paused again. */
        RELEASED,
        /** It is here with everything the branch holds (perhaps more) and not held: nothing changed. */
        ALREADY_HERE,
        /** Re-inflated as a new conversation (a fork), the one here being different. */
        FORKED
    }

    public Reinflated {
        missingAgents = List.copyOf(missingAgents);
        addedAgents = List.copyOf(addedAgents);
    }

    /** One sentence for the user. */
    public String summary() {
        String agents = missingAgents.isEmpty() ? "" : "; not among your agents: " + String.join(", ", missingAgents)
                + " (add them back from the session to continue)";
        String added = addedAgents.isEmpty() ? "" : "; added the agents " + String.join(", ", addedAgents);
        String counted = messageCount + (messageCount == 1 ? " message" : " messages");
        String paused = status.isFinal() ? "it had ended; write to follow it up" : "it is paused until you continue it";
        return switch (outcome) {
            case ADDED -> "Re-inflated " + branch + " (" + counted + "); " + paused;
            case BROUGHT_UP_TO_DATE -> "Brought in the turns taken elsewhere from " + branch + " (" + counted
                    + " now); " + paused;
            case RELEASED -> "Re-inflated " + branch + " here, where it was held (" + counted + "); " + paused;
            case ALREADY_HERE -> "Conversation " + id + " is here already with everything " + branch
                    + " holds; nothing changed";
            case FORKED -> "Re-inflated " + branch + " as a new conversation " + id + " (" + counted
                    + "), the one here having gone on differently";
        } + added + agents;
    }
}
