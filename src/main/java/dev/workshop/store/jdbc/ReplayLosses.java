package dev.workshop.store.jdbc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What the journal's damage cost while the tables caught up from it: per conversation, the events no other copy
 * held, and the messages taken back from the conversations' snapshots. Told to the user once, in words.
 */
final class ReplayLosses {
    private final Map<ConversationKey, Long> lostEvents = new LinkedHashMap<>();
    private final Map<ConversationKey, Long> recoveredMessages = new LinkedHashMap<>();
    private final java.util.Set<ConversationKey> restoredStarts = new java.util.LinkedHashSet<>();

    void lost(ConversationKey conversation, long events) {
        lostEvents.merge(conversation, events, Long::sum);
    }

    /** The conversation's start was taken from its start copy: the journal's first record of it was lost. */
    void startRestored(ConversationKey conversation) {
        restoredStarts.add(conversation);
    }

    void recovered(ConversationKey conversation, long messages) {
        recoveredMessages.merge(conversation, messages, Long::sum);
    }

    /**
     * The warnings for the user, each conversation named as the list names it ({@code names}: its title in quotes,
     * or its id when it has none yet); none when nothing was lost.
     */
    List<String> warnings(Function<ConversationKey, String> names) {
        List<String> warnings = new ArrayList<>();
        if (!restoredStarts.isEmpty()) {
            warnings.add("Damage in the journal took the start of " + String.join(", ",
                    restoredStarts.stream().map(names).toList()) + "; task, participants and limits were taken back"
                    + " from the copy kept of every conversation's start, and " + (restoredStarts.size() == 1
                    ? "it goes" : "they go") + " on.");
        }
        if (!recoveredMessages.isEmpty()) {
            warnings.add("Damage in the journal took messages the database had not copied yet; they were taken back"
                    + " from the conversations' snapshots: " + String.join("; ", recoveredMessages.entrySet().stream()
                    .map(found -> messages(found.getValue()) + " of " + names.apply(found.getKey())).toList())
                    + ". Nothing is missing from them.");
        }
        if (!lostEvents.isEmpty()) {
            warnings.add("Damage in the journal cost what no other copy held: " + String.join("; ",
                    lostEvents.entrySet().stream().map(lost -> names.apply(lost.getKey()) + " lost "
                            + lost.getValue() + " step" + (lost.getValue() == 1 ? "" : "s")).toList())
                    + ". Its history marks where, and it goes on from what remains; everything after the damage was"
                    + " kept.");
        }
        return warnings;
    }

    private static String messages(long count) {
        return count == 1 ? "1 message" : count + " messages";
    }
}
