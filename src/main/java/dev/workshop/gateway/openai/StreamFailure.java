package dev.workshop.gateway.openai;

import java.time.Duration;

/** One failed attempt that is worth trying again, with how long the server asked us to wait. */
final class StreamFailure extends Exception {
    private final Duration retryAfter;
    private final boolean emptyReply;

    StreamFailure(String message, Duration retryAfter, Throwable cause) {
        this(message, retryAfter, cause, false);
    }

    private StreamFailure(String message, Duration retryAfter, Throwable cause, boolean emptyReply) {
        super(message, cause);
        this.retryAfter = retryAfter;
        this.emptyReply = emptyReply;
    }

    /**
     * A whole stream that said nothing: worth another attempt (sampling differs), but when every attempt says
     * nothing the model will not, and waiting for the server to come back would not help.
     */
    static StreamFailure emptyReply(String host) {
        return new StreamFailure(host + " answered with an empty reply", Duration.ZERO, null, true);
    }

    boolean emptyReply() {
        return emptyReply;
    }

    StreamFailure(String message) {
        this(message, Duration.ZERO, null);
    }

    Duration retryAfter() {
        return retryAfter;
    }
}
