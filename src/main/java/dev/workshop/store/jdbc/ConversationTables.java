package dev.workshop.store.jdbc;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Mark;
import dev.workshop.domain.conversation.MessageMatch;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.EventCodec;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/** The SQL of the conversation tables, in one place. Portable: the same statements run on H2 and PostgreSQL. */
public final class ConversationTables {
    private static final String INSERT_EVENT = """
            INSERT INTO conversation_event
                (tenant_id, conversation_id, seq, event_type, turn_index, payload, recorded_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)""";
    /** The row's columns written in this order (the key last); the cause is the one a schema may lack. */
    private static final java.util.List<String> WRITTEN = java.util.List.of("kind", "status", "status_reason",
            "participants", "task_prompt", "max_turns", "turn_count", "last_speaker_id", "turn_in_doubt", "created_at",
            "updated_at", "version", "resumes_without_progress", "title", "deleted");
    private static final String CAUSE = "status_cause";
    private static final String DELETED_AT = "deleted_at";
    private static final String MARKS = "marks";
    private static final String KEY = "tenant_id = ? AND conversation_id = ?";
    private static final String READ = "tenant_id, conversation_id, kind, status, status_reason, participants,"
            + " task_prompt, max_turns, turn_count, last_speaker_id, turn_in_doubt, resumes_without_progress,"
            + " created_at, updated_at, version, title, deleted";
    private static final String SELECT_HISTORY = """
            SELECT seq, event_type, payload, recorded_at
              FROM conversation_event
             WHERE tenant_id = ? AND conversation_id = ? AND seq > ?
             ORDER BY seq""";

    /**
     * Message rows whose JSON body holds the search text: a cheap first cut in SQL (lower-cased, the text
     * escaped as the JSON writer escapes it), then each body decoded and its content checked, since the text
     * may also have matched a speaker's name or a field's name.
     */
    private static final String FIND_MESSAGES = """
            SELECT conversation_id, payload
              FROM conversation_event
             WHERE tenant_id = ? AND event_type = 'message_recorded' AND LOWER(payload) LIKE ? ESCAPE '!'
             ORDER BY conversation_id, seq""";

    /** A conversation's state together with its tenant, as the listing table holds it. */
    public record Row(TenantId tenant, ConversationState state) {
    }

    private final EventCodec codec;
    /** Whether the table has the cause column (schema 7 on): a test stands up an older Workshop on an older one. */
    private final boolean withCause;
    /** Whether the table keeps when a conversation was deleted (schema 8 on). */
    private final boolean withDeletedAt;
    /** Whether the table keeps the user's marks (schema 10 on). */
    private final boolean withMarks;
    private final String updateConversation;
    private final String insertConversation;
    private final String selectConversations;

    ConversationTables(EventCodec codec) {
        this(codec, SchemaVersion.LATEST);
    }

    public ConversationTables(EventCodec codec, int schema) {
        this.codec = codec;
        this.withCause = schema >= 7;
        this.withDeletedAt = schema >= 8;
        this.withMarks = schema >= 10;
        java.util.List<String> written = new java.util.ArrayList<>(WRITTEN);
        if (withCause) {
            written.add(CAUSE);
        }
        if (withDeletedAt) {
            written.add(DELETED_AT);
        }
        if (withMarks) {
            written.add(MARKS);
        }
        updateConversation = "UPDATE conversation SET " + String.join(" = ?, ", written) + " = ? WHERE " + KEY;
        written.addAll(java.util.List.of("tenant_id", "conversation_id"));
        insertConversation = "INSERT INTO conversation (" + String.join(", ", written) + ") VALUES ("
                + String.join(", ", java.util.Collections.nCopies(written.size(), "?")) + ")";
        selectConversations = "SELECT " + READ + (withCause ? ", " + CAUSE : "")
                + (withDeletedAt ? ", " + DELETED_AT : "") + (withMarks ? ", " + MARKS : "") + " FROM conversation";
    }

