package dev.workshop.store.jdbc.team;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.Appended;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.store.jdbc.Appending;
import dev.workshop.store.jdbc.ConversationTables;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * One append on the team server, as one transaction: the writer's lease checked, the conversation's row locked and
 * its version checked, the events inserted, the row updated, the change announced, then the commit; rolled back
 * whole on any failure (nothing uncommitted was acknowledged).
 */
record AppendTransaction(ConversationTables tables, DriverLeases leases, ChangeFeed feed, Clock clock, int schema) {
    Appended write(Connection connection, TenantId tenant, ConversationId conversation, long expectedVersion,
                   List<ConversationEvent> events, List<Instant> times) throws SQLException {
        connection.setAutoCommit(false);
        try {
            leases.requireStillDriving(connection, tenant, conversation);
            ConversationState state = tables.conversation(connection, tenant, conversation, true).orElseGet(() ->
                    schema < 9 ? ConversationState.notStarted(conversation)
                            : TeamErasure.refuseErased(connection, tenant, conversation));
            Appending.Folded folded = Appending.fold(tenant, conversation, state, expectedVersion, events, times,
                    clock.instant().truncatedTo(ChronoUnit.MILLIS));
            List<RecordedEvent> recorded = folded.recorded();
            state = folded.after();
            tables.insertEvents(connection, recorded);
            tables.upsertConversations(connection, List.of(new ConversationTables.Row(tenant, state)));
            ChangeFeed.announce(connection, leases.owner(), tenant, conversation, state.version());
            connection.commit();
            feed.wrote(tenant, conversation, state.version());
            return new Appended(recorded, state);
        } catch (SQLException | RuntimeException e) {
            try {
                connection.rollback();
            } catch (SQLException rollbackFailed) {
                // The connection is gone with what was to be written (nothing committed): the first failure
                // says why, and whether it may be tried again; this one must not hide it.
                e.addSuppressed(rollbackFailed);
            }
            throw e;
        }
    }
}
