package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.ConversationStore;
import java.util.Optional;

/** One team's conversations in the store: what the commands read before they append. */
record TeamLog(ConversationStore store, TenantId tenant) {
    /** The conversation as stored now, if it exists and was not deleted. */
    Optional<ConversationState> state(ConversationId id) {
        return store.state(tenant, id).filter(state -> !state.deleted());
    }

    /** As {@link #state}, refusing an unknown or deleted conversation. */
    ConversationState stateOf(ConversationId id) {
        return state(id).orElseThrow(() -> new IllegalArgumentException("No conversation with id " + id));
    }
}
