package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import java.util.List;
import java.util.Optional;

/**
 * What a restore by id did: the conversation, how many messages it holds, its status now (paused: waiting
 * for the human, or ended and open to a follow-up), whether it came from a snapshot file rather than the
 * log, the id it had in the file when an import made a copy (that id was taken), and the names of speakers in
 * its history who are no longer agents of the team.
 */
public record RestoredSession(ConversationId id, int messageCount, ConversationStatus status, boolean imported,
                              Optional<ConversationId> copyOf, List<String> missingMembers) {
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
