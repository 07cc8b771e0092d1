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
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
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
    private final dev.workshop.store.AuditTrail trail;

    TeamErasure(DataSource pool, TenantId tenant, String owner, String where, dev.workshop.store.AuditTrail trail) {
        this.pool = pool;
        this.tenant = tenant;
        this.owner = owner;
        this.where = where;
        this.trail = trail;
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
            TeamKey key = TeamKey.of(connection, tenant);
            for (String id : doomed) {
                Map<String, Long> one = new LinkedHashMap<>();
                connection.setAutoCommit(false);
                try {
                    eraseOne(connection, key, id, erased, one);
                    connection.commit();
                } catch (SQLException | RuntimeException e) {
                    connection.rollback();
                    throw e;
                } finally {
                    connection.setAutoCommit(true);
                }
                one.forEach((place, count) -> counts.merge(place, count, Long::sum));
                // The team's trail: the id out of its entries, and the receipt in, under the team's subject.
                String subject = key.subjectOf(id);
                trail.forget(List.of(subject));
                trail.record(dev.workshop.domain.audit.AuditEntry.draftAbout(java.time.Instant.now(),
                        DriverLeases.device(owner), "", dev.workshop.domain.audit.AuditAction.ERASED, subject,
                        "receipt; not reached: " + String.join("; ", notReached()), one));
            }
            try (Statement vacuum = connection.createStatement()) {
                // Outside a transaction, as VACUUM must be: the tables are rewritten without the deleted rows.
                vacuum.execute("VACUUM FULL conversation_event, conversation, conversation_lease, audit_entry");
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

    private void eraseOne(Connection connection, TeamKey key, String id, Predicate<String> erased,
                          Map<String, Long> counts) throws SQLException {
        update(connection, TAKE, id, "erasing:" + owner);
        try (PreparedStatement tombstone = connection.prepareStatement("""
                INSERT INTO erased_conversation (tenant_id, subject, erased_at) VALUES (?, ?, now())
                ON CONFLICT (tenant_id, subject) DO NOTHING""")) {
            tombstone.setString(1, tenant.value());
            tombstone.setString(2, key.subjectOf(id));
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

    /**
     * Inside a first append's transaction (no row for the conversation yet): a new conversation, or one erased —
     * then refused, whatever brings it (an import, a re-inflation, a driver that lost its lease to the erase).
     */
    static ConversationState refuseErased(Connection connection, TenantId tenant, ConversationId conversation) {
        try {
            TeamKey key = TeamKey.existing(connection, tenant);
            if (key == null) {
                // The team never erased anything: no tombstone to find.
                return ConversationState.notStarted(conversation);
            }
            try (PreparedStatement select = connection.prepareStatement(
                    "SELECT erased_at FROM erased_conversation WHERE tenant_id = ? AND subject = ?")) {
                select.setString(1, tenant.value());
                select.setString(2, key.subjectOf(conversation.value()));
                try (ResultSet row = select.executeQuery()) {
                    if (row.next()) {
                        throw new ConversationErasedException(row.getTimestamp(1).toInstant());
                    }
                }
            }
            return ConversationState.notStarted(conversation);
        } catch (SQLException e) {
            throw new StoreException("Cannot check the team server's erased conversations: " + e.getMessage(), e);
        }
    }
}
