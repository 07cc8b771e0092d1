package dev.workshop.store.jdbc;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.StoreException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * A conversation's history as the journaled store reads it: from the journal, which has it first, through the
 * position of every record; from the tables when the journal lost a record of it, or when its copy rotted since it
 * was written (then from there on, with a warning).
 */
final class Histories {
    private final Map<ConversationKey, EventPositions> positions;
    private final Supplier<HistoryReader> journal;
    private final Path journalDirectory;
    private final List<String> warnings;
    private final BiFunction<TenantId, ConversationId, List<RecordedEvent>> fromTables;

    Histories(Map<ConversationKey, EventPositions> positions, Supplier<HistoryReader> journal, Path journalDirectory,
              List<String> warnings, BiFunction<TenantId, ConversationId, List<RecordedEvent>> fromTables) {
        this.positions = positions;
        this.journal = journal;
        this.journalDirectory = journalDirectory;
        this.warnings = warnings;
        this.fromTables = fromTables;
    }

    List<RecordedEvent> read(TenantId tenant, ConversationId conversation) {
        EventPositions known = positions.get(new ConversationKey(tenant, conversation));
        if (known == null) {
            return List.of();
        }
        if (known.incomplete()) {
            return fromTables.apply(tenant, conversation);
        }
        List<RecordedEvent> history;
        try {
            history = journal.get().read(tenant, conversation, known.recordStarts());
        } catch (IOException | RuntimeException damaged) {
            // The journal's copy rotted since it was written (a flipped byte fails its checksum): the tables hold
            // every event too, so the history is read from there, now and from now on.
            known.markIncomplete();
            String warning = "Conversation " + conversation + " could not be read from the journal in "
                    + journalDirectory + " (" + damaged.getMessage() + "); it is read from the database,"
                    + " which holds it too";
            warnings.add(warning);
            try {
                return fromTables.apply(tenant, conversation);
            } catch (StoreException alsoFailed) {
                throw new StoreException(warning + ", and that failed too: " + alsoFailed.getMessage(), damaged);
            }
        }
        return Collections.unmodifiableList(history);
    }
}
