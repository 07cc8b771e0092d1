package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.DeletedConversation;
import dev.workshop.domain.conversation.MessageMatch;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.Appended;
import dev.workshop.store.ConversationStore;
import dev.workshop.store.Durability;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The store as the engine uses it: every append and adoption that records something is told to the listeners as one
 * {@link LoopEvent.Recorded}, on the writer's thread, right after it is committed. Whoever writes (a loop, a command,
 * a restore, a hold) cannot forget to say so, and nothing is said that the log does not hold.
 */
final class RecordingStore implements ConversationStore {
    private final ConversationStore store;
    private final Consumer<LoopEvent> publish;

    RecordingStore(ConversationStore store, Consumer<LoopEvent> publish) {
        this.store = store;
        this.publish = publish;
    }

    @Override
    public Appended append(TenantId tenant, ConversationId conversation, long expectedVersion,
                           List<ConversationEvent> events, Durability durability) {
        return told(conversation, store.append(tenant, conversation, expectedVersion, events, durability));
    }

    @Override
    public Appended adopt(TenantId tenant, ConversationId conversation, long expectedVersion,
                          List<RecordedEvent> events) {
        return told(conversation, store.adopt(tenant, conversation, expectedVersion, events));
    }

    private Appended told(ConversationId conversation, Appended appended) {
        if (!appended.events().isEmpty()) {
            publish.accept(LoopEvent.Recorded.here(conversation, appended.events().getLast().recordedAt(),
                    appended.events(), appended.after()));
        }
        return appended;
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
    public List<DeletedConversation> listDeleted(TenantId tenant) {
        return store.listDeleted(tenant);
    }

    @Override
    public List<MessageMatch> findMessages(TenantId tenant, String text, int limit) {
        return store.findMessages(tenant, text, limit);
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
    public void onWritesStopped(Consumer<String> listener) {
        store.onWritesStopped(listener);
    }

    /** Not the engine's to close: the store belongs to whoever opened it. */
    @Override
    public void close() {
        throw new UnsupportedOperationException("The engine does not close the store it was given");
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
    public Set<ConversationId> driversGone(TenantId tenant) {
        return store.driversGone(tenant);
    }

    @Override
    public Optional<String> drivenElsewhere(TenantId tenant, ConversationId conversation) {
        return store.drivenElsewhere(tenant, conversation);
    }

    @Override
    public Map<ConversationId, String> drivers(TenantId tenant) {
        return store.drivers(tenant);
    }

    @Override
    public void watchElsewhere(TenantId tenant, Consumer<ConversationId> changed) {
        store.watchElsewhere(tenant, changed);
    }
}
