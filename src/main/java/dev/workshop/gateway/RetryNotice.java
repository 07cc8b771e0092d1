package dev.workshop.gateway;

import java.time.Duration;
import java.util.Objects;

/**
 * One failed attempt at a reply that will be made again.
 *
 * @param attempt  the attempt about to be made, from 2
 * @param attempts how many attempts there are at most
 * @param reason   what failed the attempt before, in a sentence
 * @param delay    how long the gateway waits before it
 */
public record RetryNotice(int attempt, int attempts, String reason, Duration delay) {
    public RetryNotice {
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(delay, "delay");
        if (attempt < 2 || attempt > attempts) {
            throw new IllegalArgumentException("Retry " + attempt + " of " + attempts + " is not a retry");
        }
    }
}
