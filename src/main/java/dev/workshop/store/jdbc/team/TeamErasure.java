package dev.workshop.store.jdbc.team;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ErasedChanges;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.ConversationErasedException;
import dev.workshop.store.EventCodec;
import dev.workshop.store.ScrubbedPlace;
import dev.workshop.store.StoreException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.sql.DataSource;

/**
 * Erasing on the team server (docs/decisions/0031). Each conversation goes in one transaction that first takes its
 * lease as the eraser — raising the fencing epoch, so a driver mid-turn (or one paused and waking up) has its next
 * append refused — then writes its tombstone (a keyed hash of the id, under the team's own key, shared by its
 * instances), deletes its events, its row and its lease, and replaces the changes it made to shared elements by what
 * stands in for them. Then {@code VACUUM FULL} rewrites the touched tables, so the deleted rows leave the table files
 * too. A new conversation's first append is checked against the tombstones ({@link #refuseErased}).
 */
final class TeamErasure implements ScrubbedPlace {
    private static final String TAKE = """
            INSERT INTO conversation_lease (tenant_id, conversation_id, owner, epoch, expires_at)
            VALUES (?, ?, ?, 1, now() + interval '1 hour')
            ON CONFLICT (tenant_id, conversation_id) DO UPDATE
               SET owner = EXCLUDED.owner, epoch = conversation_lease.epoch + 1, expires_at = EXCLUDED.expires_at""";
    private static final String KEY = "tenant_id = ? AND conversation_id = ?";

    private final DataSource pool;
    private final TenantId tenant;
    private final String owner;
    private final String where;
    private final EventCodec codec = new EventCodec();

    TeamErasure(DataSource pool, TenantId tenant, String owner, String where) {
        this.pool = pool;
        this.tenant = tenant;
        this.owner = owner;
        this.where = where;
    }

    @Override
    public Map<String, Long> scrub(Predicate<String> erased) {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("team_server_events", 0L);
        counts.put("team_server_element_changes", 0L);
        try (Connection connection = pool.getConnection()) {
            List<String> doomed = new ArrayList<>();
            for (String id : conversations(connection)) {
                if (erased.test(id)) {
                    doomed.add(id);
                }
            }
            if (doomed.isEmpty()) {
                return counts;
            }
            byte[] key = teamKey(connection);
            for (String id : doomed) {
                connection.setAutoCommit(false);
                try {
                    eraseOne(connection, key, id, erased, counts);
                    connection.commit();
                } catch (SQLException | RuntimeException e) {
                    connection.rollback();
                    throw e;
                } finally {
                    connection.setAutoCommit(true);
                }
            }
            try (Statement vacuum = connection.createStatement()) {
                // Outside a transaction, as VACUUM must be: the tables are rewritten without the deleted rows.
                vacuum.execute("VACUUM FULL conversation_event, conversation, conversation_lease");
            }
            return counts;
        } catch (SQLException e) {
            throw new StoreException("Cannot erase on the team server " + where + " (" + TeamServerProblems.reason(e)
                    + "); the erase is finished at the next start", e);
        }
    }

    @Override
    public List<String> notReached() {
        return List.of("the team server's write-ahead log until its checkpoints recycle it, and any WAL archive,"
                + " replica or base backup of it until they age out");
    }

    private void eraseOne(Connection connection, byte[] key, String id, Predicate<String> erased,
                          Map<String, Long> counts) throws SQLException {
        update(connection, TAKE, id, "erasing:" + owner);
        try (PreparedStatement tombstone = connection.prepareStatement("""
                INSERT INTO erased_conversation (tenant_id, subject, erased_at) VALUES (?, ?, now())
                ON CONFLICT (tenant_id, subject) DO NOTHING""")) {
            tombstone.setString(1, tenant.value());
            tombstone.setString(2, subject(key, id));
            tombstone.executeUpdate();
        }
        counts.merge("team_server_events", (long) update(connection, "DELETE FROM conversation_event WHERE " + KEY, id),
                Long::sum);
        update(connection, "DELETE FROM conversation WHERE " + KEY, id);
        update(connection, "DELETE FROM conversation_lease WHERE " + KEY, id);
        counts.merge("team_server_element_changes", (long) refoldElements(connection, id, erased), Long::sum);
        ChangeFeed.announce(connection, owner, tenant, new ConversationId(id));
    }

