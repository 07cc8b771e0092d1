package dev.workshop.domain.conversation;

import java.time.Instant;
import java.util.Objects;

/** An event as the log holds it: its conversation, its position ({@code seq} from 1) and when it was written. */
public record RecordedEvent(TenantId tenantId, ConversationId conversationId, long seq, Instant recordedAt,
                            ConversationEvent event) {
    public RecordedEvent {
        Objects.requireNonNull(tenantId, "tenantId");
        Objects.requireNonNull(conversationId, "conversationId");
        Objects.requireNonNull(recordedAt, "recordedAt");
        Objects.requireNonNull(event, "event");
        if (seq < 1) {
            throw new IllegalArgumentException("seq starts at 1, was " + seq);
        }
    }
}
