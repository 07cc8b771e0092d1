package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.Appended;
import dev.workshop.store.ConversationStore;
import dev.workshop.store.Durability;
import dev.workshop.store.ForwardingConversationStore;
import java.util.List;
import java.util.function.Consumer;

/**
 * The store as the engine uses it: every append and adoption that records something is told to the listeners as one
 * {@link LoopEvent.Recorded}, on the writer's thread, right after it is committed. Whoever writes (a loop, a command,
 * a restore, a hold) cannot forget to say so, and nothing is said that the log does not hold.
 */
final class RecordingStore extends ForwardingConversationStore {
    private final Consumer<LoopEvent> publish;

    RecordingStore(ConversationStore store, Consumer<LoopEvent> publish) {
        super(store);
        this.publish = publish;
    }

    @Override
    public Appended append(TenantId tenant, ConversationId conversation, long expectedVersion,
                           List<ConversationEvent> events, Durability durability) {
        return told(conversation, super.append(tenant, conversation, expectedVersion, events, durability));
    }

    @Override
    public Appended adopt(TenantId tenant, ConversationId conversation, long expectedVersion,
                          List<RecordedEvent> events) {
        return told(conversation, super.adopt(tenant, conversation, expectedVersion, events));
    }

    private Appended told(ConversationId conversation, Appended appended) {
        if (!appended.events().isEmpty()) {
            publish.accept(LoopEvent.Recorded.of(conversation, appended.events().getLast().recordedAt(),
                    appended.events(), appended.after(), false, ""));
        }
        return appended;
    }

    /** Not the engine's to close: the store belongs to whoever opened it. */
    @Override
    public void close() {
        throw new UnsupportedOperationException("The engine does not close the store it was given");
    }
}
