package dev.workshop.store;

import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import java.util.Map;

/**
 * A conversation's messages as a copy outside the store holds them (its snapshot under {@code sessions/}), by turn
 * index: what the store's recovery takes a message from when the journal and the tables have both lost it.
 */
@FunctionalInterface
public interface MessageCopies {
    MessageCopies NONE = (tenant, conversation) -> Map.of();

    /** The messages of {@code conversation} that the copy holds, by turn index; empty when it holds none. */
    Map<Integer, MessageRecorded> of(TenantId tenant, ConversationId conversation);
}
