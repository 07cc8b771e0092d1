package dev.workshop.store.jdbc.team;

import dev.workshop.store.jdbc.ConversationTables;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.DriverLostException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One driver per conversation on the team server (ADR 0022): a lease row per conversation (owner, expiry by the
 * database's clock, a fencing epoch raised at every taking). This instance takes a lease before its loop runs,
 * renews those it holds about every second, and checks owner and epoch inside every append's transaction: an
 * owner paused past its lease (GC, SIGSTOP, a closed laptop) finds its next append refused and never records a
 * turn after a takeover. PostgreSQL SQL (the desktop store has no leases).
 */
final class DriverLeases {
    /** A conversation's lease as this instance holds it; {@code lost}: another instance took it over. */
    private record Held(long epoch, boolean lost) {
    }

    private static final String TAKE = """
            INSERT INTO conversation_lease (tenant_id, conversation_id, owner, epoch, expires_at)
            VALUES (?, ?, ?, 1, now() + make_interval(secs => ?))
            ON CONFLICT (tenant_id, conversation_id) DO UPDATE
               SET owner = EXCLUDED.owner, epoch = conversation_lease.epoch + 1, expires_at = EXCLUDED.expires_at
             WHERE conversation_lease.expires_at < now() OR conversation_lease.owner = EXCLUDED.owner
            RETURNING epoch""";
    /*
     * Owner decides, not the expiry: a lease that ran out while the server was away, and that nobody took since, is
     * still this instance's (taking it would have changed the owner or raised the epoch), so renewing it and writing
     * are safe. The epochs returned tell a claim taken over and taken back apart from the one this instance holds.
     */
    private static final String RENEW_ALL = """
            UPDATE conversation_lease SET expires_at = now() + make_interval(secs => ?) WHERE owner = ?
            RETURNING tenant_id, conversation_id, epoch""";
    private static final String CHECK = """
            SELECT 1 FROM conversation_lease
             WHERE tenant_id = ? AND conversation_id = ? AND owner = ? AND epoch = ?
               FOR SHARE""";
    private static final String RELEASE = """
            DELETE FROM conversation_lease WHERE tenant_id = ? AND conversation_id = ? AND owner = ? AND epoch = ?""";
    private static final String OWNER = """
            SELECT owner FROM conversation_lease WHERE tenant_id = ? AND conversation_id = ? AND expires_at >= now()""";

    private final String owner;
    private final Duration ttl;
    private final Map<String, Held> held = new ConcurrentHashMap<>();

    DriverLeases(String owner, Duration ttl) {
        this.owner = owner;
        this.ttl = ttl;
    }

    String owner() {
        return owner;
    }

    private static String key(TenantId tenant, ConversationId conversation) {
        return ConversationTables.key(tenant.value(), conversation.value());
    }

    /** Takes the conversation's lease unless another live instance holds it. */
    boolean take(Connection connection, TenantId tenant, ConversationId conversation) throws SQLException {
        try (PreparedStatement take = connection.prepareStatement(TAKE)) {
            take.setString(1, tenant.value());
            take.setString(2, conversation.value());
            take.setString(3, owner);
            take.setDouble(4, ttl.toMillis() / 1000.0);
            try (ResultSet result = take.executeQuery()) {
                if (!result.next()) {
                    return false;
                }
                held.put(key(tenant, conversation), new Held(result.getLong(1), false));
            }
        }
        // Other devices show who drives it now.
        ChangeFeed.announce(connection, owner, tenant, conversation);
        return true;
    }

    /** This instance, as other devices see it driving: host, process and a random part (pids repeat). */
    static String thisInstance() {
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            host = "unknown-host";
        }
        return host + "/" + ProcessHandle.current().pid() + "/" + java.util.UUID.randomUUID().toString().substring(0, 8);
    }

    /**
     * An owner as people read it: the device and its process ({@code host (process 1234)}), without the random part
     * that keeps two processes with one pid apart.
     */
    static String device(String owner) {
        String[] parts = owner.split("/", 3);
        return parts.length < 2 ? owner : parts[0] + " (process " + parts[1] + ")";
    }

    /** The live owner of each of the tenant's conversations that has one. */
    Map<ConversationId, String> liveOwners(Connection connection, TenantId tenant) throws SQLException {
        Map<ConversationId, String> owners = new java.util.HashMap<>();
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT conversation_id, owner FROM conversation_lease WHERE tenant_id = ? AND expires_at >= now()")) {
            select.setString(1, tenant.value());
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    owners.put(new ConversationId(rows.getString(1)), rows.getString(2));
                }
            }
        }
        return owners;
    }

    /**
     * Inside an append's transaction: refuses it when this instance drove the conversation and no longer does.
     * An append to a conversation this instance does not drive (a rename, a follow-up from another device) is
     * checked by the version alone.
     */
    void requireStillDriving(Connection connection, TenantId tenant, ConversationId conversation)
            throws SQLException {
        Held mine = held.get(key(tenant, conversation));
        if (mine == null) {
            return;
        }
        if (!mine.lost()) {
            try (PreparedStatement check = connection.prepareStatement(CHECK)) {
                check.setString(1, tenant.value());
                check.setString(2, conversation.value());
                check.setString(3, owner);
                check.setLong(4, mine.epoch());
                try (ResultSet result = check.executeQuery()) {
                    if (result.next()) {
                        return;
                    }
                }
            }
            held.put(key(tenant, conversation), new Held(mine.epoch(), true));
        }
        // Who has it now, when the server says: a reader wants to know where the conversation went on.
        String byWhom = liveOwner(connection, tenant, conversation).filter(other -> !other.equals(owner))
                .map(other -> "Taken over by " + device(other)).orElse("Taken over by another Workshop");
        throw new DriverLostException(byWhom + " (this Workshop's claim on conversation " + conversation
                + " ran out); nothing more is recorded from here");
    }

    /**
     * Renews every lease this instance holds in one statement (a thousand conversations are one round trip a
     * second, not a thousand); those it no longer holds (another instance took them over) are marked lost.
     */
    void renewAll(Connection connection) throws SQLException {
        // Judged against the claims held before the renewal: one taken while it runs is not in its answer.
        Map<String, Held> before = Map.copyOf(held);
        Map<String, Long> renewed = new java.util.HashMap<>();
        try (PreparedStatement renew = connection.prepareStatement(RENEW_ALL)) {
            renew.setDouble(1, ttl.toMillis() / 1000.0);
            renew.setString(2, owner);
            try (ResultSet rows = renew.executeQuery()) {
                while (rows.next()) {
                    renewed.put(ConversationTables.key(rows.getString(1), rows.getString(2)), rows.getLong(3));
                }
            }
        }
        for (Map.Entry<String, Held> entry : before.entrySet()) {
            Held mine = entry.getValue();
            Long epoch = renewed.get(entry.getKey());
            if (!mine.lost() && (epoch == null || epoch != mine.epoch())) {
                // A claim taken again since this round read it has a new epoch of its own: only the old one is lost.
                held.computeIfPresent(entry.getKey(), (key, now) -> now.epoch() == mine.epoch()
                        ? new Held(now.epoch(), true) : now);
            }
        }
    }

    void release(Connection connection, TenantId tenant, ConversationId conversation) throws SQLException {
        Held mine = held.remove(key(tenant, conversation));
        if (mine == null || mine.lost()) {
            return;
        }
        try (PreparedStatement release = connection.prepareStatement(RELEASE)) {
            release.setString(1, tenant.value());
            release.setString(2, conversation.value());
            release.setString(3, owner);
            release.setLong(4, mine.epoch());
            release.executeUpdate();
        }
        ChangeFeed.announce(connection, owner, tenant, conversation);
    }

    boolean holdsAny() {
        return !held.isEmpty();
    }

    /** The tenant's conversations whose lease ran out without being let go: their driver died. */
    java.util.Set<ConversationId> expired(Connection connection, TenantId tenant) throws SQLException {
        java.util.Set<ConversationId> gone = new java.util.HashSet<>();
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT conversation_id FROM conversation_lease WHERE tenant_id = ? AND expires_at < now()")) {
            select.setString(1, tenant.value());
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    gone.add(new ConversationId(rows.getString(1)));
                }
            }
        }
        return gone;
    }

    Optional<String> liveOwner(Connection connection, TenantId tenant, ConversationId conversation)
            throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(OWNER)) {
            select.setString(1, tenant.value());
            select.setString(2, conversation.value());
            try (ResultSet result = select.executeQuery()) {
                return result.next() ? Optional.of(result.getString(1)) : Optional.empty();
            }
        }
    }
}
