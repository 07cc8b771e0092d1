package dev.workshop.domain.conversation;

import dev.workshop.domain.agent.AgentId;
import java.util.List;
import java.util.Optional;

/**
 * Round-robin turn taking. The next speaker is the participant after the last recorded speaker, not
 * {@code turnCount % n}: that formula skipped a speaker in the system this replaces whenever the first
 * speaker or the participant order changed.
 */
public final class Rotation {
    private Rotation() {
    }

    public static Participant nextSpeaker(List<Participant> participants, Optional<AgentId> lastSpeaker) {
        if (participants.isEmpty()) {
            throw new IllegalArgumentException("A conversation without participants has no next speaker");
        }
        if (lastSpeaker.isEmpty()) {
            return participants.getFirst();
        }
        for (int i = 0; i < participants.size(); i++) {
            if (participants.get(i).agentId().equals(lastSpeaker.get())) {
                return participants.get((i + 1) % participants.size());
            }
        }
        return participants.getFirst();
    }
}
