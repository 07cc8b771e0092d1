package dev.workshop.domain.conversation;

import java.util.Objects;
import java.util.UUID;

/** Identifier of a conversation; it is also the workflow id that follow-ups continue. */
public record ConversationId(String value) {
    public ConversationId {
        Objects.requireNonNull(value, "value");
        if (value.isBlank() || value.length() > 64) {
            throw new IllegalArgumentException("A conversation id must have 1 to 64 characters");
        }
    }

    public static ConversationId random() {
        return new ConversationId(UUID.randomUUID().toString());
    }

    @Override
    public String toString() {
        return value;
    }
}
