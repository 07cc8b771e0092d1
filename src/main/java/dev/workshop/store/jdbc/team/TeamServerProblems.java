package dev.workshop.store.jdbc.team;

import java.net.ConnectException;
import java.net.UnknownHostException;
import java.sql.SQLException;

/** What went wrong with the team server, in one sentence a person can act on (never the password). */
final class TeamServerProblems {
    private TeamServerProblems() {
    }

    static String describe(TeamServerUrl url, Throwable problem) {
        SQLException sql = find(problem, SQLException.class);
        String state = sql == null ? "" : String.valueOf(sql.getSQLState());
        if (find(problem, UnknownHostException.class) != null) {
            return "Cannot reach the team server: there is no host " + url.host();
        }
        if (find(problem, ConnectException.class) != null || state.startsWith("08")) {
            return "Cannot reach the team server at " + url.host() + ":" + url.port() + " (" + reason(problem) + ")";
        }
        if (state.equals("28P01") || state.equals("28000")) {
            return "The team server at " + url.display() + " refused the login (" + reason(problem) + "); set PGUSER"
                    + " and PGPASSWORD, or a .pgpass file";
        }
        if (state.equals("42501")) {
            return "The team server at " + url.display() + " let " + url.user().orElse("this login") + " in but does not"
                    + " let it use Workshop's tables (" + reason(problem) + "); ask its administrator to GRANT them";
        }
        if (state.equals("3D000")) {
            return "The team server at " + url.host() + ":" + url.port() + " has no database " + url.database();
        }
        return "The team server at " + url.display() + " cannot be used: " + reason(problem);
    }

    /**
     * Whether the server went away (it restarts, the network dropped, the pool found no live connection) rather
     * than refused the statement: the same write may be tried again.
     */
    static boolean isConnectionLost(SQLException problem) {
        for (Throwable cause = problem; cause != null; cause = cause.getCause()) {
            if (cause instanceof java.sql.SQLTransientConnectionException
                    || cause instanceof java.sql.SQLNonTransientConnectionException
                    || cause instanceof java.net.SocketException || cause instanceof java.io.EOFException) {
                return true;
            }
            if (cause instanceof SQLException sql && "Connection is closed".equals(sql.getMessage())) {
                // The pool's word for a connection it had already found broken.
                return true;
            }
            if (cause instanceof SQLException sql && sql.getSQLState() != null && (sql.getSQLState().startsWith("08")
                    || sql.getSQLState().equals("57P01") || sql.getSQLState().equals("57P02")
                    || sql.getSQLState().equals("57P03") || sql.getSQLState().startsWith("25P0"))) {
                // 25P03, 25P04: the server ended a session that sat too long inside its transaction.
                return true;
            }
        }
        return false;
    }

    /**
     * The server cannot be used for now: it is away (the connect attempts failed), or, when no connect attempt
     * failed, this Workshop's connections were all in use for the pool's whole wait (busy, not gone).
     */
    static dev.workshop.store.StoreUnavailableException unavailable(String where, SQLException problem) {
        if (problem instanceof java.sql.SQLTransientConnectionException && problem.getCause() == null) {
            return new dev.workshop.store.StoreUnavailableException("The team server " + where + " is busy: every"
                    + " connection of this Workshop was in use for 10 s", problem);
        }
        return new dev.workshop.store.StoreUnavailableException("The team server " + where + " cannot be reached ("
                + reason(problem) + ")", problem);
    }

    /** The first line of the deepest message, without the driver's "FATAL:" prefix. */
    static String reason(Throwable problem) {
        String message = null;
        for (Throwable cause = problem; cause != null; cause = cause.getCause()) {
            if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
                message = cause.getMessage();
            }
        }
        if (message == null) {
            return problem.getClass().getSimpleName();
        }
        return message.lines().findFirst().orElse(message).replaceFirst("^FATAL: ", "").strip();
    }

    private static <T extends Throwable> T find(Throwable problem, Class<T> type) {
        for (Throwable cause = problem; cause != null; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return type.cast(cause);
            }
        }
        return null;
    }
}
