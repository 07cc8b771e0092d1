package dev.workshop.store.jdbc;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.journal.Journal;
import dev.workshop.store.journal.JournalPosition;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads one conversation's history from the journal records that hold it, and checks that its events run
 * 1, 2, 3… with none missing. (Reading the two halves of a long history on two threads was tried: in a JVM
 * that has just started it is slower, as the second thread competes with the JIT compiler for the cores.)
 */
final class HistoryReader {
    private final Journal<?> journal;
    private final JournalRecords records;

    HistoryReader(Journal<?> journal, JournalRecords records) {
        this.journal = journal;
        this.records = records;
    }

    /**
     * @param starts the records' starts ({@link JournalPosition#pack}), each once, in journal order
     * @throws IOException              if a record is not intact
     * @throws IllegalArgumentException if a record cannot be decoded, belongs elsewhere or is out of sequence
     */
    List<RecordedEvent> read(TenantId tenant, ConversationId conversation, long[] starts) throws IOException {
        Collector collector = new Collector(records.decoder(tenant, conversation), starts.length);
        journal.readRecords(starts, collector);
        List<RecordedEvent> history = collector.events;
        for (int i = 0; i < history.size(); i++) {
            if (history.get(i).seq() != i + 1) {
                throw new IllegalArgumentException("the record after event " + i + " holds event "
                        + history.get(i).seq() + " where event " + (i + 1) + " belongs");
            }
        }
        return history;
    }

    /** Decodes each record into the list (a class rather than a lambda: this runs once per restore, cold). */
    private static final class Collector implements Journal.RecordVisitor {
        private final JournalRecords.Decoder decoder;
        private final List<RecordedEvent> events;

        Collector(JournalRecords.Decoder decoder, int records) {
            this.decoder = decoder;
            this.events = new ArrayList<>(records + 16);
        }

        @Override
        public void visit(long start, byte[] bytes, int offset, int length) {
            try {
                decoder.decodeInto(bytes, offset, length, events);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("the record at " + JournalPosition.unpack(start) + " "
                        + e.getMessage(), e);
            }
        }
    }
}