    /**
     * Inserts events, each with its JSON body as the payload. The bodies are encoded here, on the projector's
     * thread, rather than by the append that a conversation's loop waits for: the journal does not need them.
     */
    public void insertEvents(Connection connection, List<RecordedEvent> events) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(INSERT_EVENT)) {
            for (int i = 0; i < events.size(); i++) {
                RecordedEvent recorded = events.get(i);
                insert.setString(1, recorded.tenantId().value());
                insert.setString(2, recorded.conversationId().value());
                insert.setLong(3, recorded.seq());
                insert.setString(4, EventCodec.typeOf(recorded.event()));
                Integer turnIndex = EventCodec.uniqueTurnIndex(recorded.event());
                if (turnIndex == null) {
                    insert.setNull(5, Types.INTEGER);
                } else {
                    insert.setInt(5, turnIndex);
                }
                insert.setString(6, codec.body(recorded.event()));
                insert.setObject(7, timestamp(recorded.recordedAt()));
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    /** Writes each conversation's latest state: an update, or an insert the first time. */
    public void upsertConversations(Connection connection, Collection<Row> rows) throws SQLException {
        List<Row> missing = new ArrayList<>();
        try (PreparedStatement update = connection.prepareStatement(updateConversation)) {
            for (Row row : rows) {
                bindConversation(update, row);
                if (update.executeUpdate() == 0) {
                    missing.add(row);
                }
            }
        }
        if (!missing.isEmpty()) {
            try (PreparedStatement insert = connection.prepareStatement(insertConversation)) {
                for (Row row : missing) {
                    bindConversation(insert, row);
                    insert.addBatch();
                }
                insert.executeBatch();
            }
        }
    }

    private void bindConversation(PreparedStatement statement, Row row) throws SQLException {
        ConversationState state = row.state();
        statement.setString(1, state.kind().wireName());
        statement.setString(2, state.status().wireName());
        statement.setString(3, state.statusReason());
        statement.setString(4, codec.participants(state.participants()).toString());
        statement.setString(5, state.taskPrompt());
        statement.setInt(6, state.maxTurns());
        statement.setInt(7, state.turnCount());
        statement.setString(8, state.lastSpeaker().map(AgentId::value).orElse(null));
        statement.setInt(9, state.turnInDoubt());
        statement.setObject(10, timestamp(state.createdAt()));
        statement.setObject(11, timestamp(state.updatedAt()));
        statement.setLong(12, state.version());
        statement.setInt(13, state.resumesWithoutProgress());
        statement.setString(14, state.customTitle());
        statement.setBoolean(15, state.deleted());
        int next = 16;
        if (withCause) {
            statement.setString(next++, state.statusCause().wireName());
        }
        if (withDeletedAt) {
            if (state.deletedAt() == null) {
                statement.setNull(next++, Types.TIMESTAMP_WITH_TIMEZONE);
            } else {
                statement.setObject(next++, timestamp(state.deletedAt()));
            }
        }
        if (withMarks) {
            statement.setString(next++, String.join(",", state.marks().stream().map(Mark::wireName).sorted().toList()));
        }
        statement.setString(next++, row.tenant().value());
        statement.setString(next, state.id().value());
    }

    List<Row> allConversations(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(selectConversations)) {
            return rows(result);
        }
    }

    /** The tenant's conversations, deleted ones too. */
    public List<Row> conversations(Connection connection, TenantId tenant) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(selectConversations + " WHERE tenant_id = ?")) {
            select.setString(1, tenant.value());
            try (ResultSet result = select.executeQuery()) {
                return rows(result);
            }
        }
    }

    /**
     * One conversation's row; {@code lock}: locked until the transaction ends, so that appends to it take turns
     * (a first append has no row to lock: the event table's key makes the second one fail instead).
     */
    public java.util.Optional<ConversationState> conversation(Connection connection, TenantId tenant, ConversationId id,
                                                       boolean lock) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(selectConversations
                + " WHERE " + KEY + (lock ? " FOR UPDATE" : ""))) {
            select.setString(1, tenant.value());
            select.setString(2, id.value());
            try (ResultSet result = select.executeQuery()) {
                return rows(result).stream().map(Row::state).findFirst();
            }
        }
    }

    /** The tenant a conversation belongs to, whichever it is. */
    public java.util.Optional<TenantId> tenantOf(Connection connection, ConversationId id) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT tenant_id FROM conversation WHERE conversation_id = ?")) {
            select.setString(1, id.value());
            try (ResultSet result = select.executeQuery()) {
                return result.next() ? java.util.Optional.of(new TenantId(result.getString(1)))
                        : java.util.Optional.empty();
            }
        }
    }

    /**
     * When a deleted conversation was deleted: as its row says, else (a row written before the time was kept, or by
     * an older Workshop since) from its log, else its last activity.
     */
    public Instant deletedAt(Connection connection, TenantId tenant, ConversationState deleted) throws SQLException {
        return deleted.deletedAt() != null ? deleted.deletedAt()
                : deletedAt(connection, tenant, deleted.id()).orElse(deleted.updatedAt());
    }

    /** When the tenant's conversation was last deleted, from its log. */
    public java.util.Optional<Instant> deletedAt(Connection connection, TenantId tenant, ConversationId id)
            throws SQLException {
        try (PreparedStatement select = connection.prepareStatement("""
                SELECT MAX(recorded_at) AS deleted_at FROM conversation_event
                 WHERE tenant_id = ? AND conversation_id = ? AND event_type = 'deleted'""")) {
            select.setString(1, tenant.value());
            select.setString(2, id.value());
            try (ResultSet result = select.executeQuery()) {
                return result.next() && result.getObject(1) != null
                        ? java.util.Optional.of(instant(result, "deleted_at")) : java.util.Optional.empty();
            }
        }
    }

    /** A row's cause; null, for a row written before causes were kept, has the state read it from the sentence. */
    private static StatusCause cause(String wireName) {
        return wireName == null ? null : StatusCause.fromWireName(wireName);
    }

    private List<Row> rows(ResultSet result) throws SQLException {
        List<Row> rows = new ArrayList<>();
        while (result.next()) {
            String lastSpeaker = result.getString("last_speaker_id");
            rows.add(new Row(new TenantId(result.getString("tenant_id")), new ConversationState(
                    new ConversationId(result.getString("conversation_id")),
                    ConversationKind.fromWireName(result.getString("kind")),
                    ConversationStatus.fromWireName(result.getString("status")),
                    result.getString("status_reason"),
                    codec.participants(result.getString("participants")),
                    result.getString("task_prompt"),
                    result.getInt("max_turns"),
                    result.getInt("turn_count"),
                    lastSpeaker == null ? null : new AgentId(lastSpeaker),
                    result.getInt("turn_in_doubt"),
                    result.getInt("resumes_without_progress"),
                    result.getLong("version"),
                    instant(result, "created_at"),
                    instant(result, "updated_at"),
                    result.getString("title"),
                    result.getBoolean("deleted"),
                    withCause ? cause(result.getString("status_cause")) : null,
                    withDeletedAt && result.getObject(DELETED_AT) != null ? instant(result, DELETED_AT) : null,
                    withMarks ? marks(result.getString(MARKS)) : java.util.Set.of())));
        }
        return rows;
    }

    private static java.util.Set<Mark> marks(String stored) {
        java.util.Set<Mark> marks = java.util.EnumSet.noneOf(Mark.class);
        for (String name : stored == null ? new String[0] : stored.split(",")) {
            if (!name.isBlank()) {
                marks.add(Mark.fromWireName(name.strip()));
            }
        }
        return marks;
    }

    public List<RecordedEvent> history(Connection connection, TenantId tenant, ConversationId conversation)
            throws SQLException {
        return history(connection, tenant, conversation, 0);
    }

    /** The events after {@code version} (all of them from 0), in order. */
    public List<RecordedEvent> history(Connection connection, TenantId tenant, ConversationId conversation,
                                       long version) throws SQLException {
        List<RecordedEvent> events = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(SELECT_HISTORY)) {
            select.setString(1, tenant.value());
            select.setString(2, conversation.value());
            select.setLong(3, version);
            try (ResultSet result = select.executeQuery()) {
                while (result.next()) {
                    events.add(new RecordedEvent(tenant, conversation, result.getLong(1),
                            instant(result, "recorded_at"), codec.event(result.getString(2), result.getString(3))));
                }
            }
        }
        return events;
    }

    /** Messages whose content contains {@code needle}, ignoring case, of the conversations {@code listed} keeps. */
    public List<MessageMatch> findMessages(Connection connection, TenantId tenant, String needle, int limit,
                                    Predicate<ConversationId> listed) throws SQLException {
        String lower = needle.toLowerCase(Locale.ROOT);
        String pattern = "%" + codec.escaped(lower).replace("!", "!!").replace("%", "!%").replace("_", "!_") + "%";
        List<MessageMatch> matches = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(FIND_MESSAGES)) {
            select.setString(1, tenant.value());
            select.setString(2, pattern);
            try (ResultSet result = select.executeQuery()) {
                while (result.next() && matches.size() < limit) {
                    ConversationId id = new ConversationId(result.getString(1));
                    Optional<MessageRecorded> message = codec.event("message_recorded", result.getString(2)).asMessage()
                            .filter(said -> said.content().toLowerCase(Locale.ROOT).contains(lower));
                    if (message.isPresent() && listed.test(id)) {
                        matches.add(new MessageMatch(id, message.get().turnIndex()));
                    }
                }
            }
        }
        return matches;
    }

    /** For each conversation with events: its highest seq and its number of events. */
    Map<String, long[]> eventStats(Connection connection) throws SQLException {
        Map<String, long[]> stats = new HashMap<>();
        try (Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("""
                     SELECT tenant_id, conversation_id, MAX(seq), COUNT(*)
                       FROM conversation_event
                      GROUP BY tenant_id, conversation_id""")) {
            while (result.next()) {
                stats.put(key(result.getString(1), result.getString(2)), new long[] {result.getLong(3), result.getLong(4)});
            }
        }
        return stats;
    }

    /** The steps of a conversation that the store's recovery found lost: {@code lost} events stand in for them. */
    long lostSteps(Connection connection, TenantId tenant, ConversationId conversation) throws SQLException {
        try (var statement = connection.prepareStatement("""
                SELECT COUNT(*) FROM conversation_event
                 WHERE tenant_id = ? AND conversation_id = ? AND event_type = 'lost'""")) {
            statement.setString(1, tenant.value());
            statement.setString(2, conversation.value());
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return result.getLong(1);
            }
        }
    }

    public static String key(String tenant, String conversation) {
        return tenant + '\u0000' + conversation;
    }

    /** Makes H2 write and sync everything committed so far. */
    void syncToDisk(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("CHECKPOINT SYNC");
        }
    }

    private static OffsetDateTime timestamp(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }

    private static Instant instant(ResultSet result, String column) throws SQLException {
        return result.getObject(column, OffsetDateTime.class).toInstant();
    }
}
