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

    /** This entry as a change of a shared element, if it is one (an element's stream holds renames and removals too). */
    public java.util.Optional<dev.workshop.domain.element.ElementChange> asElementChange() {
        return event instanceof ConversationEvent.ElementChanged changed
                ? java.util.Optional.of(new dev.workshop.domain.element.ElementChange(seq, recordedAt, changed.actor(),
                        changed.provenance(), changed.change()))
                : java.util.Optional.empty();
    }
}
