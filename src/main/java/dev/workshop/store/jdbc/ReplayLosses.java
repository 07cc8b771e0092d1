package dev.workshop.store.jdbc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the journal's damage cost while the tables caught up from it: per conversation, the events no other copy
 * held, and the messages taken back from the conversations' snapshots. Told to the user once, in words.
 */
final class ReplayLosses {
    private final Map<ConversationKey, Long> lostEvents = new LinkedHashMap<>();
    private final Map<ConversationKey, Long> recoveredMessages = new LinkedHashMap<>();

    void lost(ConversationKey conversation, long events) {
        lostEvents.merge(conversation, events, Long::sum);
    }

    void recovered(ConversationKey conversation, long messages) {
        recoveredMessages.merge(conversation, messages, Long::sum);
    }

    /** The warnings for the user: none when nothing was lost. */
    List<String> warnings() {
        List<String> warnings = new ArrayList<>();
        if (!recoveredMessages.isEmpty()) {
            warnings.add("Journal damage took messages the database had not copied yet; they were recovered from the"
                    + " conversations' snapshots: " + String.join("; ", recoveredMessages.entrySet().stream()
                    .map(found -> found.getValue() + " of conversation " + found.getKey().conversation()).toList())
                    + ".");
        }
        if (!lostEvents.isEmpty()) {
            warnings.add("Journal damage cost events that no other copy held: " + String.join("; ",
                    lostEvents.entrySet().stream().map(lost -> "conversation " + lost.getKey().conversation() + " lost "
                            + lost.getValue() + " event" + (lost.getValue() == 1 ? "" : "s")).toList())
                    + ". Each was marked as lost in its history and goes on from what remains; the events after"
                    + " the damage were kept.");
        }
        return warnings;
    }
}
