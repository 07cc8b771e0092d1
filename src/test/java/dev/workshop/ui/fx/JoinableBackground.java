package dev.workshop.ui.fx;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The app's background (a virtual thread per piece of work) that a test can wait for, within a bound: for the few
 * view-model tests whose point is that the work leaves the FX thread, where {@link Background#direct()} would not.
 */
public final class JoinableBackground implements Background {
    private final List<Thread> started = new CopyOnWriteArrayList<>();

    @Override
    public void run(String name, Runnable work) {
        started.add(Thread.ofVirtual().name(name).start(work));
    }

    /** Waits until every piece of work handed over so far (and any handed over meanwhile) has ended. */
    public void awaitIdle(Duration timeout) throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        for (int each = 0; each < started.size(); each++) {
            Duration left = Duration.between(Instant.now(), deadline);
            if (left.isNegative() || !started.get(each).join(left)) {
                throw new AssertionError("work in the background still running after " + timeout);
            }
        }
    }
}
