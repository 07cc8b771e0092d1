package dev.workshop.store.jdbc;

import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.TenantId;
import java.util.concurrent.locks.ReentrantLock;

/** A conversation's latest state, kept in memory; its lock makes check-append-update one step per conversation. */
final class LatestState {
    final ReentrantLock lock = new ReentrantLock();
    final TenantId tenant;
    volatile ConversationState state;

    LatestState(TenantId tenant, ConversationState state) {
        this.tenant = tenant;
        this.state = state;
    }
}
