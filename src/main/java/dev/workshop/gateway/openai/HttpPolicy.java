package dev.workshop.gateway.openai;

import java.time.Duration;

/**
 * Timeouts and retries of the HTTP gateway. Retries (connection errors, 429, 5xx, a stream cut halfway, a
 * malformed chunk) back off exponentially with jitter, and wait at least as long as {@code Retry-After} says.
 */
public record HttpPolicy(Duration connectTimeout, Duration firstTokenTimeout, Duration totalTimeout, int maxRetries,
                         Duration baseDelay, Duration maxDelay) {
    public static final HttpPolicy DEFAULTS = new HttpPolicy(Duration.ofSeconds(10), Duration.ofSeconds(120),
            Duration.ofMinutes(10), 3, Duration.ofMillis(500), Duration.ofSeconds(20));

    public HttpPolicy {
        if (maxRetries < 0) {
            throw new IllegalArgumentException("Retries cannot be negative");
        }
    }

    /** The wait before retry {@code attempt} (1 for the first retry). */
    Duration backoff(int attempt, Duration retryAfter, java.util.random.RandomGenerator random) {
        long exponential = baseDelay.toMillis() * (1L << Math.min(20, attempt - 1));
        long capped = Math.min(maxDelay.toMillis(), exponential);
        long jittered = capped / 2 + (capped > 1 ? random.nextLong(capped / 2 + 1) : 0);
        return Duration.ofMillis(Math.max(jittered, retryAfter.toMillis()));
    }
}
