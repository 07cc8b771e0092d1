package dev.workshop.store;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/** Something would bring back a conversation that was erased for good: refused, with when it was erased. */
public final class ConversationErasedException extends StoreException {
    private final Instant erasedAt;

    public ConversationErasedException(Instant erasedAt) {
        super("This conversation was erased on " + DateTimeFormatter.ISO_LOCAL_DATE.format(erasedAt.atZone(
                ZoneId.systemDefault())) + ": nothing of it is written again");
        this.erasedAt = erasedAt;
    }

    public Instant erasedAt() {
        return erasedAt;
    }
}
