package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationId;

/**
 * Where the conversation shown was forked from: the source's id, the turn it was forked at, and the source's
 * title while it is listed (null once it is deleted: it can only be named, not shown).
 */
record ForkOrigin(ConversationId source, int turnIndex, String sourceTitle) {
    public boolean sourceListed() {
        return sourceTitle != null;
    }
}
