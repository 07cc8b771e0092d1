package dev.workshop.store.jdbc.team;

import dev.workshop.domain.conversation.TenantId;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HexFormat;

/**
 * A team's key for the keyed hashes that stand for conversations' ids on the team server — in its tombstones and its
 * audit trail — shared by the team's instances, made by the first that needs it (docs/decisions/0031).
 */
final class TeamKey {
    private final byte[] key;

    private TeamKey(byte[] key) {
        this.key = key;
    }

    /** The team's key, made now when it has none. */
    static TeamKey of(Connection connection, TenantId tenant) throws SQLException {
        TeamKey existing = existing(connection, tenant);
        if (existing != null) {
            return existing;
        }
        byte[] fresh = new byte[32];
        new SecureRandom().nextBytes(fresh);
        try (PreparedStatement insert = connection.prepareStatement("""
                INSERT INTO team_erasure_key (tenant_id, erasure_key) VALUES (?, ?)
                ON CONFLICT (tenant_id) DO NOTHING""")) {
            insert.setString(1, tenant.value());
            insert.setString(2, HexFormat.of().formatHex(fresh));
            insert.executeUpdate();
        }
        // Another instance may have made it first: its key is the team's.
        return existing(connection, tenant);
    }

    /** The team's key, or null while it has none (nothing was erased or audited there yet). */
    static TeamKey existing(Connection connection, TenantId tenant) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT erasure_key FROM team_erasure_key WHERE tenant_id = ?")) {
            select.setString(1, tenant.value());
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? new TeamKey(HexFormat.of().parseHex(row.getString(1))) : null;
            }
        }
    }

    /** The subject of a conversation's id: HMAC-SHA256 under the team's key, in hex. */
    String subjectOf(String conversationId) {
        return dev.workshop.store.SubjectHash.of(key, conversationId);
    }
}
