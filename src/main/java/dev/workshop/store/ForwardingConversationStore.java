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

/** A store that passes every call on to another; a subclass changes only what it overrides. */
public abstract class ForwardingConversationStore implements ConversationStore {
    private final ConversationStore store;

    protected ForwardingConversationStore(ConversationStore store) {
        this.store = store;
    }

    @Override
    public Appended append(TenantId tenant, ConversationId conversation, long expectedVersion,
                           List<ConversationEvent> events, Durability durability) {
        return store.append(tenant, conversation, expectedVersion, events, durability);
    }

    @Override
    public Appended adopt(TenantId tenant, ConversationId conversation, long expectedVersion,
                          List<RecordedEvent> events) {
        return store.adopt(tenant, conversation, expectedVersion, events);
    }

    @Override
    public boolean drive(TenantId tenant, ConversationId conversation) {
        return store.drive(tenant, conversation);
    }

    @Override
    public void stopDriving(TenantId tenant, ConversationId conversation) {
        store.stopDriving(tenant, conversation);
    }

    @Override
    public java.util.Set<ConversationId> driversGone(TenantId tenant) {
        return store.driversGone(tenant);
    }

    @Override
    public java.util.Optional<String> drivenElsewhere(TenantId tenant, ConversationId conversation) {
        return store.drivenElsewhere(tenant, conversation);
    }

    @Override
    public java.util.Map<ConversationId, String> drivers(TenantId tenant) {
        return store.drivers(tenant);
    }

    @Override
    public void watchElsewhere(TenantId tenant, java.util.function.Consumer<ConversationId> changed) {
        store.watchElsewhere(tenant, changed);
    }

    @Override
    public List<RecordedEvent> historyAfter(TenantId tenant, ConversationId conversation, long version) {
        return store.historyAfter(tenant, conversation, version);
    }

    @Override
    public List<RecordedEvent> history(TenantId tenant, ConversationId conversation) {
        return store.history(tenant, conversation);
    }

    @Override
    public Optional<ConversationState> state(TenantId tenant, ConversationId conversation) {
        return store.state(tenant, conversation);
    }

    @Override
    public List<MessageMatch> findMessages(TenantId tenant, String text, int limit) {
        return store.findMessages(tenant, text, limit);
    }

    @Override
    public Optional<TenantId> tenantOf(ConversationId conversation) {
        return store.tenantOf(conversation);
    }

    @Override
    public List<ConversationState> list(TenantId tenant) {
        return store.list(tenant);
    }

    @Override
    public List<ConversationState> listElements(TenantId tenant) {
        return store.listElements(tenant);
    }

    @Override
    public List<DeletedConversation> listDeleted(TenantId tenant) {
        return store.listDeleted(tenant);
    }

    @Override
    public int count(TenantId tenant) {
        return store.count(tenant);
    }

    @Override
    public List<String> openingWarnings() {
        return store.openingWarnings();
    }

    @Override
    public void onWritesStopped(java.util.function.Consumer<String> listener) {
        store.onWritesStopped(listener);
    }

    @Override
    public void close() {
        store.close();
    }
}
