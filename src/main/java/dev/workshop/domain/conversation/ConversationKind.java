package dev.workshop.domain.conversation;

import java.util.Arrays;
import java.util.Locale;

/** A conversation between several participants, or a task given to one agent. */
public enum ConversationKind {
    CONVERSATION,
    TASK;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ConversationKind fromWireName(String wireName) {
        return Arrays.stream(values())
                .filter(kind -> kind.wireName().equals(wireName))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("Unknown conversation kind '" + wireName + "'"));
    }
}
