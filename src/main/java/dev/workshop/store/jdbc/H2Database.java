package dev.workshop.store.jdbc;

import dev.workshop.store.DataDirectory;
import dev.workshop.store.NewerSchemaException;
import dev.workshop.store.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.OptionalInt;
import java.util.function.Consumer;
import org.flywaydb.core.Flyway;
import org.h2.api.ErrorCode;
import org.h2.jdbcx.JdbcConnectionPool;

/**
 * Opens the H2 file of a data directory: refuses a file from a newer schema, backs the file up before
 * migrating it, and moves an unreadable file aside (the journal rebuilds its content) instead of failing
 * or silently starting empty.
 */
final class H2Database {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private H2Database() {
    }

    /** Work done on a freshly opened database; failing here also counts as an unreadable file. */
    interface Loader<T> {
        T load(JdbcConnectionPool pool) throws SQLException;
    }

    record Opened<T>(JdbcConnectionPool pool, T loaded) {
    }

    static <T> Opened<T> open(DataDirectory directory, Consumer<String> warnings, Loader<T> loader) {
        Path file = Path.of(directory.databaseBase() + ".mv.db");
        try {
            return openAndLoad(directory, file, loader);
        } catch (NewerSchemaException e) {
            throw e;
        } catch (SQLException | RuntimeException e) {
            if (!Files.exists(file)) {
                throw new StoreException("Cannot create the database " + file + ": " + e.getMessage(), e);
            }
            Path aside = moveAside(file);
            warnings.accept("The database " + file + " could not be read (" + whyUnreadable(e) + "). It was moved to "
                    + aside + " and the conversations were rebuilt from the journal.");
            try {
                return openAndLoad(directory, file, loader);
            } catch (SQLException again) {
                throw new StoreException("Cannot create a new database " + file + ": " + again.getMessage(), again);
            }
        }
    }

    /**
     * Moves a database that proved wrong after opening (it lacks rows the journal says it had) aside, and
     * opens a new one to rebuild from the journal. The caller has closed its connections.
     */
    static <T> Opened<T> discardAndReopen(DataDirectory directory, String reason, Consumer<String> warnings,
                                          Loader<T> loader) {
        Path file = Path.of(directory.databaseBase() + ".mv.db");
        Path aside = moveAside(file);
        warnings.accept("The database " + file + " could not be read (" + reason + "). It was moved to " + aside
                + " and the conversations were rebuilt from the journal.");
        try {
            return openAndLoad(directory, file, loader);
        } catch (SQLException e) {
            throw new StoreException("Cannot create a new database " + file + ": " + e.getMessage(), e);
        }
    }

    private static <T> Opened<T> openAndLoad(DataDirectory directory, Path file, Loader<T> loader)
            throws SQLException {
        JdbcConnectionPool pool = openAndMigrate(directory, file);
        try {
            return new Opened<>(pool, loader.load(pool));
        } catch (SQLException | RuntimeException e) {
            pool.dispose();
            throw e;
        }
    }

    private static JdbcConnectionPool openAndMigrate(DataDirectory directory, Path file) throws SQLException {
        boolean existed = Files.exists(file);
        // The journal, not H2, makes commits durable (see docs/decisions/0001), so H2 may buffer its writes.
        // COMPRESS: H2 holds a second copy of every message (the journal has the first); its pages compressed
        // with LZF take half the disk (bench store: ~1 000 instead of 1 300–1 500 bytes a message in all), at no
        // cost the loop benchmark can see. Pages written before stay readable as they are.
        JdbcConnectionPool pool = JdbcConnectionPool.create("jdbc:h2:file:" + directory.databaseBase()
                + ";DB_CLOSE_ON_EXIT=FALSE;MAX_LENGTH_INPLACE_LOB=16384;WRITE_DELAY=5000;COMPRESS=TRUE", "workshop", "");
        pool.setMaxConnections(16);
        try {
            int applied;
            try (Connection connection = pool.getConnection()) {
                OptionalInt version = SchemaVersion.applied(connection);
                applied = version.orElse(0);
                SchemaVersion.refuseNewer(applied, file.toString());
                if (existed && applied > 0 && applied < SchemaVersion.LATEST) {
                    backUp(connection, directory, applied);
                }
            }
            if (applied < SchemaVersion.LATEST) {
                Flyway.configure().dataSource(pool).locations("classpath:db/migration").load().migrate();
            }
            return pool;
        } catch (SQLException | RuntimeException e) {
            pool.dispose();
            throw e;
        }
    }

    /** H2's online BACKUP writes a consistent zip of the file as it is before the migration. */
    private static void backUp(Connection connection, DataDirectory directory, int applied) throws SQLException {
        try {
            Files.createDirectories(directory.backupDirectory());
        } catch (IOException e) {
            throw new StoreException("Cannot create the backup folder " + directory.backupDirectory() + ": "
                    + e.getMessage(), e);
        }
        Path target = directory.backupDirectory().resolve("workshop-" + LocalDateTime.now().format(STAMP)
                + "-schema-v" + applied + ".zip");
        try (Statement statement = connection.createStatement()) {
            statement.execute("BACKUP TO '" + target.toString().replace("'", "''") + "'");
        }
    }

    private static Path moveAside(Path file) {
        Path aside = file.resolveSibling(file.getFileName() + ".unreadable-" + LocalDateTime.now().format(STAMP));
        try {
            Files.move(file, aside);
        } catch (IOException e) {
            throw new StoreException("The database " + file + " cannot be read and cannot be moved aside: "
                    + e.getMessage(), e);
        }
        moveTraceBeside(file, aside);
        return aside;
    }

    /**
     * H2 writes what went wrong to {@code workshop.trace.db} beside the file it could not read. That account
     * belongs with the broken file, not in the data directory among the files in use, where it would stay for
     * good as a stray file nobody asked for.
     */
    private static void moveTraceBeside(Path file, Path aside) {
        String name = file.getFileName().toString();
        Path trace = file.resolveSibling(name.substring(0, name.length() - ".mv.db".length()) + ".trace.db");
        try {
            Files.move(trace, aside.resolveSibling(aside.getFileName() + ".trace.db"));
        } catch (NoSuchFileException e) {
            // H2 wrote no trace this time.
        } catch (IOException e) {
            // Only H2's account of the error is left where it was; the broken file itself is aside.
        }
    }

    /**
     * H2 says "IO Exception: "/…/workshop.mv.db" [90028-232]" for a file cut short and "File corrupted while
     * reading record … use the recovery tool" for a damaged one: the first names nothing a person can act on,
     * the second a tool that Workshop's own rebuild replaces.
     */
    private static String whyUnreadable(Throwable e) {
        // A caller's own exception may wrap H2's.
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && (sql.getErrorCode() == ErrorCode.IO_EXCEPTION_1
                    || sql.getErrorCode() == ErrorCode.IO_EXCEPTION_2 || sql.getErrorCode() == ErrorCode.FILE_CORRUPTED_1)) {
                return "it is damaged or cut short; H2 error " + sql.getErrorCode();
            }
        }
        return firstLine(e);
    }

    private static String firstLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
