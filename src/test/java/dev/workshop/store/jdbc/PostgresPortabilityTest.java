package dev.workshop.store.jdbc;

import dev.workshop.store.EventCodec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.Conversations;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The migrations and the tables' SQL on a real PostgreSQL, as the team server will use them. */
@dev.workshop.testing.Slow
class PostgresPortabilityTest {
    private static EmbeddedPostgres postgres;
    private final ConversationTables tables = new ConversationTables(new EventCodec());

    @BeforeAll
    static void startPostgres() throws Exception {
        postgres = EmbeddedPostgres.start();
        Flyway.configure().dataSource(postgres.getPostgresDatabase()).locations("classpath:db/migration").load().migrate();
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        postgres.close();
    }

    private static List<RecordedEvent> recorded(TenantId tenant, ConversationId id, List<ConversationEvent> events) {
        List<RecordedEvent> result = new ArrayList<>();
        Instant at = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        for (int i = 0; i < events.size(); i++) {
            result.add(new RecordedEvent(tenant, id, i + 1, at, events.get(i)));
        }
        return result;
    }

    /** Writes {@code all[from..to)} and the state after {@code all[0..to)}, as the projector does. */
    private void write(Connection connection, TenantId tenant, ConversationId id, List<RecordedEvent> all, int from,
                       int to) throws SQLException {
        List<RecordedEvent> events = all.subList(from, to);
        tables.insertEvents(connection, events);
        tables.upsertConversations(connection, List.of(new ConversationTables.Row(tenant,
                ConversationState.replay(id, all.subList(0, to)))));
    }

    @Test
    void storesAndReadsConversationsWithTheSameSql() throws SQLException {
        TenantId tenant = new TenantId("team-a");
        ConversationId id = ConversationId.random();
        List<RecordedEvent> events = recorded(tenant, id, Conversations.startedWithMessages(6, 3));
        try (Connection connection = postgres.getPostgresDatabase().getConnection()) {
            write(connection, tenant, id, events, 0, 2);
            write(connection, tenant, id, events, 2, 4);

            assertThat(tables.history(connection, tenant, id)).isEqualTo(events);
            assertThat(tables.history(connection, new TenantId("team-b"), id)).isEmpty();
            assertThat(tables.allConversations(connection)).filteredOn(row -> row.state().id().equals(id))
                    .singleElement().satisfies(row -> {
                        assertThat(row.tenant()).isEqualTo(tenant);
                        assertThat(row.state()).isEqualTo(ConversationState.replay(id, events));
                    });
            assertThat(tables.eventStats(connection).get(ConversationTables.key("team-a", id.value())))
                    .containsExactly(4L, 4L);
        }
    }

    @Test
    void keepsTitlesAndDeletionsOnPostgresToo() throws SQLException {
        TenantId tenant = new TenantId("team-a");
        ConversationId id = ConversationId.random();
        List<ConversationEvent> log = new ArrayList<>(Conversations.startedWithMessages(6, 1));
        log.add(new ConversationEvent.Renamed("Picnic — près de la rivière"));
        log.add(new ConversationEvent.Deleted());
        List<RecordedEvent> events = recorded(tenant, id, log);
        try (Connection connection = postgres.getPostgresDatabase().getConnection()) {
            write(connection, tenant, id, events, 0, 3);
            write(connection, tenant, id, events, 3, 4);

            assertThat(tables.history(connection, tenant, id)).isEqualTo(events);
            assertThat(tables.allConversations(connection)).filteredOn(row -> row.state().id().equals(id))
                    .singleElement().satisfies(row -> {
                        assertThat(row.state().title()).isEqualTo("Picnic — près de la rivière");
                        assertThat(row.state().deleted()).isTrue();
                        assertThat(row.state()).isEqualTo(ConversationState.replay(id, events));
                    });
        }
    }

    @Test
    void findsMessagesByTheirTextOnPostgresToo() throws SQLException {
        TenantId tenant = new TenantId("team-search");
        ConversationId id = ConversationId.random();
        List<RecordedEvent> events = recorded(tenant, id, List.of(Conversations.started(4),
                new ConversationEvent.MessageRecorded(0, Conversations.ADA.agentId(), "Ada", "Bring the \"Lemonade\""),
                new ConversationEvent.MessageRecorded(1, Conversations.BOB.agentId(), "Bob", "Sandwiches")));
        try (Connection connection = postgres.getPostgresDatabase().getConnection()) {
            write(connection, tenant, id, events, 0, 3);

            assertThat(tables.findMessages(connection, tenant, "\"LEMONADE\"", 10, any -> true))
                    .containsExactly(new dev.workshop.domain.conversation.MessageMatch(id, 0));
            assertThat(tables.findMessages(connection, tenant, "bob", 10, any -> true)).isEmpty();
        }
    }

    @Test
    void theUniqueTurnIndexStopsADuplicateTurnOnPostgresToo() throws SQLException {
        TenantId tenant = new TenantId("team-a");
        ConversationId id = ConversationId.random();
        List<RecordedEvent> events = recorded(tenant, id, Conversations.startedWithMessages(6, 1));
        try (Connection connection = postgres.getPostgresDatabase().getConnection()) {
            write(connection, tenant, id, events, 0, events.size());
            RecordedEvent duplicateTurn = new RecordedEvent(tenant, id, 3, Instant.now(), Conversations.message(0));
            assertThatThrownBy(() -> tables.insertEvents(connection, List.of(duplicateTurn)))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("ux_conversation_event_turn");
        }
    }
}
