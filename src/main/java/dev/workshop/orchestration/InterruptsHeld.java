package dev.workshop.orchestration;

import java.util.function.Supplier;

/**
 * Store work a loop does on its way out of a stop: the stop's interrupt would fail it (the team server's pool gives
 * up waiting for a connection when interrupted), and another stop may come while it runs (another instance's change
 * heard at that moment). So it runs with the interrupt cleared, again when a new one failed it (at most three
 * times), and the interrupt is set again afterwards for what follows.
 */
final class InterruptsHeld {
    private static final int ATTEMPTS = 3;

    private InterruptsHeld() {
    }

    /** The work's result; its failure when it failed for another reason, or on its last attempt. */
    static <T> T run(Supplier<T> work) {
        boolean interrupted = Thread.interrupted();
        try {
            for (int attempt = 1; ; attempt++) {
                try {
                    return work.get();
                } catch (RuntimeException failed) {
                    boolean stoppedMeanwhile = Thread.interrupted();
                    interrupted |= stoppedMeanwhile;
                    if (!stoppedMeanwhile || attempt == ATTEMPTS) {
                        throw failed;
                    }
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
