package dev.workshop.store.jdbc.team;

import java.net.URI;
import java.util.Locale;

/**
 * A team server's address as the user gives it ({@code jdbc:postgresql://HOST:PORT/DB}, or libpq's
 * {@code postgresql://…}) and as Workshop shows it: host, port and database, never a password.
 */
record TeamServerUrl(String jdbcUrl, String host, int port, String database, boolean namesUser,
                     boolean namesPassword) {

    static TeamServerUrl parse(String given) {
        String url = given == null ? "" : given.strip();
        String lower = url.toLowerCase(Locale.ROOT);
        if (lower.startsWith("postgresql://") || lower.startsWith("postgres://")) {
            url = "jdbc:postgresql://" + url.substring(url.indexOf("://") + 3);
        } else if (!lower.startsWith("jdbc:postgresql://")) {
            throw new IllegalArgumentException("A team server is given as jdbc:postgresql://HOST:PORT/DATABASE;"
                    + " '" + shown(url) + "' is not one");
        }
        URI uri;
        try {
            uri = URI.create(url.substring("jdbc:".length()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + shown(url) + "' is not a team server address: " + e.getMessage(), e);
        }
        if (uri.getRawUserInfo() != null) {
            // The driver would read "user:password" as the host and port, and say there is no such host.
            throw new IllegalArgumentException("'" + shown(url) + "' puts a login before the host: give the user as"
                    + " ?user=NAME and the password in PGPASSWORD or ~/.pgpass");
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("'" + shown(url) + "' names no host (jdbc:postgresql://HOST:PORT/DATABASE)");
        }
        if (uri.getPort() == 0 || uri.getPort() > 65_535) {
            throw new IllegalArgumentException("'" + shown(url) + "': " + uri.getPort()
                    + " is not a port (a port is 1 to 65535)");
        }
        checkTimeouts(uri.getRawQuery());
        String path = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
        String query = uri.getQuery() == null ? "" : "&" + uri.getQuery();
        return new TeamServerUrl(url, uri.getHost(), uri.getPort() < 0 ? 5432 : uri.getPort(),
                path.isEmpty() ? "postgres" : path, query.contains("&user="),
                query.contains("&password=") || (uri.getUserInfo() != null && uri.getUserInfo().contains(":")));
    }

    /**
     * The login the environment gives where the address names none: {@code PGUSER}, {@code PGPASSWORD}; with neither,
     * the driver reads {@code .pgpass}. Workshop keeps none of it.
     */
    java.util.Properties login(java.util.Map<String, String> environment) {
        java.util.Properties login = new java.util.Properties();
        if (!namesUser() && environment.get("PGUSER") != null) {
            login.setProperty("user", environment.get("PGUSER"));
        }
        if (!namesPassword() && environment.get("PGPASSWORD") != null) {
            login.setProperty("password", environment.get("PGPASSWORD"));
        }
        return login;
    }

    /** The user the address names ({@code ?user=…}), if it names one. */
    java.util.Optional<String> user() {
        int query = jdbcUrl.indexOf('?');
        if (query < 0) {
            return java.util.Optional.empty();
        }
        for (String pair : jdbcUrl.substring(query + 1).split("&")) {
            if (pair.startsWith("user=")) {
                return java.util.Optional.of(java.net.URLDecoder.decode(pair.substring(5),
                        java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        return java.util.Optional.empty();
    }

    /**
     * A {@code ...Timeout=} parameter the driver would only warn about, and then ignore, when it is not a whole
     * number of seconds ({@code loginTimeout}, {@code connectTimeout}, {@code socketTimeout}…).
     */
    private static void checkTimeouts(String query) {
        if (query == null) {
            return;
        }
        for (String pair : query.split("&")) {
            int equals = pair.indexOf('=');
            String name = equals < 0 ? pair : pair.substring(0, equals);
            String value = equals < 0 ? "" : pair.substring(equals + 1);
            if (name.toLowerCase(Locale.ROOT).endsWith("timeout") && !value.matches("\\d{1,9}")) {
                throw new IllegalArgumentException("The team server address's " + name + "=" + shownValue(value)
                        + " is not a whole number of seconds");
            }
        }
    }

    private static String shownValue(String value) {
        return value.length() > 20 ? value.substring(0, 20) + "…" : value;
    }

    /** HOST:PORT/DATABASE: what messages and the app show. */
    String display() {
        return host + ":" + port + "/" + database;
    }

    /**
     * The address without its query (where a password may be) and with any password before the host hidden, for a
     * message about one that is not valid.
     */
    private static String shown(String url) {
        int query = url.indexOf('?');
        return dev.workshop.domain.secrets.Redaction.passwordsHidden(query < 0 ? url : url.substring(0, query) + "?…");
    }
}
