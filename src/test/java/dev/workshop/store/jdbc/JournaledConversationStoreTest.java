package dev.workshop.store.jdbc;

import static dev.workshop.store.Conversations.message;
import static dev.workshop.store.Conversations.started;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationRules;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.DeletedConversation;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.conversation.TextTooLargeException;
import dev.workshop.domain.conversation.TurnAlreadyRecordedException;
import dev.workshop.store.ConcurrentAppendException;
import dev.workshop.store.Conversations;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.DataDirectoryInUseException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournaledConversationStoreTest {
    private static final TenantId LOCAL = TenantId.LOCAL;
    @TempDir
    Path dir;

    private <T> T withStore(java.util.function.Function<JournaledConversationStore, T> work) {
        try (DataDirectory data = DataDirectory.lock(dir); var store = JournaledConversationStore.open(data)) {
            return work.apply(store);
        }
    }

    private List<RecordedEvent> history(TenantId tenant, ConversationId id) {
        return withStore(store -> store.history(tenant, id));
    }

    private java.util.Optional<ConversationState> state(TenantId tenant, ConversationId id) {
        return withStore(store -> store.state(tenant, id));
    }

    @Test
    void keepsEveryEventAcrossAReopen() {
        ConversationId id = ConversationId.random();
        withStore(store -> store.append(LOCAL, id, 0, Conversations.startedWithMessages(6, 3)));

        List<RecordedEvent> history = withStore(store -> store.history(LOCAL, id));

        assertThat(history).extracting(RecordedEvent::seq).containsExactly(1L, 2L, 3L, 4L);
        assertThat(history.get(3).event()).isEqualTo(message(2));
        ConversationState state = withStore(store -> store.state(LOCAL, id).orElseThrow());
        assertThat(state.turnCount()).isEqualTo(3);
        assertThat(state.status()).isEqualTo(ConversationStatus.ACTIVE);
        assertThat(state.version()).isEqualTo(4);
        assertThat(state).isEqualTo(ConversationState.replay(id, history));
    }

    @Test
    void readsItsOwnWritesAtOnce() {
        ConversationId id = ConversationId.random();
        List<RecordedEvent> history = withStore(store -> {
            store.append(LOCAL, id, 0, List.of(started(4)));
            store.append(LOCAL, id, 1, List.of(message(0)));
            return store.history(LOCAL, id);
        });
        assertThat(history).hasSize(2);
    }

    @Test
    void refusesToRecordATurnTwice() {
        ConversationId id = ConversationId.random();
        withStore(store -> store.append(LOCAL, id, 0, Conversations.startedWithMessages(6, 2)));

        assertThatThrownBy(() -> withStore(store -> store.append(LOCAL, id, 3, List.of(message(1)))))
                .isInstanceOf(TurnAlreadyRecordedException.class)
                .hasMessageContaining("Turn 1 of conversation " + id + " is already recorded");
        assertThat(history(LOCAL, id)).hasSize(3);
    }

    @Test
    void refusesAStaleWriter() {
        ConversationId id = ConversationId.random();
        assertThatThrownBy(() -> withStore(store -> {
            store.append(LOCAL, id, 0, List.of(started(4)));
            store.append(LOCAL, id, 1, List.of(message(0)));
            return store.append(LOCAL, id, 1, List.of(message(1)));
        })).isInstanceOf(ConcurrentAppendException.class).hasMessageContaining("is at version 2, not 1");
    }

    @Test
    void refusesAMessageOverOneMebibyteAndKeepsWhatWasThere() {
        ConversationId id = ConversationId.random();
        String huge = "x".repeat(ConversationRules.MAX_TEXT_BYTES + 1);
        assertThatThrownBy(() -> withStore(store -> {
            store.append(LOCAL, id, 0, List.of(started(4)));
            return store.append(LOCAL, id, 1, List.of(new MessageRecorded(0, Conversations.ADA.agentId(), "Ada", huge)));
        })).isInstanceOf(TextTooLargeException.class)
                .hasMessageContaining("1048577 bytes is over the limit of 1048576 bytes");

        assertThat(history(LOCAL, id)).hasSize(1);
    }

    @Test
    void storesAMessageOfExactlyOneMebibyte() {
        ConversationId id = ConversationId.random();
        String largest = "é".repeat(ConversationRules.MAX_TEXT_BYTES / 2);
        withStore(store -> store.append(LOCAL, id, 0, List.of(started(4),
                new MessageRecorded(0, Conversations.ADA.agentId(), "Ada", largest))));

        var history = withStore(store -> store.history(LOCAL, id));
        assertThat(((MessageRecorded) history.get(1).event()).content()).isEqualTo(largest);
    }

    @Test
    void keepsAnAppendOfSeveralEventsTogether() {
        ConversationId id = ConversationId.random();
        assertThatThrownBy(() -> withStore(store -> store.append(LOCAL, id, 0,
                List.of(started(4), message(0), message(0)))))
                .isInstanceOf(TurnAlreadyRecordedException.class);

        assertThat(state(LOCAL, id)).isEmpty();
    }

    @Test
    void listsNewestFirstAndKeepsTenantsApart() {
        ConversationId first = ConversationId.random();
        ConversationId second = ConversationId.random();
        ConversationId other = ConversationId.random();
        TenantId team = new TenantId("team-b");
        // A clock that moves one second per reading, so "newest" never depends on the machine's speed.
        java.util.concurrent.atomic.AtomicLong seconds = new java.util.concurrent.atomic.AtomicLong(1_000_000);
        java.time.Clock ticking = new TestClock(() -> java.time.Instant.ofEpochSecond(seconds.incrementAndGet()));
        List<ConversationState> listed;
        try (DataDirectory data = DataDirectory.lock(dir);
             var store = JournaledConversationStore.open(data, 1024 * 1024, ticking)) {
            store.append(LOCAL, first, 0, List.of(started(4)));
            store.append(team, other, 0, List.of(started(4)));
            store.append(LOCAL, second, 0, List.of(started(4)));
            store.append(LOCAL, first, 1, List.of(new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, "done")));
            listed = store.list(LOCAL);
        }
        assertThat(listed).extracting(ConversationState::id).containsExactly(first, second);
        assertThat(this.<Integer>withStore(store -> store.count(team))).isEqualTo(1);
        assertThat(history(team, first)).isEmpty();
    }

    @Test
    void keepsTitlesAndDeletionsAcrossAReopenAndFromTheJournalAlone() {
        ConversationId kept = ConversationId.random();
        ConversationId deleted = ConversationId.random();
        withStore(store -> {
            store.append(LOCAL, kept, 0, List.of(started(4)));
            store.append(LOCAL, kept, 1, List.of(new ConversationEvent.Renamed("Picnic plans")));
            store.append(LOCAL, deleted, 0, Conversations.startedWithMessages(4, 2));
            store.append(LOCAL, deleted, 3, List.of(new ConversationEvent.Deleted()));
            assertThat(store.list(LOCAL)).extracting(ConversationState::id).containsExactly(kept);
            return store.count(LOCAL);
        });

        for (int open = 0; open < 2; open++) {
            assertThat(this.<List<ConversationState>>withStore(store -> store.list(LOCAL)))
                    .singleElement().satisfies(state -> {
                        assertThat(state.id()).isEqualTo(kept);
                        assertThat(state.title()).isEqualTo("Picnic plans");
                    });
            assertThat(this.<Integer>withStore(store -> store.count(LOCAL))).isEqualTo(1);
            assertThat(this.<List<DeletedConversation>>withStore(store -> store.listDeleted(LOCAL)))
                    .singleElement().satisfies(gone -> {
                        assertThat(gone.state().id()).isEqualTo(deleted);
                        assertThat(gone.deletedAt()).as("the deletion's own time, not the last activity")
                                .isEqualTo(history(LOCAL, deleted).getLast().recordedAt())
                                .isAfterOrEqualTo(gone.state().updatedAt());
                    });
            assertThat(this.<List<DeletedConversation>>withStore(store -> store.listDeleted(new TenantId("team-b"))))
                    .isEmpty();
            assertThat(state(LOCAL, deleted)).get().satisfies(state -> {
                assertThat(state.deleted()).isTrue();
                assertThat(state.turnCount()).as("its log is kept").isEqualTo(2);
            });
            // The second time round, from the journal alone.
            assertThat(dir.resolve("workshop.mv.db").toFile().delete()).isTrue();
        }
        assertThatThrownBy(() -> withStore(store -> store.append(LOCAL, deleted, 4, List.of(message(2)))))
                .hasMessage("Conversation " + deleted + " was deleted");
    }

    @Test
    void findsMessagesByTheirTextOnlyIgnoringCaseAndLeavesDeletedConversationsOut() {
        ConversationId picnic = ConversationId.random();
        ConversationId deleted = ConversationId.random();
        ConversationId other = ConversationId.random();
        TenantId team = new TenantId("team-b");
        withStore(store -> {
            store.append(LOCAL, picnic, 0, List.of(started(6),
                    new MessageRecorded(0, Conversations.ADA.agentId(), "Ada", "Bring the \"Lemonade\", 100% fresh_ly"),
                    new MessageRecorded(1, Conversations.BOB.agentId(), "Bob", "Sandwiches for twelve"),
                    new MessageRecorded(2, Conversations.ADA.agentId(), "Ada", "and more LEMONADE")));
            store.append(LOCAL, deleted, 0, List.of(started(6),
                    new MessageRecorded(0, Conversations.ADA.agentId(), "Ada", "lemonade again"),
                    new ConversationEvent.Deleted()));
            store.append(team, other, 0, List.of(started(6),
                    new MessageRecorded(0, Conversations.ADA.agentId(), "Ada", "lemonade elsewhere")));
            return null;
        });

        assertThat(this.<List<dev.workshop.domain.conversation.MessageMatch>>withStore(store -> store.findMessages(LOCAL, "lemonade", 10)))
                .containsExactly(new dev.workshop.domain.conversation.MessageMatch(picnic, 0), new dev.workshop.domain.conversation.MessageMatch(picnic, 2));
        assertThat(this.<List<dev.workshop.domain.conversation.MessageMatch>>withStore(store -> store.findMessages(LOCAL, "\"lemonade\", 100% fresh_", 10)))
                .as("quotes, % and _ are text, not patterns").extracting(match -> match.turnIndex()).containsExactly(0);
        assertThat(this.<List<dev.workshop.domain.conversation.MessageMatch>>withStore(store -> store.findMessages(LOCAL, "100_ fresh", 10))).isEmpty();
        assertThat(this.<List<dev.workshop.domain.conversation.MessageMatch>>withStore(store -> store.findMessages(LOCAL, "Ada", 10)))
                .as("a speaker's name is not the message's text").isEmpty();
        assertThat(this.<List<dev.workshop.domain.conversation.MessageMatch>>withStore(store -> store.findMessages(LOCAL, "content", 10))).isEmpty();
        assertThat(this.<List<dev.workshop.domain.conversation.MessageMatch>>withStore(store -> store.findMessages(LOCAL, "lemonade", 1))).hasSize(1);
        assertThat(this.<List<dev.workshop.domain.conversation.MessageMatch>>withStore(store -> store.findMessages(LOCAL, "  ", 10))).isEmpty();
    }

    @Test
    void answersAnUnknownIdWithNothing() {
        ConversationId unknown = new ConversationId("no-such-conversation");
        assertThat(history(LOCAL, unknown)).isEmpty();
        assertThat(state(LOCAL, unknown)).isEmpty();
    }

    @Test
    void aSecondOpenOfTheSameDirectoryIsRefusedClearly() {
        try (DataDirectory held = DataDirectory.lock(dir)) {
            assertThatThrownBy(() -> DataDirectory.lock(dir))
                    .isInstanceOf(DataDirectoryInUseException.class)
                    .hasMessage("Workshop is already running with data directory " + dir.toAbsolutePath().normalize());
        }
    }

    @Test
    void rebuildsEverythingFromTheJournalSegmentsWhenTheDatabaseIsGone() {
        ConversationId id = ConversationId.random();
        long segmentBytes = 16 * 1024;
        try (DataDirectory data = DataDirectory.lock(dir);
             var store = JournaledConversationStore.open(data, segmentBytes, java.time.Clock.systemUTC())) {
            store.append(LOCAL, id, 0, List.of(started(1000)));
            for (int i = 0; i < 600; i++) {
                store.append(LOCAL, id, i + 1, List.of(message(i)));
            }
        }
        assertThat(dir.resolve("journal").toFile().list((d, name) -> name.endsWith(".wal"))).hasSizeGreaterThan(3);
        // Without the database file, everything must come back from the journal's segments alone.
        assertThat(dir.resolve("workshop.mv.db").toFile().delete()).isTrue();

        ConversationState state = withStore(store -> store.state(LOCAL, id).orElseThrow());
        assertThat(state.turnCount()).isEqualTo(600);
        assertThat(history(LOCAL, id)).hasSize(601).extracting(RecordedEvent::seq)
                .containsExactlyElementsOf(java.util.stream.LongStream.rangeClosed(1, 601).boxed().toList());
    }

    @Test
    void opensAfterACrashRightAfterASegmentRollOver() throws Exception {
        ConversationId id = ConversationId.random();
        withStore(store -> store.append(LOCAL, id, 0, Conversations.startedWithMessages(6, 2)));
        // The crash came after segment 2 was put in place and before anything was written to it.
        java.nio.ByteBuffer segment = java.nio.ByteBuffer.allocate(64 * 1024);
        segment.put("WKSHJRN1".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).putLong(2);
        java.nio.file.Files.write(dir.resolve("journal").resolve("00000000000000000002.wal"), segment.array());

        List<RecordedEvent> history = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                java.time.Duration.ofSeconds(20), () -> history(LOCAL, id));

        assertThat(history).hasSize(3);
        withStore(store -> store.append(LOCAL, id, 3, List.of(message(2))));
        assertThat(history(LOCAL, id)).hasSize(4);
    }

    @Test
    void anAppendThatDoesNotWaitIsDurableWithTheNextOne() {
        ConversationId id = ConversationId.random();
        withStore(store -> {
            store.append(LOCAL, id, 0, List.of(started(4)));
            store.append(LOCAL, id, 1, List.of(new dev.workshop.domain.conversation.ConversationEvent.TurnStarted(0,
                    Conversations.ADA.agentId(), false)), dev.workshop.store.Durability.WITH_NEXT);
            assertThat(store.state(LOCAL, id).orElseThrow().turnInDoubt()).isZero();
            return store.append(LOCAL, id, 2, List.of(message(0)));
        });
        assertThat(history(LOCAL, id)).extracting(RecordedEvent::seq).containsExactly(1L, 2L, 3L);
    }
}
