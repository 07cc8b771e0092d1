package dev.workshop.store;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.DeletedConversation;
import dev.workshop.domain.conversation.MessageMatch;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import java.util.List;
import java.util.Optional;

/**
 * The conversation log. An append is durable when it returns: it survives {@code kill -9} and power loss.
 * Appends are checked against the log's rules ({@link dev.workshop.domain.conversation.ConversationRules})
 * and against {@code expectedVersion}, so a second writer fails instead of writing a duplicate turn. Which
 * instance drives each conversation on a shared store is the port it extends, {@link ConversationDrivers}.
 */
public interface ConversationStore extends ConversationDrivers, AutoCloseable {

    /**
     * Appends {@code events} atomically after version {@code expectedVersion} (0 for a new conversation); what
     * was recorded, with the state after it.
     *
     * @throws ConcurrentAppendException when the conversation is no longer at {@code expectedVersion}
     * @throws dev.workshop.domain.conversation.InvalidEventException when an event breaks the log's rules
     * @throws StoreException when the store cannot write; nothing was acknowledged
     */
    default Appended append(TenantId tenant, ConversationId conversation, long expectedVersion,
                            List<ConversationEvent> events) {
        return append(tenant, conversation, expectedVersion, events, Durability.DURABLE);
    }

    /**
     * As {@link #append(TenantId, ConversationId, long, List)}, with a choice of when to return:
     * {@link Durability#WITH_NEXT} returns at once and the events become durable with the next durable append.
     */
    Appended append(TenantId tenant, ConversationId conversation, long expectedVersion,
                    List<ConversationEvent> events, Durability durability);

    /**
     * Appends events recorded elsewhere (a session held in git, or re-inflated from it) after version
     * {@code expectedVersion}: each keeps its seq and the time it was first written, so that both copies fold to
     * the same state. Durable when it returns, all of it or none; checked as {@link #append} checks.
     *
     * @throws ConcurrentAppendException when the conversation is no longer at {@code expectedVersion}
     * @throws IllegalArgumentException when the events do not number on from {@code expectedVersion + 1}
     * @throws dev.workshop.domain.conversation.InvalidEventException when an event breaks the log's rules
     */
    Appended adopt(TenantId tenant, ConversationId conversation, long expectedVersion,
                   List<RecordedEvent> events);

    /** The whole history of a conversation in order; empty for an unknown id. */
    List<RecordedEvent> history(TenantId tenant, ConversationId conversation);

    /**
     * The events of a conversation after {@code version}, in order: what a reader who has seen it up to there has
     * not. A store that can read from a position overrides this (the team server's, fed by its change feed).
     */
    default List<RecordedEvent> historyAfter(TenantId tenant, ConversationId conversation, long version) {
        return history(tenant, conversation).stream().filter(recorded -> recorded.seq() > version).toList();
    }

    Optional<ConversationState> state(TenantId tenant, ConversationId conversation);

    /**
     * The team a conversation belongs to, whichever it is: lets a caller tell "no such conversation" from
     * "it belongs to another team" without reading another team's data.
     */
    Optional<TenantId> tenantOf(ConversationId conversation);

    /** Every conversation of the tenant, most recently updated first; deleted ones and elements are left out. */
    List<ConversationState> list(TenantId tenant);

    /**
     * The tenant's deleted conversations with the time each was deleted, most recently deleted first: what a
     * "Recently deleted" view offers to bring back (their events are kept in the append-only log).
     */
    List<DeletedConversation> listDeleted(TenantId tenant);

    /**
     * The recorded messages of the tenant whose text contains {@code text}, ignoring case: by conversation, then
     * turn, at most {@code limit}. Deleted conversations are left out; a blank {@code text} finds nothing.
     */
    List<MessageMatch> findMessages(TenantId tenant, String text, int limit);

    /**
     * The tenant's shared elements (the streams of kind {@link dev.workshop.domain.conversation.ConversationKind#ELEMENT}),
     * removed ones left out, oldest first: the order they were placed in, which prompts and lists keep.
     */
    List<ConversationState> listElements(TenantId tenant);

    /** How many conversations {@link #list} holds. */
    int count(TenantId tenant);

    /** What opening the store found and repaired: shown to the user, never swallowed (none by default). */
    default List<String> openingWarnings() {
        return List.of();
    }

    /**
     * Hears once, with what happened in words for the user, when the store stops saving for good in this
     * process (its disk refused a write); at once if it already has. Opening the data again goes on from the
     * last saved event. A store with no such state (each call reports its own failure) never calls it.
     */
    default void onWritesStopped(java.util.function.Consumer<String> listener) {
    }

    @Override
    void close();
}
