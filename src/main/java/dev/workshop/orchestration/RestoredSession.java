package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import java.util.List;

/**
 * What a restore by id did: the conversation, how many messages it holds, its status now (paused: waiting
 * for the human, or ended and open to a follow-up), whether it came from a snapshot file rather than the
 * log, and the names of speakers in its history who are no longer agents of the team.
 */
public record RestoredSession(ConversationId id, int messageCount, ConversationStatus status, boolean imported,
                              List<String> missingMembers) {
    public RestoredSession {
        missingMembers = List.copyOf(missingMembers);
    }

    /** The warning to show when speakers are missing, or empty. */
    public String missingMembersWarning() {
        if (missingMembers.isEmpty()) {
            return "";
        }
        return "Some speakers in the history are not in the current team: " + String.join(", ", missingMembers)
                + ". Their messages are shown with their original names.";
    }
}
