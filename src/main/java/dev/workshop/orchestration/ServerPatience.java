package dev.workshop.orchestration;

import dev.workshop.store.StoreUnavailableException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * How one loop waits for a team server that went away (it restarts, the network dropped): it says so once, keeps
 * what is to be written, tries again every second, and says once that the server is back when a write goes
 * through. It gives up after {@link #patience()} (the turn is asked again on resume), or at once when the loop is
 * stopped. Between "away" and "back" nothing more is said, however many writes wait: one line each way.
 */
final class ServerPatience {
    /** {@code -Dworkshop.serverPatienceSeconds=N}: a test's way to see the give-up without waiting two minutes. */
    static final String PROPERTY = "workshop.serverPatienceSeconds";
    static final Duration DEFAULT = Duration.ofMinutes(2);

    private final Consumer<StoreUnavailableException> away;
    private final Runnable back;
    private final BooleanSupplier stopping;
    private volatile boolean awaySaid;

    /**
     * @param away     told once when the server is found away, with its last words
     * @param back     told once when a write goes through after that
     * @param stopping whether the loop was asked to stop (then no waiting)
     */
    ServerPatience(Consumer<StoreUnavailableException> away, Runnable back, BooleanSupplier stopping) {
        this.away = away;
        this.back = back;
        this.stopping = stopping;
    }

    /** How long a loop waits for the server before it gives up. */
    static Duration patience() {
        long seconds = Long.getLong(PROPERTY, DEFAULT.toSeconds());
        return seconds > 0 ? Duration.ofSeconds(seconds) : DEFAULT;
    }

    /** The server was found away by a write that is not waited for (a piece of a reply kept later with its message). */
    void foundAway(StoreUnavailableException e) {
        if (!awaySaid) {
            awaySaid = true;
            away.accept(e);
        }
    }

    /**
     * Runs {@code attempt}; while the server is away, every second looks whether the last attempt landed after all
     * ({@code landed}: its commit's answer was lost with the connection) or tries again. Throws the server's last
     * words when patience ran out or the loop is stopped.
     */
    <T> T patiently(Supplier<T> attempt, Supplier<Optional<T>> landed) {
        long deadline = System.nanoTime() + patience().toNanos();
        for (int attempts = 1; ; attempts++) {
            try {
                T done = attempt.get();
                reached();
                return done;
            } catch (StoreUnavailableException e) {
                if (stopping.getAsBoolean() && attempts == 1) {
                    // Stopping interrupts the loop's thread, and an interrupt closes a connection in use under the
                    // pool: the loss may be the stop's own doing, so the stop's own write gets one more try at once.
                    Thread.interrupted();
                    continue;
                }
                foundAway(e);
                if (System.nanoTime() > deadline || stopping.getAsBoolean()) {
                    throw e;
                }
                Optional<T> there = landedAfterAPause(landed, e);
                if (there.isPresent()) {
                    reached();
                    return there.get();
                }
            }
        }
    }

    private static <T> Optional<T> landedAfterAPause(Supplier<Optional<T>> landed, StoreUnavailableException e) {
        try {
            Thread.sleep(1000);
            return landed.get();
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
            throw e;
        } catch (StoreUnavailableException stillAway) {
            return Optional.empty();
        }
    }

    private void reached() {
        if (awaySaid) {
            awaySaid = false;
            back.run();
        }
    }
}
