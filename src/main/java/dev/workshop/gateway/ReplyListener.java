package dev.workshop.gateway;

import java.util.function.Consumer;

/**
 * Hears a reply as it is written: each piece of text ({@link #accept}), and each attempt that failed and is
 * about to be made again ({@link #retrying}), after which the pieces heard so far are not part of the reply.
 */
@FunctionalInterface
public interface ReplyListener extends Consumer<String> {
    /** The attempt failed; the gateway waits {@link RetryNotice#delay()} and asks again from the start. */
    default void retrying(RetryNotice notice) {
    }
}
