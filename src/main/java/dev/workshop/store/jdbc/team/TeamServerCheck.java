package dev.workshop.store.jdbc.team;

import dev.workshop.store.jdbc.SchemaVersion;
import dev.workshop.domain.conversation.TenantId;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Properties;

/**
 * "Test connection" for a team server: connects once, as the store would (the same credentials from the URL,
 * {@code PGUSER} / {@code PGPASSWORD} or {@code .pgpass}), changes nothing, and says in one sentence what it found:
 * which server, whether its schema suits this Workshop, how many conversations the team has there; or what is
 * wrong (unreachable, login refused, no such database, a schema newer than this app).
 */
public final class TeamServerCheck {
    /** What the check found; {@code usable}: Workshop can open this team server as it is. */
    public record Report(boolean usable, String sentence) {
    }

    private TeamServerCheck() {
    }

    public static Report check(String jdbcUrl, TenantId team) {
        return check(jdbcUrl, team, System.getenv());
    }

    static Report check(String jdbcUrl, TenantId team, Map<String, String> environment) {
        TeamServerUrl url;
        try {
            url = TeamServerUrl.parse(jdbcUrl);
        } catch (IllegalArgumentException e) {
            return new Report(false, e.getMessage());
        }
        Properties login = url.login(environment);
        login.setProperty("connectTimeout", "5");
        login.setProperty("loginTimeout", "5");
        login.setProperty("socketTimeout", "10");
        try (Connection connection = DriverManager.getConnection(url.jdbcUrl(), login)) {
            String server = "PostgreSQL " + connection.getMetaData().getDatabaseProductVersion();
            OptionalInt applied = SchemaVersion.applied(connection);
            if (applied.isPresent() && applied.getAsInt() > SchemaVersion.LATEST) {
                return new Report(false, "Connected to " + server + " at " + url.display() + ", but its schema (version "
                        + applied.getAsInt() + ") is newer than this Workshop's (" + SchemaVersion.LATEST
                        + "): update Workshop to use it");
            }
            if (applied.isEmpty()) {
                return new Report(true, "Connected to " + server + " at " + url.display() + ": an empty database;"
                        + " Workshop sets it up when you switch to it");
            }
            int conversations = conversations(connection, team);
            String schema = applied.getAsInt() == SchemaVersion.LATEST ? "up to date"
                    : "version " + applied.getAsInt() + ", brought up to " + SchemaVersion.LATEST + " when you switch";
            return new Report(true, "Connected to " + server + " at " + url.display() + " (schema " + schema + "); team "
                    + team.value() + " has " + (conversations == 1 ? "1 conversation" : conversations + " conversations")
                    + " there");
        } catch (SQLException | RuntimeException e) {
            return new Report(false, TeamServerProblems.describe(url, e));
        }
    }

    private static int conversations(Connection connection, TenantId team) throws SQLException {
        try (PreparedStatement count = connection.prepareStatement(
                "SELECT count(*) FROM conversation WHERE tenant_id = ?")) {
            count.setString(1, team.value());
            try (ResultSet result = count.executeQuery()) {
                result.next();
                return result.getInt(1);
            }
        }
    }

    /** Whether the address carries a password: Workshop would then write it into its settings, so it refuses. */
    public static boolean namesPassword(String jdbcUrl) {
        try {
            return TeamServerUrl.parse(jdbcUrl).namesPassword();
        } catch (IllegalArgumentException e) {
            // Not an address Workshop could use (a login before the host is refused): a password is still a password.
            return jdbcUrl != null && !jdbcUrl.equals(dev.workshop.domain.secrets.Redaction.passwordsHidden(jdbcUrl));
        }
    }
}
