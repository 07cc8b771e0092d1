package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import java.util.AbstractList;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The last messages of a conversation that its loop keeps in memory, oldest first: as many as a prompt's
 * window shows, no more. The full history stays in the store. A loop that resumed a conversation of ten
 * thousand messages thereby holds a window of them rather than all of them (some 5 MB of text), so that a
 * thousand loops at once fit in a small heap however long their conversations have grown.
 */
final class RecentMessages extends AbstractList<MessageRecorded> implements RandomAccess {
    private final MessageRecorded[] ring;
    /** Where the oldest kept message is in {@link #ring}. */
    private int oldest;
    private int size;

    /** @param capacity how many messages are kept: the prompt's message window (at least 1) */
    RecentMessages(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("At least one message must be kept, not " + capacity);
        }
        ring = new MessageRecorded[capacity];
    }

    /** Keeps {@code message} as the newest, letting the oldest go when the window is full. */
    @Override
    public boolean add(MessageRecorded message) {
        Objects.requireNonNull(message, "message");
        if (size < ring.length) {
            ring[(oldest + size) % ring.length] = message;
            size++;
        } else {
            ring[oldest] = message;
            oldest = (oldest + 1) % ring.length;
        }
        modCount++;
        return true;
    }

    @Override
    public MessageRecorded get(int index) {
        Objects.checkIndex(index, size);
        return ring[(oldest + index) % ring.length];
    }

    @Override
    public int size() {
        return size;
    }
}
