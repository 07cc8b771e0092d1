package dev.workshop.domain.audit;

import java.util.Locale;

/** What an audit entry records: who did what to a conversation (or to the data), never with what it said. */
public enum AuditAction {
    /** A conversation's status changed; the detail names the status and its cause. */
    STATUS_CHANGED,
    RENAMED,
    DELETED,
    UNDELETED,
    /** Held on a git branch. */
    HELD,
    /** Brought back from a git branch. */
    REINFLATED,
    /** Taken over by this instance from one that died (team server). */
    TAKEN_OVER,
    /** An outside tool call approved (the detail says whether its arguments were edited). */
    CALL_APPROVED,
    CALL_DENIED,
    /** A call left in doubt settled by the user (the detail is their word). */
    CALL_SETTLED,
    /** Marked abandoned, or purged, by the retention policy. */
    RETENTION,
    /** A legal hold put on or released (the detail says which). */
    LEGAL_HOLD,
    ERASED;

    private final String wireName = name().toLowerCase(Locale.ROOT);

    public String wireName() {
        return wireName;
    }

    public static AuditAction fromWireName(String wireName) {
        for (AuditAction action : values()) {
            if (action.wireName.equals(wireName)) {
                return action;
            }
        }
        throw new IllegalArgumentException("Unknown audit action '" + wireName + "'");
    }
}
