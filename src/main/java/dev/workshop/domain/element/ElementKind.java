package dev.workshop.domain.element;

import java.util.Locale;

/**
 * What a shared element is. Boards, pinboards and rulebooks are placed on the canvas by the user; an inbox and a
 * memory come with each agent (one of each, owned by it).
 */
public enum ElementKind {
    BOARD("Message board"),
    PINBOARD("Pinboard"),
    INBOX("Inbox"),
    RULEBOOK("Rulebook"),
    MEMORY("Memory");

    private final String label;
    private final String wireName = name().toLowerCase(Locale.ROOT);

    ElementKind(String label) {
        this.label = label;
    }

    /** What a palette or a list calls this kind. */
    public String label() {
        return label;
    }

    public String wireName() {
        return wireName;
    }

    /** Whether each agent has one of its own, made with it (rather than placed by the user). */
    public boolean ownedByAnAgent() {
        return this == INBOX || this == MEMORY;
    }

    public static ElementKind fromWireName(String wireName) {
        for (ElementKind kind : values()) {
            if (kind.wireName.equals(wireName)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("Unknown element kind '" + wireName + "': one of board, pinboard, inbox,"
                + " rulebook, memory");
    }
}
