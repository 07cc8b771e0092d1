package dev.workshop.store.jdbc.team;

import dev.workshop.store.jdbc.Appending;
import dev.workshop.store.jdbc.ConversationTables;
import dev.workshop.store.jdbc.SchemaVersion;
import com.zaxxer.hikari.HikariDataSource;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.DeletedConversation;
import dev.workshop.domain.conversation.MessageMatch;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.ConcurrentAppendException;
import dev.workshop.store.Appended;
import dev.workshop.store.ConversationStore;
import dev.workshop.store.Durability;
import dev.workshop.store.EventCodec;
import dev.workshop.store.StoreException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.flywaydb.core.Flyway;

/**
 * The team server's conversation log (seed 002, ADR 0022): PostgreSQL is the truth. An append is one transaction
 * (the conversation's row locked, its version checked, the events inserted under the {@code (tenant, conversation,
 * seq)} key and the unique turn index, the row updated), acknowledged once committed with {@code synchronous_commit}
 * on: no local journal in front of it. The desktop's Flyway migrations and SQL ({@link ConversationTables}).
 */
public final class PostgresConversationStore implements ConversationStore {
    private final HikariDataSource pool;
    private final AppendQueue appends;
    private final AppendTransaction transaction;
    private final ConversationTables tables;
    private final Clock clock;
    private final String where;
    private final DriverLeases leases;
    private final Thread renewer;
    private final ChangeFeed feed;
    /** The schema this instance runs on, as the registry shows it to newer Workshops. */
    private final int schema;
    private volatile boolean closed;

    /** How long a driver's claim lasts unless renewed (about every second): a dead owner is replaced within it. */
    static final java.time.Duration LEASE = java.time.Duration.ofSeconds(5);

    private PostgresConversationStore(HikariDataSource pool, TeamServerPool size, Clock clock, String where,
                                     int schema) {
        this.schema = schema;
        this.tables = new ConversationTables(new EventCodec(), schema);
        this.pool = pool;
        this.appends = new AppendQueue(pool, size);
        this.clock = clock;
        this.where = where;
        this.leases = new DriverLeases(DriverLeases.thisInstance(), LEASE);
        this.feed = new ChangeFeed(leases.owner(), this::connection);
        this.transaction = new AppendTransaction(tables, leases, feed, clock, schema);
        this.renewer = Thread.ofVirtual().name("team-server-leases").start(this::renewLeases);
    }

    /** Erasing {@code team}'s conversations here, as a place an erase scrubs (docs/decisions/0031). */
    public dev.workshop.store.ScrubbedPlace erasure(TenantId team) {
        return new TeamErasure(pool, team, leases.owner(), where, auditTrail(team));
    }
    /** {@code team}'s audit trail here: one for the team, every instance adding to it (docs/decisions/0030). */
    public dev.workshop.store.AuditTrail auditTrail(TenantId team) {
        return new TeamAuditTrail(pool, team, where);
    }

    /** Tells the registry this instance runs, on its schema (from version 6 on, where the registry is). */
    private void beSeen() {
        if (schema < 6) {
            return;
        }
        try (Connection connection = pool.getConnection()) {
            InstanceRegistry.seen(connection, leases.owner(), schema);
        } catch (SQLException e) {
            System.getLogger(PostgresConversationStore.class.getName()).log(System.Logger.Level.WARNING,
                    "Could not tell the team server this Workshop runs: " + TeamServerProblems.reason(e));
        }
    }

    private void renewLeases() {
        long rounds = 0;
        while (!closed) {
            try {
                java.util.concurrent.locks.LockSupport.parkNanos(java.time.Duration.ofSeconds(1).toNanos());
                if (!closed && leases.holdsAny()) {
                    try (Connection connection = pool.getConnection()) {
                        leases.renewAll(connection);
                    }
                }
                if (!closed && ++rounds % 3 == 0) {
                    beSeen();
                }
            } catch (SQLException | RuntimeException e) {
                // The server is away: the leases run out by its clock, and appends are refused once they have.
                System.getLogger(PostgresConversationStore.class.getName()).log(System.Logger.Level.WARNING,
                        "Could not renew the team server leases: " + TeamServerProblems.reason(e));
            }
        }
    }

    @Override
    public boolean drive(TenantId tenant, ConversationId conversation) {
        try (Connection connection = pool.getConnection()) {
            return leases.take(connection, tenant, conversation);
        } catch (SQLException e) {
            throw new StoreException("The team server " + where + " could not be asked who drives conversation "
                    + conversation + " (" + TeamServerProblems.reason(e) + ")", e);
        }
    }

    @Override
    public void stopDriving(TenantId tenant, ConversationId conversation) {
        try (Connection connection = pool.getConnection()) {
            leases.release(connection, tenant, conversation);
        } catch (SQLException e) {
            // Not released: it runs out by itself within the lease.
            System.getLogger(PostgresConversationStore.class.getName()).log(System.Logger.Level.WARNING,
                    "Could not release conversation " + conversation + ": " + TeamServerProblems.reason(e));
        }
    }

