package dev.workshop.cli.bench;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.ConversationStore;
import dev.workshop.store.Durability;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

/** A store that adds up the time spent in appends, so the loop benchmark can subtract it. */
final class TimedStore implements ConversationStore {
    private final ConversationStore store;
    private final LongAdder appendNanos = new LongAdder();
    private final LongAdder appends = new LongAdder();

    TimedStore(ConversationStore store) {
        this.store = store;
    }

    long appendNanos() {
        return appendNanos.sum();
    }

    long appends() {
        return appends.sum();
    }

    @Override
    public List<RecordedEvent> append(TenantId tenant, ConversationId conversation, long expectedVersion,
                                      List<ConversationEvent> events, Durability durability) {
        long started = System.nanoTime();
        try {
            return store.append(tenant, conversation, expectedVersion, events, durability);
        } finally {
            appendNanos.add(System.nanoTime() - started);
            appends.increment();
        }
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
    public Optional<TenantId> tenantOf(ConversationId conversation) {
        return store.tenantOf(conversation);
    }

    @Override
    public List<ConversationState> list(TenantId tenant) {
        return store.list(tenant);
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
    public void close() {
        store.close();
    }
}