    /** The changes {@code id} made to shared elements, each replaced in place by what stands in for it. */
    private int refoldElements(Connection connection, String id, Predicate<String> erased) throws SQLException {
        record Found(String element, long seq, ConversationEvent standIn) {
        }
        List<Found> found = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement("""
                SELECT conversation_id, seq, payload FROM conversation_event
                 WHERE tenant_id = ? AND event_type = 'element_changed' AND payload LIKE ?""")) {
            select.setString(1, tenant.value());
            select.setString(2, "%" + id + "%");
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    String element = rows.getString(1);
                    long seq = rows.getLong(2);
                    ErasedChanges.standInFor(codec.event("element_changed", rows.getString(3)), erased)
                            .ifPresent(standIn -> found.add(new Found(element, seq, standIn)));
                }
            }
        }
        try (PreparedStatement replace = connection.prepareStatement(
                "UPDATE conversation_event SET payload = ? WHERE " + KEY + " AND seq = ?")) {
            for (Found each : found) {
                replace.setString(1, codec.body(each.standIn()));
                replace.setString(2, tenant.value());
                replace.setString(3, each.element());
                replace.setLong(4, each.seq());
                replace.executeUpdate();
            }
        }
        return found.size();
    }

    private List<String> conversations(Connection connection) throws SQLException {
        List<String> ids = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT conversation_id FROM conversation WHERE tenant_id = ?")) {
            select.setString(1, tenant.value());
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    ids.add(rows.getString(1));
                }
            }
        }
        return ids;
    }

    private int update(Connection connection, String sql, String id, String... more) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, tenant.value());
            statement.setString(2, id);
            for (int i = 0; i < more.length; i++) {
                statement.setString(3 + i, more[i]);
            }
            return statement.executeUpdate();
        }
    }

    /** The team's key for its tombstones' hashes, made by the first erase of the team. */
    private static byte[] teamKey(Connection connection, TenantId tenant) throws SQLException {
        byte[] fresh = new byte[32];
        new SecureRandom().nextBytes(fresh);
        try (PreparedStatement insert = connection.prepareStatement("""
                INSERT INTO team_erasure_key (tenant_id, erasure_key) VALUES (?, ?)
                ON CONFLICT (tenant_id) DO NOTHING""")) {
            insert.setString(1, tenant.value());
            insert.setString(2, HexFormat.of().formatHex(fresh));
            insert.executeUpdate();
        }
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT erasure_key FROM team_erasure_key WHERE tenant_id = ?")) {
            select.setString(1, tenant.value());
            try (ResultSet row = select.executeQuery()) {
                row.next();
                return HexFormat.of().parseHex(row.getString(1));
            }
        }
    }

    private byte[] teamKey(Connection connection) throws SQLException {
        return teamKey(connection, tenant);
    }

    private static String subject(byte[] key, String id) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(id.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    /**
     * Inside a first append's transaction (no row for the conversation yet): a new conversation, or one erased —
     * then refused, whatever brings it (an import, a re-inflation, a driver that lost its lease to the erase).
     */
    static ConversationState refuseErased(Connection connection, TenantId tenant, ConversationId conversation) {
        try (PreparedStatement select = connection.prepareStatement("""
                SELECT e.erased_at FROM erased_conversation e JOIN team_erasure_key k ON k.tenant_id = e.tenant_id
                 WHERE e.tenant_id = ? AND e.subject = ?""")) {
            byte[] key = existingKey(connection, tenant);
            if (key == null) {
                return ConversationState.notStarted(conversation);
            }
            select.setString(1, tenant.value());
            select.setString(2, subject(key, conversation.value()));
            try (ResultSet row = select.executeQuery()) {
                if (row.next()) {
                    throw new ConversationErasedException(row.getTimestamp(1).toInstant());
                }
            }
            return ConversationState.notStarted(conversation);
        } catch (SQLException e) {
            throw new StoreException("Cannot check the team server's erased conversations: " + e.getMessage(), e);
        }
    }

    private static byte[] existingKey(Connection connection, TenantId tenant) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT erasure_key FROM team_erasure_key WHERE tenant_id = ?")) {
            select.setString(1, tenant.value());
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? HexFormat.of().parseHex(row.getString(1)) : null;
            }
        }
    }
}
