package dev.workshop.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.Conversations;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.NewerSchemaException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatabaseRecoveryTest {
    @TempDir
    Path dir;

    private final ConversationId id = new ConversationId("the-conversation");

    private void storeConversationWithMessages(int messages) {
        try (DataDirectory data = DataDirectory.lock(dir); var store = JournaledConversationStore.open(data)) {
            store.append(TenantId.LOCAL, id, 0, Conversations.startedWithMessages(50, messages));
        }
    }

    private record Reopened(int events, List<String> warnings) {
    }

    private Reopened reopen() {
        try (DataDirectory data = DataDirectory.lock(dir); var store = JournaledConversationStore.open(data)) {
            return new Reopened(store.history(TenantId.LOCAL, id).size(), store.openingWarnings());
        }
    }

    private Path databaseFile() {
        return dir.resolve("workshop.mv.db");
    }

    @Test
    void movesACorruptDatabaseAsideAndRebuildsItFromTheJournal() throws IOException {
        storeConversationWithMessages(20);
        long size = Files.size(databaseFile());
        try (RandomAccessFile file = new RandomAccessFile(databaseFile().toFile(), "rw")) {
            for (long at = 0; at < size; at += 4096) {
                file.seek(at);
                file.write("this is not an H2 page at all".getBytes());
            }
        }

        Reopened reopened = reopen();

        assertThat(reopened.events()).isEqualTo(21);
        assertThat(reopened.warnings()).singleElement().asString()
                .startsWith("The database " + databaseFile() + " could not be read (it is damaged or cut short; H2 error 900")
                .contains("It was moved to " + databaseFile() + ".unreadable-")
                .endsWith("the conversations were rebuilt from the journal.");
        assertThat(filesNamed(".unreadable-")).as("the file, and H2's account of what it met beside it")
                .extracting(path -> path.getFileName().toString()).hasSize(2)
                .anySatisfy(name -> assertThat(name).startsWith("workshop.mv.db.unreadable-").endsWith(".trace.db"));
        assertThat(dir.resolve("workshop.trace.db")).as("no stray trace among the files in use").doesNotExist();
        assertThat(reopen().warnings()).as("the rebuilt file opens cleanly next time").isEmpty();
    }

    @Test
    void rebuildsADatabaseCutToAFewBytesFromTheJournal() throws IOException {
        storeConversationWithMessages(20);
        try (RandomAccessFile file = new RandomAccessFile(databaseFile().toFile(), "rw")) {
            file.setLength(100);
        }

        Reopened reopened = reopen();

        assertThat(reopened.events()).isEqualTo(21);
        assertThat(reopened.warnings()).singleElement().asString()
                .startsWith("The database " + databaseFile() + " could not be read (it is damaged or cut short; H2 error 900");
    }

    @Test
    void catchesUpADatabaseThatLostItsLastChunks() throws IOException {
        storeConversationWithMessages(20);
        try (RandomAccessFile file = new RandomAccessFile(databaseFile().toFile(), "rw")) {
            file.setLength(file.length() / 3);
        }

        // H2 falls back to its last whole version; the journal replays everything after that version's checkpoint.
        assertThat(reopen().events()).isEqualTo(21);
    }

    @Test
    void rebuildsADatabaseWhoseTablesDisagreeAfterAnUncleanShutdown() throws SQLException {
        storeConversationWithMessages(20);
        // What H2 was seen to leave after kill -9: an event row without the summary update of its transaction.
        try (Connection connection = DriverManager.getConnection("jdbc:h2:file:" + dir.resolve("workshop"), "workshop", "");
             Statement statement = connection.createStatement()) {
            statement.execute("UPDATE conversation SET version = version - 1, turn_count = turn_count - 1");
        }

        Reopened reopened = reopen();

        assertThat(reopened.events()).isEqualTo(21);
        assertThat(reopened.warnings()).singleElement().asString()
                .contains("its tables disagree: conversation the-conversation is at version 20 but has 21 events")
                .contains("rebuilt from the journal");
        try (DataDirectory data = DataDirectory.lock(dir); var store = JournaledConversationStore.open(data)) {
            assertThat(store.state(TenantId.LOCAL, id).orElseThrow().turnCount()).isEqualTo(20);
        }
    }

    @Test
    void backsUpAnExistingDatabaseBeforeMigratingIt() throws SQLException, IOException {
        String url = "jdbc:h2:file:" + dir.resolve("workshop");
        Flyway.configure().dataSource(url, "workshop", "").target("1").load().migrate();

        assertThat(reopen().warnings()).isEmpty();

        List<Path> backups = filesIn(dir.resolve("backups"));
        assertThat(backups).singleElement().asString().matches(".*workshop-\\d{8}-\\d{6}-schema-v1\\.zip");
        assertThat(appliedVersions(url)).containsExactlyElementsOf(java.util.stream.IntStream
                .rangeClosed(1, SchemaVersion.LATEST).mapToObj(String::valueOf).toList());
    }

    @Test
    void aConversationDeletedBeforeTheTimeWasKeptTakesItFromItsLogWhenTheTablesMoveOn() throws SQLException {
        String url = "jdbc:h2:file:" + dir.resolve("workshop");
        Flyway.configure().dataSource(url, "workshop", "").target("7").load().migrate();
        ConversationId id = new ConversationId("deleted-long-ago");
        java.time.Instant deletedAt = java.time.Instant.parse("2026-01-02T03:04:05Z");
        List<dev.workshop.domain.conversation.RecordedEvent> history = List.of(
                new dev.workshop.domain.conversation.RecordedEvent(TenantId.LOCAL, id, 1,
                        deletedAt.minusSeconds(60), Conversations.started(4)),
                new dev.workshop.domain.conversation.RecordedEvent(TenantId.LOCAL, id, 2, deletedAt,
                        new dev.workshop.domain.conversation.ConversationEvent.Deleted()));
        dev.workshop.domain.conversation.ConversationState state =
                dev.workshop.domain.conversation.ConversationState.replay(id, history);
        ConversationTables older = new ConversationTables(new dev.workshop.store.EventCodec(), 7);
        try (Connection connection = DriverManager.getConnection(url, "workshop", "")) {
            older.insertEvents(connection, history);
            older.upsertConversations(connection, List.of(new ConversationTables.Row(TenantId.LOCAL, state)));
        }

        Flyway.configure().dataSource(url, "workshop", "").load().migrate();

        try (Connection connection = DriverManager.getConnection(url, "workshop", "")) {
            assertThat(new ConversationTables(new dev.workshop.store.EventCodec(), SchemaVersion.LATEST)
                    .conversation(connection, TenantId.LOCAL, id, false).orElseThrow().deletedAt())
                    .as("from the deletion in its log").isEqualTo(deletedAt);
        }
    }

    @Test
    void takesNoBackupOfANewDatabase() {
        storeConversationWithMessages(1);
        assertThat(dir.resolve("backups")).doesNotExist();
    }

    @Test
    void refusesADatabaseFromANewerWorkshopAndLeavesItAlone() throws SQLException, IOException {
        storeConversationWithMessages(2);
        String url = "jdbc:h2:file:" + dir.resolve("workshop");
        try (Connection connection = DriverManager.getConnection(url, "workshop", "");
             Statement statement = connection.createStatement()) {
            statement.execute("""
                    INSERT INTO "flyway_schema_history"
                        ("installed_rank", "version", "description", "type", "script", "checksum", "installed_by",
                         "execution_time", "success")
                    VALUES (99, '70', 'from the future', 'SQL', 'V70__from_the_future.sql', 0, 'test', 1, TRUE)""");
        }

        assertThatThrownBy(this::reopen)
                .isInstanceOf(NewerSchemaException.class)
                .hasMessage("The database " + databaseFile() + " was written by a newer Workshop (schema version 70; "
                        + "this Workshop knows up to " + SchemaVersion.LATEST + "). It was left untouched: update Workshop"
                        + " to open it.");
        assertThat(appliedVersions(url)).contains("70");
        assertThat(filesNamed(".unreadable-")).isEmpty();
    }

    @Test
    void knowsItsNewestMigration() throws IOException {
        Path migrations = Path.of("src/main/resources/db/migration");
        int highest;
        try (Stream<Path> files = Files.list(migrations)) {
            highest = files.map(p -> p.getFileName().toString()).filter(n -> n.matches("V\\d+__.*\\.sql"))
                    .mapToInt(n -> Integer.parseInt(n.substring(1, n.indexOf("__")))).max().orElseThrow();
        }
        assertThat(SchemaVersion.LATEST).isEqualTo(highest);
    }

    private static List<String> appliedVersions(String url) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, "workshop", "");
             Statement statement = connection.createStatement();
             var rows = statement.executeQuery("SELECT \"version\" FROM \"flyway_schema_history\" WHERE \"version\" IS NOT NULL ORDER BY \"installed_rank\"")) {
            List<String> versions = new java.util.ArrayList<>();
            while (rows.next()) {
                versions.add(rows.getString(1));
            }
            return versions;
        }
    }

    private List<Path> filesNamed(String part) throws IOException {
        return filesIn(dir).stream().filter(p -> p.getFileName().toString().contains(part)).toList();
    }

    private static List<Path> filesIn(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.toList();
        }
    }
}
