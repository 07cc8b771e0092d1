package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationEvent.ReplyChunk;
import java.time.Duration;
import java.util.Optional;

/**
 * The reply a turn is streaming, gathered between the pieces the loop keeps in the log ({@link ReplyChunk}):
 * about one a second, so a long reply costs a durable append a second and a short one none.
 *
 * <p>Every turn has one, and the loop benchmark runs eighteen thousand turns a second in a small heap: a reply
 * that comes as one token (most short ones) is kept as that string, with no copy, and the time is taken as
 * monotonic nanoseconds ({@link System#nanoTime()} in the app) rather than as an {@code Instant} per token.
 */
final class StreamedReply {
    /** How much streamed text a crash may cost at most, in time. */
    static final Duration KEEP_EVERY = Duration.ofSeconds(1);
    private static final long KEEP_EVERY_NANOS = KEEP_EVERY.toNanos();

    private final int turn;
    /** The text not kept yet: its first token as is, then a builder once a second one comes. */
    private String first;
    private StringBuilder rest;
    private long lastKept;
    private boolean keptAny;
    private final java.util.function.LongSupplier ticks;

    /** @param ticks a monotonic time in nanoseconds ({@code System::nanoTime}, or a test's) */
    StreamedReply(int turn, java.util.function.LongSupplier ticks) {
        this.turn = turn;
        this.ticks = ticks;
        this.lastKept = ticks.getAsLong();
    }

    void add(String token) {
        if (first == null) {
            first = token;
        } else {
            if (rest == null) {
                rest = new StringBuilder(first.length() + token.length() + 64).append(first);
            }
            rest.append(token);
        }
    }

    /** Whether enough time went by since the last piece was kept, with something new to keep. */
    boolean due() {
        return first != null && ticks.getAsLong() - lastKept >= KEEP_EVERY_NANOS;
    }

    /** The text not kept yet, as the event that keeps it; empty when there is none. */
    Optional<ReplyChunk> unkept() {
        if (first == null) {
            return Optional.empty();
        }
        return Optional.of(new ReplyChunk(turn, rest == null ? first : rest.toString()));
    }

    /** The piece returned by {@link #unkept()} is in the log now. */
    void kept() {
        first = null;
        rest = null;
        lastKept = ticks.getAsLong();
        keptAny = true;
    }

    /**
     * The attempt that streamed what is not kept yet failed and is made again: that text is no part of the reply.
     * (Pieces already kept stay in the log; they show as the cut-off reply only if no message follows.)
     */
    void discardUnkept() {
        first = null;
        rest = null;
    }

    /** Whether any piece went into the log (the loop's copy of the state is then behind it). */
    boolean keptAny() {
        return keptAny;
    }
}
