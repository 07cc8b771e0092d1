package dev.workshop.store.jdbc;

import dev.workshop.store.NewerSchemaException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.OptionalInt;

/** The schema version this Workshop knows, and the one a database holds (read from Flyway's history). */
public final class SchemaVersion {
    /** The highest {@code V<n>__*.sql} under {@code db/migration}; a test keeps the two in step. */
    public static final int LATEST = 11;

    private SchemaVersion() {
    }

    /** The highest successfully applied migration, or empty for a database Flyway never touched. */
    public static OptionalInt applied(Connection connection) throws SQLException {
        try (ResultSet tables = connection.getMetaData().getTables(null, null, "flyway_schema_history", null)) {
            if (!tables.next()) {
                return OptionalInt.empty();
            }
        }
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(
                     "SELECT \"version\" FROM \"flyway_schema_history\" WHERE \"success\" AND \"version\" IS NOT NULL")) {
            int highest = 0;
            while (rows.next()) {
                highest = Math.max(highest, major(rows.getString(1)));
            }
            return OptionalInt.of(highest);
        }
    }

    public static void refuseNewer(int applied, String file) {
        if (applied > LATEST) {
            throw new NewerSchemaException("The database " + file + " was written by a newer Workshop (schema version "
                    + applied + "; this Workshop knows up to " + LATEST + "). It was left untouched: update Workshop "
                    + "to open it.");
        }
    }

    private static int major(String version) {
        int dot = version.indexOf('.');
        return Integer.parseInt(dot < 0 ? version : version.substring(0, dot));
    }
}
