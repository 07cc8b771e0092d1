package dev.workshop.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.Conversations;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.jdbc.JournalFiles.Located;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damage to a journal record in the moments before the tables' synced copy holds it (a crash with the tables
 * behind). A conversation's start (task, participants, limits, title) is never held in one place only: it is
 * taken from the copy written beside the journal, and the conversation goes on as it was, with a word for the
 * user (before that copy existed the same damage left a conversation with no task, created in 1970, that resume
 * ended for good). A message no copy held is lost, and every reader is told where: never "nothing is missing".
 */
class DamageBeforeTheSecondCopyTest {
    private static final TenantId LOCAL = TenantId.LOCAL;
    private static final long SEGMENT_BYTES = 64 * 1024;

    @TempDir
    Path dir;

    private final ConversationId before = ConversationId.random();
    private final ConversationId damaged = ConversationId.random();

    @Test
    void aDamagedFirstRecordTakesTheStartFromItsCopyAndTheConversationGoesOn() throws Exception {
        List<RecordedEvent> written = writeWithTablesBehind(3);
        flipFirstRecordOf(damaged);

        try (DataDirectory data = DataDirectory.lock(dir);
             var store = JournaledConversationStore.open(data, SEGMENT_BYTES, java.time.Clock.systemUTC())) {
            ConversationState state = store.state(LOCAL, damaged).orElseThrow();
            assertThat(state.task()).contains("Plan a picnic");
            assertThat(state.participants()).containsExactly(Conversations.ADA, Conversations.BOB);
            assertThat(state.maxTurns()).isEqualTo(20);
            assertThat(state.createdAt()).isEqualTo(written.getFirst().recordedAt()).isAfter(Instant.EPOCH);
            assertThat(store.history(LOCAL, damaged)).extracting(RecordedEvent::event)
                    .isEqualTo(written.stream().map(RecordedEvent::event).toList());
            assertThat(String.join("\n", store.openingWarnings())).contains("Damage in the journal took the start of"
                    + " \u201cPlan a picnic\u201d; task, participants and limits were taken back");

            store.append(LOCAL, damaged, state.version(), List.of(Conversations.message(state.turnCount())));
            assertThat(store.state(LOCAL, damaged).orElseThrow().turnCount()).isEqualTo(4);
        }
    }

    @Test
    void aConversationWithOnlyItsDamagedStartIsBegunAgainFromTheCopy() throws Exception {
        List<RecordedEvent> written = writeWithTablesBehind(0);
        flipFirstRecordOf(damaged);

        try (DataDirectory data = DataDirectory.lock(dir);
             var store = JournaledConversationStore.open(data, SEGMENT_BYTES, java.time.Clock.systemUTC())) {
            ConversationState state = store.state(LOCAL, damaged).orElseThrow();
            assertThat(state.task()).contains("Plan a picnic");
            assertThat(store.history(LOCAL, damaged)).extracting(RecordedEvent::event)
                    .isEqualTo(written.stream().map(RecordedEvent::event).toList());
            assertThat(store.list(LOCAL)).extracting(ConversationState::id).contains(damaged);
            store.append(LOCAL, damaged, state.version(), List.of(Conversations.message(0)));
        }
        // And the next open finds it as it was left, its history whole.
        try (DataDirectory data = DataDirectory.lock(dir);
             var store = JournaledConversationStore.open(data, SEGMENT_BYTES, java.time.Clock.systemUTC())) {
            assertThat(store.history(LOCAL, damaged)).hasSize(written.size() + 1);
        }
    }

    @Test
    void aStartThatNeverReachedTheJournalIsNotRestoredFromItsCopyAlone() throws Exception {
        writeWithTablesBehind(2);
        // The process stopped between the copy and the journal's record: the journal is sound, the start was
        // never acknowledged, and nothing comes back from the copy.
        ConversationId neverAcknowledged = ConversationId.random();
        try (StartCopies copies = StartCopies.open(dir, new JournalRecords(new dev.workshop.store.EventCodec()),
                warning -> { })) {
            copies.awaitSaved(copies.save(List.of(new RecordedEvent(LOCAL, neverAcknowledged, 1, Instant.now(),
                    Conversations.started(5)))), neverAcknowledged);
        }

        try (DataDirectory data = DataDirectory.lock(dir);
             var store = JournaledConversationStore.open(data, SEGMENT_BYTES, java.time.Clock.systemUTC())) {
            assertThat(store.state(LOCAL, neverAcknowledged)).isEmpty();
            assertThat(store.state(LOCAL, damaged)).isPresent();
        }
    }