    @Override
    public java.util.Set<ConversationId> driversGone(TenantId tenant) {
        return read(connection -> leases.expired(connection, tenant));
    }

    @Override
    public Optional<String> drivenElsewhere(TenantId tenant, ConversationId conversation) {
        return read(connection -> leases.liveOwner(connection, tenant, conversation))
                .filter(owner -> !owner.equals(leases.owner())).map(DriverLeases::device);
    }

    @Override
    public java.util.Map<ConversationId, String> drivers(TenantId tenant) {
        return read(connection -> leases.liveOwners(connection, tenant)).entrySet().stream()
                .filter(driver -> !driver.getValue().equals(leases.owner())).collect(java.util.stream.Collectors
                        .toMap(java.util.Map.Entry::getKey, driver -> DriverLeases.device(driver.getValue())));
    }

    @Override
    public void watchElsewhere(TenantId tenant, java.util.function.Consumer<ConversationId> changed) {
        feed.watch(tenant, changed);
    }

    /** The agents of {@code team} here, shared by all its devices; a team with none yet starts with {@code seed}. */
    public dev.workshop.store.AgentCatalog agents(TenantId team, List<dev.workshop.domain.agent.AgentDefinition> seed) {
        return TeamAgentCatalog.open(this::connection, team, seed, clock);
    }

    private Connection connection() {
        try {
            return pool.getConnection();
        } catch (SQLException e) {
            if (TeamServerProblems.isConnectionLost(e)) {
                throw TeamServerProblems.unavailable(where, e);
            }
            throw new StoreException("The team server " + where + " cannot be used (" + TeamServerProblems.reason(e)
                    + ")", e);
        }
    }

    /**
     * Connects to {@code jdbcUrl} ({@code jdbc:postgresql://HOST:PORT/DB}), creates or brings up to date the schema,
     * and refuses one written by a newer Workshop. Credentials come from the URL, else {@code PGUSER} /
     * {@code PGPASSWORD}, else the driver's {@code .pgpass}: Workshop writes a password nowhere.
     *
     * @throws StoreException saying in one sentence what is wrong: unreachable, login refused, no such database,
     *                        a newer schema
     */
    public static PostgresConversationStore open(String jdbcUrl) {
        return open(jdbcUrl, System.getenv(), Clock.systemUTC(), SchemaVersion.LATEST);
    }

    /** As {@link #open(String)}, migrating up to {@code target} only: a Workshop of an older schema beside this one. */
    static PostgresConversationStore open(String jdbcUrl, java.util.Map<String, String> environment, Clock clock, int target) {
        return open(jdbcUrl, environment, clock, target, TeamServerPool.DEFAULT);
    }

    /** As {@link #open(String)}, with connections as {@code poolSize} says: how a test runs short of them. */
    static PostgresConversationStore open(String jdbcUrl, TeamServerPool poolSize) {
        return open(jdbcUrl, System.getenv(), Clock.systemUTC(), SchemaVersion.LATEST, poolSize);
    }

    private static PostgresConversationStore open(String jdbcUrl, java.util.Map<String, String> environment,
                                                  Clock clock, int target, TeamServerPool poolSize) {
        TeamServerUrl url = TeamServerUrl.parse(jdbcUrl);
        HikariDataSource pool = poolSize.open(url, environment);
        try {
            boolean behind;
            try (Connection connection = pool.getConnection()) {
                behind = InstanceRegistry.teamServerBehind(connection, target, url.display());
            }
            // Migrated only when behind: Flyway's validation of a schema already up to date cost every command and
            // every start about half a second (issue #53); the version read above is the one it would have found.
            if (behind) {
                Flyway.configure().dataSource(pool).locations("classpath:db/migration").target(String.valueOf(target))
                        .load().migrate();
            }
            PostgresConversationStore store = new PostgresConversationStore(pool, poolSize, clock, url.display(), target);
            store.beSeen();
            return store;
        } catch (SQLException | RuntimeException e) {
            pool.close();
            if (e instanceof StoreException store) {
                throw store;
            }
            throw new StoreException(TeamServerProblems.describe(url, e), e);
        }
    }

    @Override
    public Appended append(TenantId tenant, ConversationId conversation, long expectedVersion,
                           List<ConversationEvent> events, Durability durability) {
        // Every append waits for its commit: the server is the only copy this process keeps.
        return write(tenant, conversation, expectedVersion, events, null);
    }

    @Override
    public Appended adopt(TenantId tenant, ConversationId conversation, long expectedVersion,
                          List<RecordedEvent> events) {
        Appending.Timed timed = Appending.broughtIn(expectedVersion, events);
        return write(tenant, conversation, expectedVersion, timed.events(), timed.times());
    }

