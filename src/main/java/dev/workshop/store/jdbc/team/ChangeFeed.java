package dev.workshop.store.jdbc.team;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * How one team-server instance hears what the others changed (ADR 0022): every append and every taking or letting
 * go of a conversation sends a PostgreSQL {@code NOTIFY} in its transaction, so it is heard once committed; a
 * listening connection wakes the watchers within a moment. A notification is only a wake-up: after a dropped
 * connection (notifications sent meanwhile are gone) the feed compares each conversation's version with the one it
 * last knew and reports those that moved, so nothing changed elsewhere goes unseen.
 */
final class ChangeFeed implements AutoCloseable {
    static final String CHANNEL = "workshop_changes";
    private static final char SEPARATOR = '\t';
    private static final String VERSIONS = "SELECT conversation_id, version FROM conversation WHERE tenant_id = ?";

    private final String self;
    private final Supplier<Connection> connections;
    private final Map<TenantId, List<Consumer<ConversationId>>> watchers = new ConcurrentHashMap<>();
    private final Map<TenantId, Map<ConversationId, Long>> known = new ConcurrentHashMap<>();
    private volatile Thread listener;
    private volatile boolean closed;
    /**
     * Opened once the listener listens and has read the versions it compares with (or could not reach the server):
     * a change made after {@link #watch} returned is then heard. Before, the first catch-up took a change made between
     * the call and the listener's start for one already known, and it was never told.
     */
    private final java.util.concurrent.CountDownLatch listening = new java.util.concurrent.CountDownLatch(1);
    /** How long {@link #watch} waits for the listener to listen: a server that is away does not hold a start up. */
    private static final Duration LISTENING = Duration.ofSeconds(5);

    /**
     * @param self        this instance's name in notifications: its own changes are not reported back to it
     * @param connections a connection to listen on (held while it works, given back once it broke)
     */
    ChangeFeed(String self, Supplier<Connection> connections) {
        this.self = self;
        this.connections = connections;
    }

    /** Sends the notification of a change to {@code conversation}, heard by the others once the transaction commits. */
    static void announce(Connection connection, String owner, TenantId tenant, ConversationId conversation)
            throws SQLException {
        announce(connection, owner, tenant, conversation, -1);
    }

    /** As above, for an append that brought the conversation to {@code version} (-1: a taking, not an append). */
    static void announce(Connection connection, String owner, TenantId tenant, ConversationId conversation,
                         long version) throws SQLException {
        try (PreparedStatement notify = connection.prepareStatement("SELECT pg_notify(?, ?)")) {
            notify.setString(1, CHANNEL);
            notify.setString(2, tenant.value() + SEPARATOR + conversation.value() + SEPARATOR + version + SEPARATOR
                    + owner);
            notify.execute();
        }
    }

    /** {@code changed} hears, on the feed's thread, of each conversation of {@code tenant} another instance changed. */
    synchronized void watch(TenantId tenant, Consumer<ConversationId> changed) {
        watchers.computeIfAbsent(tenant, each -> new CopyOnWriteArrayList<>()).add(changed);
        if (listener == null && !closed) {
            listener = Thread.ofVirtual().name("team-server-changes").start(this::listen);
            try {
                listening.await(LISTENING.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void listen() {
        Duration pause = Duration.ofMillis(200);
        boolean first = true;
        while (!closed) {
            try (Connection connection = connections.get()) {
                if (closed) {
                    return;
                }
                try (Statement statement = connection.createStatement()) {
                    statement.execute("LISTEN " + CHANNEL);
                }
                // Listening first, then catching up: a change between the two is reported twice at worst, never lost.
                catchUp(connection, !first);
                first = false;
                listening.countDown();
                pause = Duration.ofMillis(200);
                PGConnection notifications = connection.unwrap(PGConnection.class);
                while (!closed) {
                    PGNotification[] arrived = notifications.getNotifications(250);
                    if (arrived != null) {
                        for (PGNotification notification : arrived) {
                            heard(notification.getParameter());
                        }
                    }
                }
                // Back to the pool as it came: a connection still listening would gather notifications nobody reads.
                try (Statement statement = connection.createStatement()) {
                    statement.execute("UNLISTEN *");
                }
            } catch (SQLException | RuntimeException e) {
                // Not listening, and not holding up whoever waits for it: the next catch-up reports what it missed.
                listening.countDown();
                if (closed) {
                    return;
                }
                System.getLogger(ChangeFeed.class.getName()).log(System.Logger.Level.WARNING,
                        "Lost the team server's change feed, listening again: " + TeamServerProblems.reason(e));
                java.util.concurrent.locks.LockSupport.parkNanos(pause.toNanos());
                pause = pause.multipliedBy(2).compareTo(Duration.ofSeconds(5)) > 0 ? Duration.ofSeconds(5)
                        : pause.multipliedBy(2);
            }
        }
    }

    /** {@code tenant TAB conversation TAB version TAB owner}: the version the append reached, -1 for a taking. */
    private void heard(String payload) {
        String[] parts = payload.split(String.valueOf(SEPARATOR), 4);
        if (parts.length < 4 || parts[3].equals(self)) {
            return;
        }
        TenantId tenant = new TenantId(parts[0]);
        if (!watchers.containsKey(tenant)) {
            return;
        }
        ConversationId conversation = new ConversationId(parts[1]);
        long version = Long.parseLong(parts[2]);
        if (version >= 0) {
            known.computeIfAbsent(tenant, each -> new ConcurrentHashMap<>()).merge(conversation, version, Math::max);
        }
        tell(tenant, conversation);
    }

    /**
     * Reads each watched tenant's versions; after a reconnection ({@code report}), tells of every conversation whose
     * version is not the one last known.
     */
    private void catchUp(Connection connection, boolean report) throws SQLException {
        for (TenantId tenant : List.copyOf(watchers.keySet())) {
            Map<ConversationId, Long> now = new HashMap<>();
            try (PreparedStatement select = connection.prepareStatement(VERSIONS)) {
                select.setString(1, tenant.value());
                try (ResultSet rows = select.executeQuery()) {
                    while (rows.next()) {
                        now.put(new ConversationId(rows.getString(1)), rows.getLong(2));
                    }
                }
            }
            Map<ConversationId, Long> before = known.put(tenant, new ConcurrentHashMap<>(now));
            if (report && before != null) {
                now.forEach((conversation, version) -> {
                    if (!version.equals(before.get(conversation))) {
                        tell(tenant, conversation);
                    }
                });
            }
        }
    }

    /** This instance's own append: remembered, so that a catch-up does not report it as another's. */
    void wrote(TenantId tenant, ConversationId conversation, long version) {
        Map<ConversationId, Long> versions = known.get(tenant);
        if (versions != null) {
            versions.merge(conversation, version, Math::max);
        }
    }

    private void tell(TenantId tenant, ConversationId conversation) {
        for (Consumer<ConversationId> watcher : watchers.getOrDefault(tenant, List.of())) {
            try {
                watcher.accept(conversation);
            } catch (RuntimeException failed) {
                System.getLogger(ChangeFeed.class.getName()).log(System.Logger.Level.WARNING,
                        "A watcher of the team server's changes failed", failed);
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        Thread running = listener;
        if (running != null) {
            // Not interrupted: an interrupt closes a virtual thread's socket under the pool, which then reports a
            // broken connection. It looks up four times a second and sees that it is closed.
            try {
                // It looks up four times a second: let it give its connection back before the pool closes.
                running.join(Duration.ofSeconds(2));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
