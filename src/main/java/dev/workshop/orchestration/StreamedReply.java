package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationEvent.ReplyChunk;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The reply a turn is streaming, gathered between the pieces the loop keeps in the log ({@link ReplyChunk}):
 * about one a second, so a long reply costs a durable append a second and a short one none.
 */
final class StreamedReply {
    /** How much streamed text a crash may cost at most, in time. */
    static final Duration KEEP_EVERY = Duration.ofSeconds(1);

    private final int turn;
    private final StringBuilder pending = new StringBuilder();
    private Instant lastKept;
    private boolean keptAny;

    StreamedReply(int turn, Instant started) {
        this.turn = turn;
        this.lastKept = started;
    }

    void add(String token) {
        pending.append(token);
    }

    /** Whether enough time went by since the last piece was kept, with something new to keep. */
    boolean due(Instant now) {
        return !pending.isEmpty() && !now.isBefore(lastKept.plus(KEEP_EVERY));
    }

    /** The text not kept yet, as the event that keeps it; empty when there is none. */
    Optional<ReplyChunk> unkept() {
        return pending.isEmpty() ? Optional.empty() : Optional.of(new ReplyChunk(turn, pending.toString()));
    }

    /** The piece returned by {@link #unkept()} is in the log now. */
    void kept(Instant now) {
        pending.setLength(0);
        lastKept = now;
        keptAny = true;
    }

    /** Whether any piece went into the log (the loop's copy of the state is then behind it). */
    boolean keptAny() {
        return keptAny;
    }
}
