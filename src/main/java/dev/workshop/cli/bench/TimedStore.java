package dev.workshop.cli.bench;

import dev.workshop.store.Appended;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.ConversationStore;
import dev.workshop.store.Durability;
import dev.workshop.store.ForwardingConversationStore;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/** A store that adds up the time spent in appends, so the loop benchmark can subtract it. */
final class TimedStore extends ForwardingConversationStore {
    private final LongAdder appendNanos = new LongAdder();
    private final LongAdder appends = new LongAdder();
    /** Each append's time, when asked for (a percentile needs them all). */
    private final java.util.Queue<Long> each = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final boolean keepEach;

    TimedStore(ConversationStore store) {
        this(store, false);
    }

    TimedStore(ConversationStore store, boolean keepEach) {
        super(store);
        this.keepEach = keepEach;
    }

    /** Every append's time in nanoseconds so far (empty unless made to keep each). */
    long[] eachAppendNanos() {
        return each.stream().mapToLong(Long::longValue).toArray();
    }

    long appendNanos() {
        return appendNanos.sum();
    }

    long appends() {
        return appends.sum();
    }

    @Override
    public Appended append(TenantId tenant, ConversationId conversation, long expectedVersion,
                           List<ConversationEvent> events, Durability durability) {
        long started = System.nanoTime();
        try {
            return super.append(tenant, conversation, expectedVersion, events, durability);
        } finally {
            long took = System.nanoTime() - started;
            appendNanos.add(took);
            if (keepEach) {
                each.add(took);
            }
            appends.increment();
        }
    }
}
