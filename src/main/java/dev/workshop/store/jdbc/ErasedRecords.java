package dev.workshop.store.jdbc;

import dev.workshop.domain.conversation.ErasedChanges;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.store.EventCodec;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The journal's records as an erase keeps them: an erased conversation's records dropped, the changes it made to
 * shared elements replaced by what stands in for them ({@link ErasedChanges}), every other record kept byte for
 * byte.
 */
final class ErasedRecords implements UnaryOperator<byte[]> {
    private final JournalRecords records = new JournalRecords(new EventCodec());
    private final Predicate<String> erased;

    ErasedRecords(Predicate<String> erased) {
        this.erased = erased;
    }

    @Override
    public byte[] apply(byte[] record) {
        if (erased.test(JournalRecords.envelope(record).conversation())) {
            return null;
        }
        List<RecordedEvent> events = records.decodeAll(record);
        List<RecordedEvent> kept = ErasedChanges.without(events, erased);
        return kept == events ? record : records.encode(kept);
    }
}
