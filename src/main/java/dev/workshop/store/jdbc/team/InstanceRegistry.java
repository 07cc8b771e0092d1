package dev.workshop.store.jdbc.team;

import dev.workshop.store.jdbc.SchemaVersion;
import dev.workshop.store.StoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * The Workshops that use a team server, each with the schema version it was built for, seen within the last few
 * seconds (ADR 0022). A newer Workshop finds here, before it migrates, whether older ones still run on the
 * schema it would change, and refuses rather than break them: a backup and an upgrade of a shared server are its
 * administrator's decision, taken when the older Workshops are stopped or updated.
 */
final class InstanceRegistry {
    /** An instance not seen for this long is gone (it renews every second or so while it runs). */
    static final int ALIVE_SECONDS = 15;

    private InstanceRegistry() {
    }

    /** This instance runs on the schema {@code version}: said now and again about every second while it runs. */
    static void seen(Connection connection, String owner, int version) throws SQLException {
        try (PreparedStatement upsert = connection.prepareStatement("""
                INSERT INTO workshop_instance (owner, schema_version, seen_at) VALUES (?, ?, now())
                ON CONFLICT (owner) DO UPDATE SET schema_version = EXCLUDED.schema_version, seen_at = now()""")) {
            upsert.setString(1, owner);
            upsert.setInt(2, version);
            upsert.executeUpdate();
        }
    }

    static void gone(Connection connection, String owner) throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM workshop_instance WHERE owner = ?")) {
            delete.setString(1, owner);
            delete.executeUpdate();
        }
    }

    /**
     * Before a migration from {@code applied} to {@code wanted}: refuses when a Workshop built for an older schema
     * runs on this server. Before the registry existed (schema 5), a Workshop that drives a conversation shows by its
     * live lease; an idle one of that age cannot be seen.
     *
     * @throws StoreException naming them, with what to do; nothing was changed
     */
    static void refuseIfOlderRun(Connection connection, OptionalInt applied, int wanted, String where)
            throws SQLException {
        if (applied.isEmpty() || applied.getAsInt() >= wanted) {
            return;
        }
        List<String> older = new ArrayList<>();
        String query = applied.getAsInt() >= 6
                ? "SELECT owner FROM workshop_instance WHERE seen_at > now() - make_interval(secs => " + ALIVE_SECONDS
                        + ") AND schema_version < " + wanted + " ORDER BY owner"
                : applied.getAsInt() == 5 ? "SELECT DISTINCT owner FROM conversation_lease WHERE expires_at > now()"
                        + " ORDER BY owner" : null;
        if (query == null) {
            return;
        }
        try (PreparedStatement select = connection.prepareStatement(query); ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                older.add(DriverLeases.device(rows.getString(1)));
            }
        }
        if (!older.isEmpty()) {
            throw new StoreException("The team server " + where + " is in use by " + (older.size() == 1
                    ? "an older Workshop (" : older.size() + " older Workshops (") + String.join(", ", older.stream()
                    .limit(3).toList()) + (older.size() > 3 ? ", …" : "") + ") on schema version " + applied.getAsInt()
                    + "; this Workshop needs version " + wanted + " and would change it from under them. Stop or"
                    + " update them first (and back the database up); nothing was changed.");
        }
    }

    /**
     * Whether the team server's schema is behind {@code target}; refuses one written by a newer Workshop, and an
     * upgrade while an older Workshop still runs on it (below).
     */
    static boolean teamServerBehind(Connection connection, int target, String where) throws SQLException {
        OptionalInt applied = SchemaVersion.applied(connection);
        if (applied.isPresent()) {
            SchemaVersion.refuseNewer(applied.getAsInt(), "on the team server " + where);
        }
        refuseIfOlderRun(connection, applied, target, where);
        return applied.isEmpty() || applied.getAsInt() < target;
    }
}
