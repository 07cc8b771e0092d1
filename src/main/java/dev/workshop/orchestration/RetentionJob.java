package dev.workshop.orchestration;

import dev.workshop.domain.retention.RetentionPlan;
import dev.workshop.domain.retention.RetentionPolicy;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The retention policy applied by the app once a day, on a virtual thread of its own: soon after the data opens,
 * then every {@code every}. On a team server every instance may run it: marking is one compare-and-set, so a
 * conversation is marked once whoever comes first. Closing stops it.
 */
public final class RetentionJob implements AutoCloseable {
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Thread thread;

    /**
     * @param policy what the settings say now, read at each run
     * @param told   a sentence for each run that marked something, or could not run
     */
    public RetentionJob(Retention retention, Supplier<RetentionPolicy> policy, Clock clock, Duration every,
                        Consumer<String> told) {
        thread = Thread.ofVirtual().name("retention").start(() -> {
            try {
                do {
                    try {
                        List<RetentionPlan.Due> done = retention.run(policy.get(), clock.instant());
                        long marked = done.stream().filter(due -> due.kind() == RetentionPlan.Kind.ABANDON).count();
                        if (marked > 0) {
                            told.accept(marked + " idle conversation" + (marked == 1 ? " was" : "s were")
                                    + " marked abandoned by the retention policy");
                        }
                        if (done.size() > marked) {
                            told.accept((done.size() - marked) + " conversation" + (done.size() - marked == 1 ? " was"
                                    : "s were") + " purged by the retention policy; their copies go at the next start");
                        }
                    } catch (RuntimeException failed) {
                        told.accept("The retention policy could not be applied: " + failed.getMessage());
                    }
                } while (!closed.await(every.toMillis(), TimeUnit.MILLISECONDS));
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            }
        });
    }

    @Override
    public void close() {
        closed.countDown();
        try {
            thread.join(Duration.ofSeconds(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
