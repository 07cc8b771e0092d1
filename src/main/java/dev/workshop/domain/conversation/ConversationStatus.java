package dev.workshop.domain.conversation;

import java.util.Locale;

/** Where a conversation stands. The wire name is what the store, the CLI and exports use. */
public enum ConversationStatus {
    /** Over the concurrency limit; starts when a slot frees. */
    QUEUED,
    /** A loop is taking turns right now. */
    ACTIVE,
    /** Paused until the human member answers. */
    WAITING,
    /** Stopped before its end (crash, abort, endpoint down); can be resumed. */
    INTERRUPTED,
    /** Committed to a git branch and parked. */
    HELD,
    COMPLETED,
    FAILED,
    /** Inactive past the retention window. */
    ABANDONED;

    /** Computed once: the store writes it with every status change and every row it updates. */
    private final String wireName = name().toLowerCase(Locale.ROOT);

    public String wireName() {
        return wireName;
    }

    public static ConversationStatus fromWireName(String wireName) {
        // A loop, not a stream: this runs while a history is read back, and a stream's first use is slow.
        for (ConversationStatus status : values()) {
            if (status.wireName().equals(wireName)) {
                return status;
            }
        }
        throw new IllegalArgumentException("Unknown conversation status '" + wireName + "'");
    }

    /** Whether the conversation has ended for good (a follow-up may still continue it). */
    public boolean isFinal() {
        return this == COMPLETED || this == FAILED || this == ABANDONED;
    }
}
