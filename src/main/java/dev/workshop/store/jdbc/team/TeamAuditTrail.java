package dev.workshop.store.jdbc.team;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.audit.AuditAction;
import dev.workshop.domain.audit.AuditChain;
import dev.workshop.domain.audit.AuditEntry;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.AuditTrail;
import dev.workshop.store.StoreException;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The team's audit trail on the team server (docs/decisions/0030): one chain a team, in {@code audit_entry}, which
 * every instance of the team adds to — the next number and the hash before are read and the entry inserted in one
 * transaction; two instances at the same moment collide on the number, and the second reads again. Subjects are
 * keyed with the team's key (the one its tombstones use), so the team's Activity and an erase agree.
 */
final class TeamAuditTrail implements AuditTrail {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String COLUMNS = "number, at, device, member, action, conversation_id, subject, detail,"
            + " counts, previous, hash";
    private static final int ATTEMPTS = 20;

    private final DataSource pool;
    private final TenantId tenant;
    private final String where;
    private volatile TeamKey key;

    TeamAuditTrail(DataSource pool, TenantId tenant, String where) {
        this.pool = pool;
        this.tenant = tenant;
        this.where = where;
    }

    @Override
    public void record(AuditEntry draft) {
        for (int attempt = 1; ; attempt++) {
            try (Connection connection = pool.getConnection()) {
                connection.setAutoCommit(false);
                try {
                    insert(connection, draft);
                    connection.commit();
                    return;
                } catch (SQLException | RuntimeException e) {
                    connection.rollback();
                    throw e;
                }
            } catch (SQLException e) {
                if (!"23505".equals(e.getSQLState()) || attempt == ATTEMPTS) {
                    throw new StoreException("Cannot write the team's audit trail on " + where + " ("
                            + TeamServerProblems.reason(e) + ")", e);
                }
                // Another instance took the number first: read the chain's end again.
            }
        }
    }

    private void insert(Connection connection, AuditEntry draft) throws SQLException {
        long last = 0;
        String lastHash = "";
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT number, hash FROM audit_entry WHERE tenant_id = ? ORDER BY number DESC LIMIT 1")) {
            select.setString(1, tenant.value());
            try (ResultSet row = select.executeQuery()) {
                if (row.next()) {
                    last = row.getLong(1);
                    lastHash = row.getString(2);
                }
            }
        }
        AuditEntry sealed = draft.sealed(last + 1, draft.conversation().map(id -> keyed(connection, id))
                .orElse(draft.subject()), lastHash, AuditChain::sha256);
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO audit_entry (tenant_id, " + COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            insert.setString(1, tenant.value());
            insert.setLong(2, sealed.number());
            insert.setString(3, sealed.at().toString());
            insert.setString(4, sealed.device());
            insert.setString(5, sealed.member());
            insert.setString(6, sealed.action().wireName());
            insert.setString(7, sealed.conversation().orElse(null));
            insert.setString(8, sealed.subject());
            insert.setString(9, sealed.detail());
            ObjectNode counts = JSON.createObjectNode();
            new java.util.TreeMap<>(sealed.counts()).forEach(counts::put);
            insert.setString(10, counts.toString());
            insert.setString(11, sealed.previous());
            insert.setString(12, sealed.hash());
            insert.executeUpdate();
        }
    }

    @Override
    public List<AuditEntry> read(Optional<String> conversation, Optional<Instant> since) {
        try (Connection connection = pool.getConnection()) {
            List<AuditEntry> entries = all(connection);
            Optional<String> subject = conversation.map(id -> keyed(connection, id));
            return entries.stream()
                    .filter(entry -> conversation.isEmpty() || entry.conversation().equals(conversation)
                            || subject.get().equals(entry.subject()))
                    .filter(entry -> since.isEmpty() || !entry.at().isBefore(since.get())).toList();
        } catch (SQLException e) {
            throw new StoreException("Cannot read the team's audit trail on " + where + " ("
                    + TeamServerProblems.reason(e) + ")", e);
        }
    }

    @Override
    public Verification verify() {
        try (Connection connection = pool.getConnection()) {
            List<AuditEntry> entries = all(connection);
            return new Verification(entries.size(), AuditChain.firstBreak(entries, id -> keyed(connection, id)));
        } catch (SQLException e) {
            return new Verification(0, Optional.of("the team's audit trail cannot be read: "
                    + TeamServerProblems.reason(e)));
        }
    }

    @Override
    public int forget(Collection<String> subjects) {
        if (subjects.isEmpty()) {
            return 0;
        }
        try (Connection connection = pool.getConnection();
             PreparedStatement blank = connection.prepareStatement("UPDATE audit_entry SET conversation_id = NULL"
                     + " WHERE tenant_id = ? AND subject = ? AND conversation_id IS NOT NULL")) {
            int blanked = 0;
            for (String subject : subjects) {
                blank.setString(1, tenant.value());
                blank.setString(2, subject);
                blanked += blank.executeUpdate();
            }
            return blanked;
        } catch (SQLException e) {
            throw new StoreException("Cannot take erased conversations out of the team's audit trail on " + where
                    + " (" + TeamServerProblems.reason(e) + ")", e);
        }
    }

    @Override
    public String keyedHash(String conversationId) {
        try (Connection connection = pool.getConnection()) {
            return keyed(connection, conversationId);
        } catch (SQLException e) {
            throw new StoreException("Cannot reach the team server " + where + " (" + TeamServerProblems.reason(e)
                    + ")", e);
        }
    }

    @Override
    public void close() {
        // The store's pool is the store's to close.
    }

    private String keyed(Connection connection, String conversationId) {
        try {
            TeamKey known = key;
            if (known == null) {
                known = TeamKey.of(connection, tenant);
                key = known;
            }
            return known.subjectOf(conversationId);
        } catch (SQLException e) {
            throw new StoreException("Cannot read the team's key on " + where + " (" + TeamServerProblems.reason(e)
                    + ")", e);
        }
    }

    private List<AuditEntry> all(Connection connection) throws SQLException {
        List<AuditEntry> entries = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement("SELECT " + COLUMNS
                + " FROM audit_entry WHERE tenant_id = ? ORDER BY number")) {
            select.setString(1, tenant.value());
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    entries.add(new AuditEntry(row.getLong(1), Instant.parse(row.getString(2)), row.getString(3),
                            row.getString(4), AuditAction.fromWireName(row.getString(5)),
                            Optional.ofNullable(row.getString(6)), row.getString(7), row.getString(8),
                            counts(row.getString(9)), row.getString(10), row.getString(11)));
                }
            }
        }
        return entries;
    }

    private static Map<String, Long> counts(String json) {
        Map<String, Long> counts = new LinkedHashMap<>();
        try {
            JsonNode node = JSON.readTree(json);
            node.properties().forEach(count -> counts.put(count.getKey(), count.getValue().asLong()));
        } catch (IOException unreadable) {
            // A damaged row: its hash no longer matches, and verify says so.
        }
        return counts;
    }
}
