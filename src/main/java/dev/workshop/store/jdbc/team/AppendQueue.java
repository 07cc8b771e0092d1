package dev.workshop.store.jdbc.team;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;

/**
 * The line appends stand in for a connection, first come first served (issue #53). HikariCP hands a connection
 * returned to the pool to whichever thread asks next, the one that just gave it back included, so with a thousand
 * loops and ten connections most appends went through at once and a few waited the pool's whole timeout (p50 10 ms,
 * p99 10 s). A fair semaphore in front of the pool serves them in order: every append waits about as long as the
 * line is, the tail no longer than its middle many times over. It leaves one connection beside the appends, so that
 * lease renewals and reads are never stuck behind a line of writes.
 */
final class AppendQueue {
    private final DataSource pool;
    private final Semaphore places;
    private final Duration wait;

    AppendQueue(DataSource pool, TeamServerPool size) {
        this.pool = pool;
        // One connection listens for changes; one is kept for renewals and reads.
        this.places = new Semaphore(Math.max(1, size.connections() - 2), true);
        this.wait = size.connectionWait();
    }

    /** How many appends stand in line now. */
    int waiting() {
        return places.getQueueLength();
    }

    /** What an append does with its connection. */
    interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    /** Runs {@code work} on a connection once the appends before it have had theirs. */
    <T> T run(Work<T> work) throws SQLException {
        try {
            if (!places.tryAcquire(wait.toNanos(), TimeUnit.NANOSECONDS)) {
                // Said as the pool says it: busy for the whole wait, not gone (TeamServerProblems.unavailable).
                throw new SQLTransientConnectionException("No connection was free for " + wait.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLTransientConnectionException("Interrupted while waiting for a connection", e);
        }
        try (Connection connection = pool.getConnection()) {
            return work.run(connection);
        } finally {
            places.release();
        }
    }
}
