package dev.workshop.domain.conversation;

/**
 * What the user marks a conversation with, on or off (docs/decisions/0031): each exempts it from the retention
 * policy, and a legal hold also refuses an erase until it is released.
 */
public enum Mark {
    /** Kept however long it stands idle or ended: the user wants it. */
    STARRED("starred"),
    /** Kept as it is for a legal reason: no retention, no erase, until released. */
    LEGAL_HOLD("legal_hold");

    private final String wireName;

    Mark(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Mark fromWireName(String name) {
        for (Mark mark : values()) {
            if (mark.wireName.equals(name)) {
                return mark;
            }
        }
        throw new IllegalArgumentException("Unknown mark \"" + name + "\"");
    }
}
