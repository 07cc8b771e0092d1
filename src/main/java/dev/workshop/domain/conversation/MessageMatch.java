package dev.workshop.domain.conversation;

/** A recorded message whose text holds what was searched for: turn {@code turnIndex} of a conversation. */
public record MessageMatch(ConversationId conversationId, int turnIndex) {
}
