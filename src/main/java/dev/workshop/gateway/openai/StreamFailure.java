package dev.workshop.gateway.openai;

import java.time.Duration;

/** One failed attempt that is worth trying again, with how long the server asked us to wait. */
final class StreamFailure extends Exception {
    private final Duration retryAfter;

    StreamFailure(String message, Duration retryAfter, Throwable cause) {
        super(message, cause);
        this.retryAfter = retryAfter;
    }

    StreamFailure(String message) {
        this(message, Duration.ZERO, null);
    }

    Duration retryAfter() {
        return retryAfter;
    }
}
