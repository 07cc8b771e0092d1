package dev.workshop.store.jdbc.team;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import dev.workshop.store.StoreException;
import java.time.Duration;
import java.util.Map;

/**
 * The connections one Workshop instance keeps to its team server, and how long a statement waits for one. Every
 * wait on the network is bounded, so that a half-dead server fails a statement instead of holding a loop, a
 * command or the app's opening for ever.
 *
 * @param connections    how many at most: appends and reads share them, one is held by the change feed's LISTEN
 * @param connectionWait how long a statement waits for a free one (under load, the pool's queue; while the server
 *                       is away, the connect attempts): then the caller hears it is unavailable and may try again
 */
record TeamServerPool(int connections, Duration connectionWait) {
    /**
     * Ten for appends and reads (an instance may drive hundreds of conversations; each append holds one for a
     * commit), one for the change feed; well under PostgreSQL's default of 100 for a team.
     */
    static final TeamServerPool DEFAULT = new TeamServerPool(11, Duration.ofSeconds(10));

    TeamServerPool {
        if (connections < 2) {
            throw new IllegalArgumentException("A team server pool needs two connections at least (one listens)");
        }
    }

    /** Opens the pool on {@code url}, with the environment's login; one sentence on what failed otherwise. */
    HikariDataSource open(TeamServerUrl url, Map<String, String> environment) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url.jdbcUrl());
        url.login(environment).forEach((key, value) -> config.addDataSourceProperty((String) key, value));
        config.setPoolName("workshop-team-server");
        config.addDataSourceProperty("connectTimeout", "5");
        config.addDataSourceProperty("loginTimeout", "10");
        config.addDataSourceProperty("socketTimeout", "30");
        config.setMaximumPoolSize(connections);
        config.setMinimumIdle(1);
        config.setConnectionTimeout(connectionWait.toMillis());
        // Fail at once with the server's own words rather than after the pool's retries.
        config.setInitializationFailTimeout(1);
        // Acknowledged means on the server's disk: never let a session setting weaken it. And an instance frozen
        // inside a transaction (SIGSTOP, a closed laptop) holds its row locks for as long as its connection lives:
        // the server ends such a session once it has sat in its transaction as long as a claim lasts, so that the
        // instance taking over is not blocked behind a lock nobody will let go (nothing uncommitted was acknowledged).
        config.setConnectionInitSql("SET synchronous_commit = on; SET idle_in_transaction_session_timeout = "
                + PostgresConversationStore.LEASE.toMillis());
        config.setAutoCommit(true);
        try {
            return new HikariDataSource(config);
        } catch (HikariPool.PoolInitializationException e) {
            throw new StoreException(TeamServerProblems.describe(url, e.getCause() == null ? e : e.getCause()), e);
        }
    }
}
