package dev.workshop.store.jdbc.team;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Appends served in the order they came, each wait bounded, on a real server's connections. */
class AppendQueueTest {
    @RegisterExtension
    static final EmbeddedTeamServer SERVER = new EmbeddedTeamServer();

    /** Three connections: one place for appends (one listens, one is kept for renewals and reads). */
    private static final TeamServerPool ONE_PLACE = new TeamServerPool(3, Duration.ofMillis(500));

    @Test
    void appendsGetTheirConnectionInTheOrderTheyAskedForIt() throws Exception {
        try (HikariDataSource pool = ONE_PLACE.open(TeamServerUrl.parse(SERVER.url()), Map.of());
             ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            AppendQueue queue = new AppendQueue(pool, new TeamServerPool(3, Duration.ofSeconds(30)));
            CountDownLatch letGo = new CountDownLatch(1);
            Future<?> first = holdTheOnlyPlace(queue, threads, letGo);
            List<Integer> served = new CopyOnWriteArrayList<>();
            List<Future<?>> later = new ArrayList<>();
            for (int i = 1; i <= 6; i++) {
                int number = i;
                later.add(threads.submit(() -> queue.run(connection -> {
                    // A real statement on the connection each one gets.
                    connection.createStatement().execute("SELECT 1");
                    return served.add(number);
                })));
                await().atMost(Duration.ofSeconds(10)).until(() -> queue.waiting() == number);
            }
            letGo.countDown();
            first.get(30, TimeUnit.SECONDS);
            for (Future<?> each : later) {
                each.get(30, TimeUnit.SECONDS);
            }
            assertThat(served).containsExactly(1, 2, 3, 4, 5, 6);
        }
    }

    @Test
    void anAppendThatFindsNoPlaceWithinTheWaitIsToldTheServerIsBusy() throws Exception {
        try (HikariDataSource pool = ONE_PLACE.open(TeamServerUrl.parse(SERVER.url()), Map.of());
             ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            AppendQueue queue = new AppendQueue(pool, ONE_PLACE);
            CountDownLatch letGo = new CountDownLatch(1);
            Future<?> first = holdTheOnlyPlace(queue, threads, letGo);

            assertThatThrownBy(() -> queue.run(connection -> Boolean.TRUE))
                    .isInstanceOf(SQLTransientConnectionException.class).hasNoCause();
            assertThat(TeamServerProblems.unavailable("at the office", (SQLTransientConnectionException)
                    org.assertj.core.api.Assertions.catchThrowable(() -> queue.run(connection -> Boolean.TRUE))).getMessage())
                    .contains("is busy");
            letGo.countDown();
            first.get(30, TimeUnit.SECONDS);
            // The place was given back: the next one goes through.
            boolean valid = queue.run(connection -> connection.isValid(5));
            assertThat(valid).isTrue();
        }
    }

    /** An append that holds the line's only place until {@code letGo}; returned once it holds it. */
    private static Future<?> holdTheOnlyPlace(AppendQueue queue, ExecutorService threads, CountDownLatch letGo)
            throws InterruptedException {
        CountDownLatch holding = new CountDownLatch(1);
        Future<?> first = threads.submit(() -> queue.run(connection -> {
            holding.countDown();
            return waitFor(letGo);
        }));
        assertThat(holding.await(30, TimeUnit.SECONDS)).isTrue();
        return first;
    }

    private static boolean waitFor(CountDownLatch latch) {
        try {
            return latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
