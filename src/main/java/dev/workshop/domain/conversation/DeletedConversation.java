package dev.workshop.domain.conversation;

import java.time.Instant;

/**
 * A conversation the user deleted, and when: its state keeps the time of its last activity, which is where it
 * goes back in the list when it is brought back.
 */
public record DeletedConversation(ConversationState state, Instant deletedAt) {
}
