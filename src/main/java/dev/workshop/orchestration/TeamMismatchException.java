package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;

/** Restore by id found the conversation, but it belongs to another team than the one asked for. */
final class TeamMismatchException extends IllegalArgumentException {
    public TeamMismatchException(ConversationId id, TenantId owner, TenantId current) {
        super("Session '" + id + "' belongs to team '" + owner + "', but the current team is '" + current
                + "'. Use the matching team (--team " + owner + ").");
    }
}
