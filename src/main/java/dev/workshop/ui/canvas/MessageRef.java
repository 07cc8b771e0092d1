package dev.workshop.ui.canvas;

import dev.workshop.domain.conversation.ConversationId;
import java.util.Objects;

/** The message a speech bubble shows: turn {@code turnIndex} of a conversation (still being written, or said). */
public record MessageRef(ConversationId conversationId, int turnIndex) {
    public MessageRef {
        Objects.requireNonNull(conversationId, "conversationId");
        if (turnIndex < 0) {
            throw new IllegalArgumentException("A turn index is never negative, was " + turnIndex);
        }
    }
}
