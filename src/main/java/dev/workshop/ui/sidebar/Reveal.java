package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationId;

/**
 * A message to bring into view: turn {@code turnIndex} of a conversation (a message not recorded yet shows
 * once it is). A new value each time, so asking twice for the same message scrolls to it twice.
 */
record Reveal(ConversationId conversationId, int turnIndex, long ticket) {
}
