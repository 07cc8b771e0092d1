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
    /** The lease the team's instances share the job by: one runs it at a time. */
    public static final dev.workshop.domain.conversation.ConversationId CLAIM =
            new dev.workshop.domain.conversation.ConversationId("retention-job");
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Thread thread;

    /**
     * @param policy what the settings say now, read at each run
     * @param told   a sentence for each run that marked something, or could not run
     */
    public RetentionJob(Retention retention, Supplier<RetentionPolicy> policy, Clock clock, Duration every,
                        Consumer<String> told) {
        this(retention, policy, clock, every, told, () -> true);
    }

    /**
     * @param ours whether this instance runs it now: on a team server, whether it holds the job's claim ({@link
     *             #CLAIM}, a lease like a conversation's: taken by one instance, renewed while it lives, taken over
     *             when it dies), so the team's instances run it once between them
     */
    public RetentionJob(Retention retention, Supplier<RetentionPolicy> policy, Clock clock, Duration every,
                        Consumer<String> told, java.util.function.BooleanSupplier ours) {
        thread = Thread.ofVirtual().name("retention").start(() -> {
            try {
                do {
                    try {
                        if (!ours.getAsBoolean()) {
                            continue;
                        }
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
