package dev.workshop.store.jdbc;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;

/**
 * A conversation as the store keys it: ids are unique within a team. {@code equals} and {@code hashCode}
 * are written out rather than generated: a record's are bootstrapped through method handles on first use,
 * which costs a JVM that has just started tens of milliseconds on the way to reading a conversation back.
 */
record ConversationKey(TenantId tenant, ConversationId conversation) {
    @Override
    public boolean equals(Object other) {
        return other instanceof ConversationKey key && tenant.value().equals(key.tenant.value())
                && conversation.value().equals(key.conversation.value());
    }

    @Override
    public int hashCode() {
        return 31 * tenant.value().hashCode() + conversation.value().hashCode();
    }
}