    private Appended write(TenantId tenant, ConversationId conversation, long expectedVersion,
                           List<ConversationEvent> events, List<Instant> times) {
        if (events.isEmpty()) {
            return new Appended(List.of(), state(tenant, conversation).orElse(ConversationState.notStarted(conversation)));
        }
        try {
            return appends.run(connection -> transaction.write(connection, tenant, conversation, expectedVersion, events,
                    times));
        } catch (SQLException e) {
            if ("23505".equals(e.getSQLState())) {
                // Another writer took this seq or this turn first: the version it read is stale.
                throw new ConcurrentAppendException("Conversation " + conversation + " was written by someone else at"
                        + " the same moment; reload and try again");
            }
            if (TeamServerProblems.isConnectionLost(e)) {
                forgetIdleConnections();
                throw TeamServerProblems.unavailable(where, e);
            }
            throw new StoreException("The team server " + where + " did not take the change ("
                    + TeamServerProblems.reason(e) + "); nothing was saved", e);
        }
    }

    @Override
    public List<RecordedEvent> history(TenantId tenant, ConversationId conversation) {
        return read(connection -> tables.history(connection, tenant, conversation));
    }

    @Override
    public List<RecordedEvent> historyAfter(TenantId tenant, ConversationId conversation, long version) {
        return read(connection -> tables.history(connection, tenant, conversation, version));
    }

    @Override
    public Optional<ConversationState> state(TenantId tenant, ConversationId conversation) {
        return read(connection -> tables.conversation(connection, tenant, conversation, false));
    }

    @Override
    public Optional<TenantId> tenantOf(ConversationId conversation) {
        return read(connection -> tables.tenantOf(connection, conversation));
    }

    @Override
    public List<ConversationState> list(TenantId tenant) {
        return read(connection -> tables.conversations(connection, tenant).stream().map(ConversationTables.Row::state)
                .filter(state -> !state.deleted() && !state.isElement())
                .sorted(Comparator.comparing(ConversationState::updatedAt).reversed()).toList());
    }

    @Override
    public List<ConversationState> listElements(TenantId tenant) {
        return read(connection -> ConversationState.elementsOldestFirst(tables.conversations(connection, tenant)
                .stream().map(ConversationTables.Row::state)));
    }

    @Override
    public List<DeletedConversation> listDeleted(TenantId tenant) {
        return read(connection -> {
            List<DeletedConversation> deleted = new ArrayList<>();
            for (ConversationTables.Row row : tables.conversations(connection, tenant)) {
                if (row.state().deleted() && !row.state().isElement()) {
                    deleted.add(new DeletedConversation(row.state(), tables.deletedAt(connection, tenant, row.state())));
                }
            }
            deleted.sort(Comparator.comparing(DeletedConversation::deletedAt).reversed());
            return deleted;
        });
    }

    @Override
    public List<MessageMatch> findMessages(TenantId tenant, String text, int limit) {
        if (text == null || text.isBlank()) {
            return List.of();
        }
        return read(connection -> {
            java.util.Set<ConversationId> listed = new java.util.HashSet<>();
            tables.conversations(connection, tenant).stream().filter(row -> !row.state().deleted())
                    .forEach(row -> listed.add(row.state().id()));
            return tables.findMessages(connection, tenant, text, limit, listed::contains);
        });
    }

    @Override
    public int count(TenantId tenant) {
        return list(tenant).size();
    }

    @Override
    public void close() {
        closed = true;
        // Woken, not interrupted: an interrupt in the middle of a renewal would close its socket under the pool.
        java.util.concurrent.locks.LockSupport.unpark(renewer);
        try {
            renewer.join(java.time.Duration.ofSeconds(2));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        feed.close();
        if (schema >= 6) {
            try (Connection connection = pool.getConnection()) {
                InstanceRegistry.gone(connection, leases.owner());
            } catch (SQLException | RuntimeException e) {
                // It is no longer seen once ALIVE_SECONDS have passed.
            }
        }
        pool.close();
    }

    private interface Query<T> {
        T run(Connection connection) throws SQLException;
    }

    /**
     * Runs a read; when its connection turns out dead (the server restarted, every pooled connection with it), the
     * pool lets go of all its idle connections and the read is tried once more on a new one: reading twice is
     * harmless, and the reader should not see a restart that is already over.
     */
    private <T> T read(Query<T> query) {
        for (int attempt = 1; ; attempt++) {
            try (Connection connection = pool.getConnection()) {
                return query.run(connection);
            } catch (SQLException e) {
                if (TeamServerProblems.isConnectionLost(e)) {
                    forgetIdleConnections();
                    // A connection that broke under the read is worth one more try; the pool's own wait for a
                    // connection that cannot be made is not (it would only wait as long again).
                    if (attempt < 2 && !(e instanceof java.sql.SQLTransientConnectionException)) {
                        continue;
                    }
                    throw TeamServerProblems.unavailable(where, e);
                }
                throw new StoreException("The team server " + where + " could not be read ("
                        + TeamServerProblems.reason(e) + ")", e);
            }
        }
    }

    /** After a lost connection: the others of the pool went with it, most likely; new ones are made as needed. */
    private void forgetIdleConnections() {
        var bean = pool.getHikariPoolMXBean();
        if (bean != null) {
            bean.softEvictConnections();
        }
    }
}