    @Test
    void aMessageNoCopyHeldIsMarkedLostInItsPlaceAndNothingSaysNothingIsMissing() throws Exception {
        writeWithTablesBehind(4);
        Located turnOne = JournalFiles.records(dir).stream()
                .filter(record -> record.conversation().equals(damaged.value()) && record.seq() == 3)
                .findFirst().orElseThrow();
        JournalFiles.flipPayloadBit(turnOne, turnOne.length() / 2);

        try (DataDirectory data = DataDirectory.lock(dir);
             var store = JournaledConversationStore.open(data, SEGMENT_BYTES, java.time.Clock.systemUTC())) {
            List<RecordedEvent> history = store.history(LOCAL, damaged);
            ConversationState state = store.state(LOCAL, damaged).orElseThrow();
            assertThat(history.get(2).event()).isInstanceOf(ConversationEvent.Lost.class);
            String warnings = String.join("\n", store.openingWarnings());
            assertThat(warnings).contains("lost 1 step").doesNotContain("nothing is missing");

            String markdown = dev.workshop.orchestration.ConversationExport.markdown(state, history);
            assertThat(markdown).contains("- Lost messages: 1 (turn 2)").contains("## 2. Message lost")
                    .contains("## 3. Ada");
            var json = dev.workshop.orchestration.ConversationExport.withMessages(LOCAL, state, history);
            assertThat(json.path("lost_messages").path(0).path("turn_index").asInt()).isEqualTo(1);
            assertThat(json.path("messages")).hasSize(3);
        }
        // Opened again, the journal still lacks that step: the tables are read, and say a step was lost.
        try (DataDirectory data = DataDirectory.lock(dir);
             var store = JournaledConversationStore.open(data, SEGMENT_BYTES, java.time.Clock.systemUTC())) {
            assertThat(String.join("\n", store.openingWarnings())).contains("which marks where 1 step was lost")
                    .doesNotContain("nothing is missing");
        }
    }

    /**
     * Conversation {@code before} with a message, the tables copied then; conversation {@code damaged} started
     * with {@code messages} messages, and {@code before} given more after it (so its first record is followed by
     * others: damage, not a torn last write); then the tables put back as they were and the close undone (a crash
     * with the tables behind). Returns the events of {@code damaged}.
     */
    private List<RecordedEvent> writeWithTablesBehind(int messages) throws IOException {
        List<RecordedEvent> written = new ArrayList<>();
        try (DataDirectory data = DataDirectory.lock(dir);
             var store = JournaledConversationStore.open(data, SEGMENT_BYTES, java.time.Clock.systemUTC())) {
            store.append(LOCAL, before, 0, List.of(Conversations.started(20)));
            store.append(LOCAL, before, 1, List.of(Conversations.message(0)));
        }
        Files.copy(dir.resolve("workshop.mv.db"), dir.resolve("tables-then"));
        Files.copy(dir.resolve("journal").resolve("applied.pos"), dir.resolve("applied-then"));
        try (DataDirectory data = DataDirectory.lock(dir);
             var store = JournaledConversationStore.open(data, SEGMENT_BYTES, java.time.Clock.systemUTC())) {
            written.addAll(store.append(LOCAL, damaged, 0, List.of(Conversations.started(20))).events());
            for (int turn = 0; turn < messages; turn++) {
                written.addAll(store.append(LOCAL, damaged, written.size(), List.of(Conversations.message(turn))).events());
            }
            store.append(LOCAL, before, 2, List.of(Conversations.message(1)));
        }
        Files.move(dir.resolve("tables-then"), dir.resolve("workshop.mv.db"), StandardCopyOption.REPLACE_EXISTING);
        Files.move(dir.resolve("applied-then"), dir.resolve("journal").resolve("applied.pos"),
                StandardCopyOption.REPLACE_EXISTING);
        Files.deleteIfExists(dir.resolve("journal").resolve("clean-close.idx"));
        return written;
    }

    private void flipFirstRecordOf(ConversationId conversation) throws IOException {
        Located first = JournalFiles.records(dir).stream()
                .filter(record -> record.conversation().equals(conversation.value()) && record.seq() == 1)
                .findFirst().orElseThrow();
        JournalFiles.flipPayloadBit(first, first.length() / 2);
    }
}
