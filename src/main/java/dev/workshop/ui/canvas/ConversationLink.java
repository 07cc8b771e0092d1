package dev.workshop.ui.canvas;

import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.conversation.ConversationId;
import java.util.List;
import java.util.Optional;

/**
 * A running conversation as the canvas draws it: a rope through its participants, the current speaker's
 * segment highlighted, and a marker when it was resumed after a restart.
 */
record ConversationLink(ConversationId id, List<InstanceId> participants, boolean resumed,
                               Optional<InstanceId> speaker) {
    public ConversationLink {
        participants = List.copyOf(participants);
    }

    ConversationLink speaking(Optional<InstanceId> newSpeaker) {
        return new ConversationLink(id, participants, resumed, newSpeaker);
    }
}
