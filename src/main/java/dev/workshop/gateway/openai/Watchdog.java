package dev.workshop.gateway.openai;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Watches one streamed reply for the three ways a server can keep a turn waiting: no first word, a reply that
 * falls silent halfway (headers and a chunk, then nothing), and a reply that never ends. Closing the stream is
 * the only way to end a blocking read, so that is what it does, and it says which of the three it was.
 */
final class Watchdog {
    private static final long CHECK_EVERY_MILLIS = 50;

    private final String host;
    private final HttpPolicy timing;
    private final long startedNanos;
    private volatile long lastHeardNanos;
    private volatile boolean firstWord;
    private final AtomicReference<String> lateness = new AtomicReference<>();

    /** @param startedNanos when the request was sent ({@link System#nanoTime()}) */
    Watchdog(String host, HttpPolicy timing, long startedNanos) {
        this.host = host;
        this.timing = timing;
        this.startedNanos = startedNanos;
        this.lastHeardNanos = startedNanos;
    }

    /** Something came in (a line, perhaps only a keep-alive comment). */
    void heard() {
        lastHeardNanos = System.nanoTime();
    }

    /** The reply's first word came in: from now on silence is measured against the idle timeout. */
    void firstWord() {
        firstWord = true;
    }

    /** Why the stream was closed on the reader, if the watchdog closed it. */
    Optional<String> lateness() {
        return Optional.ofNullable(lateness.get());
    }

    /** Runs until interrupted (the reply ended) or until it closes {@code stream}. */
    void watch(InputStream stream) {
        try {
            while (true) {
                Thread.sleep(CHECK_EVERY_MILLIS);
                Optional<String> late = late(System.nanoTime());
                if (late.isPresent()) {
                    lateness.set(late.get());
                    stream.close();
                    return;
                }
            }
        } catch (InterruptedException | IOException done) {
            // The reply finished, or the stream is already closed.
        }
    }

    Optional<String> late(long nowNanos) {
        if (nowNanos - startedNanos > timing.totalTimeout().toNanos()) {
            return Optional.of(host + " was still writing the reply after "
                    + OpenAiCompatibleGateway.seconds(timing.totalTimeout()) + " (timed out)");
        }
        if (!firstWord && nowNanos - startedNanos > timing.firstTokenTimeout().toNanos()) {
            return Optional.of(host + " sent no word of the reply within "
                    + OpenAiCompatibleGateway.seconds(timing.firstTokenTimeout()) + " (timed out)");
        }
        if (firstWord && nowNanos - lastHeardNanos > timing.idleTimeout().toNanos()) {
            return Optional.of(host + " stopped sending mid-reply for "
                    + OpenAiCompatibleGateway.seconds(timing.idleTimeout()) + " (timed out)");
        }
        return Optional.empty();
    }
}
