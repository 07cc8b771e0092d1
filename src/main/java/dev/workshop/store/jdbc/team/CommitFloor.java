package dev.workshop.store.jdbc.team;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * For {@code bench team}: how many one-row transactions a team server commits a second with {@code
 * synchronous_commit} on, from {@code connections} connections at once, measured in the same run as the conversations
 * (this machine's speed drifts): the ceiling an append, itself one such transaction with a few more statements, is
 * compared with. Works in a temporary table of its own session, so it leaves nothing behind.
 */
public final class CommitFloor {
    private CommitFloor() {
    }

    public static long commitsPerSecond(String jdbcUrl, int connections, Duration duration) throws SQLException,
            InterruptedException {
        TeamServerUrl url = TeamServerUrl.parse(jdbcUrl);
        AtomicLong commits = new AtomicLong();
        List<Thread> writers = new ArrayList<>();
        List<SQLException> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
        long until = System.nanoTime() + duration.toNanos();
        for (int i = 0; i < connections; i++) {
            writers.add(Thread.ofVirtual().start(() -> {
                try (Connection connection = DriverManager.getConnection(url.jdbcUrl(), url.login(System.getenv()))) {
                    try (Statement statement = connection.createStatement()) {
                        statement.execute("SET synchronous_commit = on");
                        statement.execute("CREATE TEMPORARY TABLE commit_floor (n BIGINT)");
                    }
                    connection.setAutoCommit(false);
                    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO commit_floor VALUES (?)")) {
                        while (System.nanoTime() < until) {
                            insert.setLong(1, commits.incrementAndGet());
                            insert.executeUpdate();
                            connection.commit();
                        }
                    }
                } catch (SQLException e) {
                    failures.add(e);
                }
            }));
        }
        for (Thread writer : writers) {
            writer.join();
        }
        if (!failures.isEmpty()) {
            throw failures.getFirst();
        }
        return Math.round(commits.get() / (duration.toNanos() / 1e9));
    }
}
