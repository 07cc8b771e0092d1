package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.store.AgentCatalog;
import java.util.List;
import java.util.Optional;

/**
 * A participant whose agent the catalog does not have, and what that means for its conversation: removed by the
 * user, the conversation ends; missing because the agent list was damaged, it waits (interrupted) for the agent
 * to come back, since a definition lost with its file is no removal.
 */
final class MissingAgent {
    private MissingAgent() {
    }

    /** How a conversation stops on the first of {@code participants} whose agent is missing, if one is. */
    static Optional<LoopStop> among(List<Participant> participants, AgentCatalog agents) {
        return participants.stream()
                .filter(participant -> !participant.isHuman() && agents.find(participant.agentId()).isEmpty())
                .findFirst().map(participant -> of(participant, agents));
    }

    static LoopStop of(Participant participant, AgentCatalog agents) {
        String who = "Agent " + participant.name() + " (" + participant.agentId() + ")";
        return agents.damage()
                .map(why -> new LoopStop(ConversationStatus.FAILED, StatusCause.AGENT_MISSING, who
                        + " is missing: " + why + "; put the file back or add the agent again, then Retry"))
                .orElseGet(() -> new LoopStop(ConversationStatus.COMPLETED, StatusCause.AGENT_GONE,
                        who + " no longer exists"));
    }
}
