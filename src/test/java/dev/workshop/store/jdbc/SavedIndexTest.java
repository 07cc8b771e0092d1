package dev.workshop.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.journal.JournalPosition;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The parts a chain of checkpoints saves add up to the whole index. */
class SavedIndexTest {
    private static final ConversationKey FIRST = new ConversationKey(TenantId.LOCAL, new ConversationId("first"));
    private static final ConversationKey SECOND = new ConversationKey(TenantId.LOCAL, new ConversationId("second"));
    private static final ConversationKey QUIET = new ConversationKey(TenantId.LOCAL, new ConversationId("quiet"));
    private static final ConversationKey LATE = new ConversationKey(new TenantId("team-b"), new ConversationId("late"));

    private static void add(Map<ConversationKey, EventPositions> index, ConversationKey key, long seq,
                            long segment, long offset) {
        index.computeIfAbsent(key, k -> new EventPositions()).add(seq, new JournalPosition(segment, offset));
    }

    @Test
    void aWholeIndexThenTheIndexSinceItLoadBackAsTheWholeIndexDoes() {
        Map<ConversationKey, EventPositions> live = new HashMap<>();
        add(live, FIRST, 1, 1, 64);
        add(live, SECOND, 1, 1, 128);
        add(live, FIRST, 2, 1, 192);
        add(live, QUIET, 1, 1, 256);
        JournalPosition checkpoint = new JournalPosition(2, 64);
        SavedIndex chain = new SavedIndex();
        byte[] whole = chain.save(live, JournalPosition.START);
        add(live, FIRST, 3, 2, 64);
        add(live, SECOND, 2, 2, 128);
        add(live, FIRST, 4, 3, 64);
        // A gap noticed later, in a conversation with nothing new: the part since must carry it too.
        live.get(QUIET).markIncomplete();
        // A conversation the chain has not named yet.
        add(live, LATE, 1, 3, 128);
        byte[] since = chain.save(live, checkpoint);

        Map<ConversationKey, EventPositions> loaded = new HashMap<>();
        assertThat(SavedIndex.load(List.of(whole, since), loaded)).isTrue();

        assertThat(loaded.keySet()).containsExactlyInAnyOrder(FIRST, SECOND, QUIET, LATE);
        for (ConversationKey key : List.of(FIRST, SECOND, QUIET, LATE)) {
            assertThat(loaded.get(key).snapshot()).as(key.conversation().value()).isEqualTo(live.get(key).snapshot());
            assertThat(loaded.get(key).incomplete()).isEqualTo(live.get(key).incomplete());
        }
        assertThat(loaded.get(QUIET).incomplete()).isTrue();
        assertThat(since.length).isLessThan(SavedIndex.saveWhole(live).length);
    }

    @Test
    void aPartThatCannotBeReadLeavesNothingLoaded() {
        Map<ConversationKey, EventPositions> live = new HashMap<>();
        add(live, FIRST, 1, 1, 64);
        byte[] whole = SavedIndex.saveWhole(live);
        byte[] cut = Arrays.copyOf(whole, whole.length - 3);

        Map<ConversationKey, EventPositions> loaded = new HashMap<>();
        assertThat(SavedIndex.load(List.of(whole, cut), loaded)).isFalse();
        assertThat(loaded).isEmpty();
    }

    /** A part in the saved form, written by hand: one entry for conversation number 0 of the chain. */
    private static byte[] part(List<ConversationKey> naming, long firstSeq, long... starts) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(2);
        out.writeInt(naming.size());
        for (ConversationKey key : naming) {
            for (String text : List.of(key.tenant().value(), key.conversation().value())) {
                byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
                out.writeInt(utf8.length);
                out.write(utf8);
            }
        }
        out.writeInt(1);
        out.writeInt(0);
        out.writeBoolean(false);
        out.writeLong(firstSeq);
        out.writeInt(starts.length);
        for (long start : starts) {
            out.writeLong(start);
        }
        return bytes.toByteArray();
    }

    @Test
    void partsThatOverlapOrLeaveAGapAreReadAsTheScanReadsRecordsWrittenTwiceOrLost() throws IOException {
        Map<ConversationKey, EventPositions> loaded = new HashMap<>();
        assertThat(SavedIndex.load(List.of(part(List.of(FIRST), 1, 100, 200), part(List.of(), 2, 200, 300)),
                loaded)).isTrue();
        assertThat(loaded.get(FIRST).snapshot()).containsExactly(100, 200, 300);
        assertThat(loaded.get(FIRST).incomplete()).isFalse();

        loaded.clear();
        assertThat(SavedIndex.load(List.of(part(List.of(FIRST), 1, 100), part(List.of(), 3, 300)), loaded)).isTrue();
        assertThat(loaded.get(FIRST).snapshot()).containsExactly(100, 300);
        assertThat(loaded.get(FIRST).incomplete()).isTrue();
    }
}
