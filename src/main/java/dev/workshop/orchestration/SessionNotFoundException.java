package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;

/** Restore by id found no conversation of that id in the team's log or snapshots, nor in any other team's. */
final class SessionNotFoundException extends IllegalArgumentException {
    public SessionNotFoundException(ConversationId id, TenantId team) {
        super("Session '" + id + "' not found for team '" + team + "'. Use resume without an id to restore the"
                + " latest session, or start a new conversation.");
    }
}
