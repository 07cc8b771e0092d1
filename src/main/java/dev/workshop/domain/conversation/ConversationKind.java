package dev.workshop.domain.conversation;

import java.util.Locale;

/**
 * A conversation between several participants, a task given to one agent, or a shared element's history (a
 * stream of the log that is no conversation: lists leave it out, docs/decisions/0028).
 */
public enum ConversationKind {
    CONVERSATION,
    TASK,
    ELEMENT;

    /** Computed once: the store writes it with every status change and every row it updates. */
    private final String wireName = name().toLowerCase(Locale.ROOT);

    public String wireName() {
        return wireName;
    }

    public static ConversationKind fromWireName(String wireName) {
        // A loop, not a stream: this runs while a history is read back, and a stream's first use is slow.
        for (ConversationKind kind : values()) {
            if (kind.wireName().equals(wireName)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("Unknown conversation kind '" + wireName + "'");
    }
}
