package dev.workshop.gateway.openai;

import java.time.Duration;

/**
 * Timeouts and retries of the HTTP gateway. Retries (connection errors, 429, 5xx, a stream cut halfway or fallen
 * silent, a malformed chunk, an empty reply) back off exponentially with jitter, and wait at least as long as
 * {@code Retry-After} says.
 *
 * @param firstTokenTimeout from the request to the first word (a server loading its model is slow here)
 * @param idleTimeout       the longest silence between two pieces of a reply once it has begun
 */
public record HttpPolicy(Duration connectTimeout, Duration firstTokenTimeout, Duration idleTimeout,
                         Duration totalTimeout, int maxRetries, Duration baseDelay, Duration maxDelay) {
    public static final HttpPolicy DEFAULTS = new HttpPolicy(Duration.ofSeconds(10), Duration.ofSeconds(60),
            Duration.ofSeconds(30), Duration.ofMinutes(10), 3, Duration.ofMillis(500), Duration.ofSeconds(20));

    /** A policy whose idle timeout is the first-token timeout (as before there was one of its own). */
    public HttpPolicy(Duration connectTimeout, Duration firstTokenTimeout, Duration totalTimeout, int maxRetries,
                      Duration baseDelay, Duration maxDelay) {
        this(connectTimeout, firstTokenTimeout, firstTokenTimeout, totalTimeout, maxRetries, baseDelay, maxDelay);
    }

    /** This policy with an agent's own timeouts where it sets them. */
    HttpPolicy forEndpoint(dev.workshop.domain.agent.ModelEndpoint endpoint) {
        Duration first = endpoint.firstTokenTimeoutSeconds() == null ? firstTokenTimeout
                : Duration.ofSeconds(endpoint.firstTokenTimeoutSeconds());
        Duration idle = endpoint.idleTimeoutSeconds() == null ? idleTimeout
                : Duration.ofSeconds(endpoint.idleTimeoutSeconds());
        return new HttpPolicy(connectTimeout, first, idle, totalTimeout, maxRetries, baseDelay, maxDelay);
    }

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
