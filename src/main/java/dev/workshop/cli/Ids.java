package dev.workshop.cli;

import dev.workshop.domain.conversation.ConversationId;

/** Ids typed by people, checked with a clear message. */
final class Ids {
    private Ids() {
    }

    static ConversationId conversation(String text) {
        try {
            return new ConversationId(text.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("\"" + text + "\" is not a conversation id: " + e.getMessage());
        }
    }
}
