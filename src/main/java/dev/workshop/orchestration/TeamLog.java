package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.ConversationStore;
import java.util.List;
import java.util.Optional;

/** One team's conversations in the store: what the commands read before they append. */
record TeamLog(ConversationStore store, TenantId tenant) {
    /** The conversation as stored now, if it exists and was not deleted. */
    Optional<ConversationState> state(ConversationId id) {
        return store.state(tenant, id).filter(state -> !state.deleted());
    }

    /** Appends {@code events} right after {@code state}; the state they lead to. */
    ConversationState append(ConversationState state, List<ConversationEvent> events) {
        return store.append(tenant, state.id(), state.version(), events).after();
    }

    /** As {@link #state}, refusing an unknown or deleted conversation. */
    ConversationState stateOf(ConversationId id) {
        Optional<ConversationState> stored = store.state(tenant, id);
        if (stored.filter(ConversationState::deleted).isPresent()) {
            // Said as it is: on a team server another device may have deleted it a moment ago.
            throw new IllegalArgumentException("Conversation " + id + " was deleted (Recently deleted brings it back)");
        }
        return stored.orElseThrow(() -> new IllegalArgumentException("No conversation with id " + id));
    }
}
