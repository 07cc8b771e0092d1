package dev.workshop.store;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.DeletedConversation;
import dev.workshop.domain.conversation.MessageMatch;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A store that consults the tombstones (docs/decisions/0031): an append or an adoption for an erased conversation is
 * refused with when it was erased — a loop mid-turn, a reply that arrives late, an import, a re-inflation — and
 * an erased conversation is read as not there, also in the moment between the erase and the scrub of its copies
 * (or while a scrub waits for a writable disk).
 */
public final class ErasedKeptOut extends ForwardingConversationStore {
    private final Tombstones tombstones;

    public ErasedKeptOut(ConversationStore store, Tombstones tombstones) {
        super(store);
        this.tombstones = tombstones;
    }

    @Override
    public Appended append(TenantId tenant, ConversationId conversation, long expectedVersion,
                           List<ConversationEvent> events, Durability durability) {
        refuseErased(conversation);
        return super.append(tenant, conversation, expectedVersion, events, durability);
    }

    @Override
    public Appended adopt(TenantId tenant, ConversationId conversation, long expectedVersion,
                          List<RecordedEvent> events) {
        refuseErased(conversation);
        return super.adopt(tenant, conversation, expectedVersion, events);
    }

    private void refuseErased(ConversationId conversation) {
        Optional<Instant> erased = tombstones.erasedOn(conversation.value());
        if (erased.isPresent()) {
            throw new ConversationErasedException(erased.get());
        }
    }

    private boolean erased(ConversationId conversation) {
        return tombstones.erasedOn(conversation.value()).isPresent();
    }

    @Override
    public List<RecordedEvent> history(TenantId tenant, ConversationId conversation) {
        return erased(conversation) ? List.of() : super.history(tenant, conversation);
    }

    @Override
    public List<RecordedEvent> historyAfter(TenantId tenant, ConversationId conversation, long version) {
        return erased(conversation) ? List.of() : super.historyAfter(tenant, conversation, version);
    }

    @Override
    public Optional<ConversationState> state(TenantId tenant, ConversationId conversation) {
        return erased(conversation) ? Optional.empty() : super.state(tenant, conversation);
    }

    @Override
    public Optional<TenantId> tenantOf(ConversationId conversation) {
        return erased(conversation) ? Optional.empty() : super.tenantOf(conversation);
    }

    @Override
    public List<ConversationState> list(TenantId tenant) {
        return super.list(tenant).stream().filter(state -> !erased(state.id())).toList();
    }

    @Override
    public List<ConversationState> listElements(TenantId tenant) {
        return super.listElements(tenant).stream().filter(state -> !erased(state.id())).toList();
    }

    @Override
    public List<DeletedConversation> listDeleted(TenantId tenant) {
        return super.listDeleted(tenant).stream().filter(deleted -> !erased(deleted.state().id())).toList();
    }

    @Override
    public List<MessageMatch> findMessages(TenantId tenant, String text, int limit) {
        return super.findMessages(tenant, text, limit).stream().filter(match -> !erased(match.conversationId()))
                .toList();
    }

    @Override
    public int count(TenantId tenant) {
        return tombstones.notYetScrubbed().isEmpty() ? super.count(tenant) : list(tenant).size();
    }
}
