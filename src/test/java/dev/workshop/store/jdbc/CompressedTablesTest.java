package dev.workshop.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.Conversations;
import dev.workshop.store.DataDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tables are written with H2's page compression. A database file then holds compressed pages and, from
 * Workshops before that change, plain ones: both kinds must stay readable, by either kind of writer.
 */
class CompressedTablesTest {
    @TempDir
    Path dir;

    @Test
    void pagesWrittenWithAndWithoutCompressionAreReadByBoth() throws Exception {
        ConversationId id = ConversationId.random();
        try (DataDirectory data = DataDirectory.lock(dir); var store = JournaledConversationStore.open(data)) {
            store.append(TenantId.LOCAL, id, 0, Conversations.startedWithMessages(60, 40));
            // Ended, so that the next open leaves it as it is (a running one would be marked interrupted).
            store.append(TenantId.LOCAL, id, 41, List.of(new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, "done")));
            store.awaitTablesCaughtUp();
        }

        // An older Workshop opens the file without compression, reads it and writes plain pages into it.
        String plain = "jdbc:h2:file:" + dir.resolve("workshop") + ";DB_CLOSE_ON_EXIT=FALSE";
        try (Connection connection = DriverManager.getConnection(plain, "workshop", "");
             Statement statement = connection.createStatement()) {
            assertThat(count(statement, "SELECT COUNT(*) FROM conversation_event")).isEqualTo(42);
            statement.executeUpdate("UPDATE conversation SET status_reason = 'seen by an older Workshop'");
        }

        try (DataDirectory data = DataDirectory.lock(dir); var store = JournaledConversationStore.open(data)) {
            assertThat(store.list(TenantId.LOCAL)).singleElement()
                    .satisfies(state -> assertThat(state.statusReason()).isEqualTo("seen by an older Workshop"));
            assertThat(store.count(TenantId.LOCAL)).isEqualTo(1);
        }
        try (Connection connection = DriverManager.getConnection(plain, "workshop", "");
             Statement statement = connection.createStatement()) {
            assertThat(count(statement, "SELECT COUNT(*) FROM conversation_event WHERE turn_index IS NOT NULL"))
                    .isEqualTo(40);
        }
    }

    @Test
    void theTablesAreStoredCompressed() {
        ConversationId id = ConversationId.random();
        List<ConversationEvent> events = new ArrayList<>(List.of(Conversations.started(300)));
        for (int turn = 0; turn < 200; turn++) {
            MessageRecorded message = Conversations.message(turn);
            events.add(new MessageRecorded(turn, message.speakerId(), message.speakerName(),
                    ("Turn " + turn + ": the same long paragraph again. ").repeat(120)));
        }
        try (DataDirectory data = DataDirectory.lock(dir); var store = JournaledConversationStore.open(data)) {
            store.append(TenantId.LOCAL, id, 0, events);
            store.awaitTablesCaughtUp();
        }

        // 200 messages of ~5 KB: over a megabyte as plain text, a small fraction of that compressed.
        assertThat(dir.resolve("workshop.mv.db")).satisfies(file ->
                assertThat(Files.size(file)).isLessThan(400_000));
    }

    private static long count(Statement statement, String query) throws Exception {
        try (ResultSet rows = statement.executeQuery(query)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
