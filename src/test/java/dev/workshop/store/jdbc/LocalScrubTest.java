package dev.workshop.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.Conversations;
import dev.workshop.store.DataDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The desktop store's files scrubbed of a conversation (docs/decisions/0031): over several segments, with damage in
 * them, and run again after it was done or cut short. The store opens afterwards with every other conversation as
 * it was and nothing of the erased one.
 */
class LocalScrubTest {
    private static final TenantId LOCAL = TenantId.LOCAL;
    /** Small segments, so that a few conversations span several. */
    private static final long SEGMENT_BYTES = 8 * 1024;
    private static final int ROUNDS = 40;

    @TempDir
    Path dir;

    private final ConversationId erased = new ConversationId("erase-me");
    private final List<ConversationId> kept = List.of(new ConversationId("keep-1"), new ConversationId("keep-2"));

    private Map<ConversationId, List<RecordedEvent>> writeThree() {
        Map<ConversationId, List<RecordedEvent>> histories = new HashMap<>();
        try (DataDirectory data = DataDirectory.lock(dir);
             JournaledConversationStore store = JournaledConversationStore.open(data, SEGMENT_BYTES,
                     Clock.systemUTC())) {
            for (int round = 0; round < ROUNDS; round++) {
                for (ConversationId id : List.of(kept.get(0), erased, kept.get(1))) {
                    long version = store.state(LOCAL, id).map(state -> state.version()).orElse(0L);
                    store.append(LOCAL, id, version, round == 0 ? Conversations.startedWithMessages(200, 8)
                            : List.of(Conversations.message(7 + round)));
                }
            }
            kept.forEach(id -> histories.put(id, store.history(LOCAL, id)));
        }
        return histories;
    }

    private Predicate<String> erasedOnes() {
        return erased.value()::equals;
    }

    @Test
    void theErasedRecordsGoFromEverySegmentAndTheStoreOpensWithTheOthersAsTheyWere() throws Exception {
        Map<ConversationId, List<RecordedEvent>> before = writeThree();
        assertThat(JournalFiles.segments(dir)).hasSizeGreaterThan(1);

        LocalScrub.Scrubbed scrubbed;
        try (DataDirectory data = DataDirectory.lock(dir)) {
            scrubbed = LocalScrub.run(data, erasedOnes());
            assertThat(LocalScrub.run(data, erasedOnes())).as("a second run finds nothing more")
                    .isEqualTo(new LocalScrub.Scrubbed(0, 0, 0, 0, 0));
        }

        assertThat(scrubbed.journalRecords()).isEqualTo(ROUNDS);
        assertThat(scrubbed.startCopies()).isEqualTo(1);
        assertThat(scrubbed.databaseFiles()).isEqualTo(1);
        assertThat(JournalFiles.records(dir)).extracting(JournalFiles.Located::conversation)
                .doesNotContain(erased.value()).contains(kept.get(0).value(), kept.get(1).value());
        try (DataDirectory data = DataDirectory.lock(dir);
             JournaledConversationStore store = JournaledConversationStore.open(data, SEGMENT_BYTES,
                     Clock.systemUTC())) {
            assertThat(store.openingWarnings()).isEmpty();
            assertThat(store.state(LOCAL, erased)).isEmpty();
            kept.forEach(id -> assertThat(store.history(LOCAL, id)).isEqualTo(before.get(id)));
            // The journal takes appends after the rewrite, in the active segment it rewrote.
            long version = store.state(LOCAL, kept.get(0)).orElseThrow().version();
            store.append(LOCAL, kept.get(0), version, List.of(Conversations.message(ROUNDS + 7)));
        }
        try (DataDirectory data = DataDirectory.lock(dir);
             JournaledConversationStore store = JournaledConversationStore.open(data, SEGMENT_BYTES,
                     Clock.systemUTC())) {
            assertThat(store.history(LOCAL, kept.get(0))).hasSize(before.get(kept.get(0)).size() + 1);
        }
    }

    @Test
    void bytesThatReadAsNoRecordGoTooForWhatTheyHeldCannotBeTold() throws Exception {
        writeThree();
        JournalFiles.Located damaged = JournalFiles.records(dir).stream()
                .filter(record -> record.conversation().equals(erased.value())).findFirst().orElseThrow();
        JournalFiles.flipPayloadBit(damaged, 3);
        Path copy = damaged.file().resolveSibling(damaged.file().getFileName() + ".damaged-20261128-000000");
        Files.copy(damaged.file(), copy);

        LocalScrub.Scrubbed scrubbed;
        try (DataDirectory data = DataDirectory.lock(dir)) {
            scrubbed = LocalScrub.run(data, erasedOnes());
        }

        assertThat(scrubbed.unreadableBytes()).as("the damaged record, in the segment and in its copy")
                .isEqualTo(2L * JournalFiles.alignedSize(damaged.length()));
        byte[] name = erased.value().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (Path file : List.of(damaged.file(), copy)) {
            assertThat(indexOf(Files.readAllBytes(file), name)).as("%s", file).isEqualTo(-1);
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
