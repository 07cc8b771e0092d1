package dev.workshop.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.Deleted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.Renamed;
import dev.workshop.domain.conversation.ConversationEvent.Undeleted;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.InvalidEventException;
import dev.workshop.domain.conversation.MessageMatch;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.ConcurrentAppendException;
import dev.workshop.store.ConversationStore;
import dev.workshop.store.Conversations;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * What every adapter of the {@link ConversationStore} port promises, run on each (the desktop's journal + H2, the
 * team server's PostgreSQL). Each test works in tenants of its own, so adapters may share one database.
 */
public abstract class ConversationStoreContract {
    /** The store under test; the same one for the whole test. */
    protected abstract ConversationStore store();

    private final TenantId team = new TenantId("team-" + UUID.randomUUID().toString().substring(0, 8));
    private final TenantId other = new TenantId("other-" + UUID.randomUUID().toString().substring(0, 8));

    private ConversationId started(TenantId tenant, int messages) {
        ConversationId id = ConversationId.random();
        store().append(tenant, id, 0, Conversations.startedWithMessages(10, messages));
        return id;
    }

    @Test
    void anAppendIsReadBackInOrderAndFoldsToTheStoredState() {
        ConversationId id = started(team, 3);
        store().append(team, id, 4, List.of(new Renamed("Cat names")));

        List<RecordedEvent> history = store().history(team, id);
        assertThat(history).extracting(RecordedEvent::seq).containsExactly(1L, 2L, 3L, 4L, 5L);
        assertThat(history.getFirst().event()).isEqualTo(Conversations.started(10));
        assertThat(store().state(team, id)).contains(ConversationState.replay(id, history));
        assertThat(store().state(team, id).orElseThrow().title()).isEqualTo("Cat names");
        assertThat(store().history(team, ConversationId.random())).isEmpty();
    }

    @Test
    void anAppendReturnsWhatItRecordedAndTheStateAfterIt() {
        ConversationId id = ConversationId.random();
        var first = store().append(team, id, 0, Conversations.startedWithMessages(10, 2));
        assertThat(first.events()).extracting(RecordedEvent::seq).containsExactly(1L, 2L, 3L);
        assertThat(first.after()).isEqualTo(store().state(team, id).orElseThrow());
        var renamed = store().append(team, id, 3, List.of(new Renamed("Cat names")));
        assertThat(renamed.events()).singleElement().satisfies(event -> assertThat(event.seq()).isEqualTo(4));
        assertThat(renamed.after()).as("folded once, by the store, as it reads back")
                .isEqualTo(store().state(team, id).orElseThrow())
                .isEqualTo(ConversationState.replay(id, store().history(team, id)));
        assertThat(renamed.after().title()).isEqualTo("Cat names");
        assertThat(store().append(team, id, 4, List.of()).after()).as("nothing appended: as it was")
                .isEqualTo(renamed.after());
    }

    @Test
    void anAppendAtAStaleVersionIsRefusedAndStoresNothing() {
        ConversationId id = started(team, 2);
        assertThatThrownBy(() -> store().append(team, id, 1, List.of(Conversations.message(2))))
                .isInstanceOf(ConcurrentAppendException.class);
        assertThat(store().history(team, id)).hasSize(3);
    }

    @Test
    void twoWritersAtOneVersionRecordTheTurnOnce() throws Exception {
        ConversationId id = started(team, 2);
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService writers = Executors.newFixedThreadPool(4);
        List<Future<Boolean>> attempts = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            attempts.add(writers.submit(() -> {
                go.await();
                try {
                    store().append(team, id, 3, List.of(Conversations.message(2)));
                    return true;
                } catch (ConcurrentAppendException lost) {
                    return false;
                }
            }));
        }
        go.countDown();
        int won = 0;
        for (Future<Boolean> attempt : attempts) {
            won += attempt.get() ? 1 : 0;
        }
        writers.shutdown();
        assertThat(won).isEqualTo(1);
        assertThat(store().history(team, id)).filteredOn(recorded -> recorded.event() instanceof MessageRecorded)
                .hasSize(3);
    }

    @Test
    void anEventThatBreaksTheLogsRulesIsRefused() {
        ConversationId id = started(team, 1);
        assertThatThrownBy(() -> store().append(team, id, 2, List.of(Conversations.message(5))))
                .isInstanceOf(InvalidEventException.class);
        store().append(team, id, 2, List.of(new Deleted()));
        assertThatThrownBy(() -> store().append(team, id, 3, List.of(Conversations.message(1))))
                .isInstanceOf(InvalidEventException.class);
        assertThat(store().history(team, id)).hasSize(3);
    }

    @Test
    void aTeamSeesNothingOfAnotherTeams() {
        ConversationId ours = started(team, 2);
        ConversationId theirs = started(other, 2);

        assertThat(store().list(team)).extracting(ConversationState::id).containsExactly(ours);
        assertThat(store().count(team)).isEqualTo(1);
        assertThat(store().history(team, theirs)).isEmpty();
        assertThat(store().state(team, theirs)).isEmpty();
        assertThat(store().findMessages(team, "message", 10)).extracting(MessageMatch::conversationId)
                .containsOnly(ours);
        assertThat(store().tenantOf(theirs)).contains(other);
        assertThatThrownBy(() -> store().append(team, theirs, 3, List.of(Conversations.message(2))))
                .as("another team's conversation is not there for this team to write to")
                .isInstanceOf(ConcurrentAppendException.class);
        assertThat(store().history(other, theirs)).hasSize(3);
    }

    @Test
    void listsAreNewestFirstAndDeletedOnesAreListedApart() throws Exception {
        ConversationId first = started(team, 1);
        afterTheLastWrite(first);
        ConversationId second = started(team, 1);
        afterTheLastWrite(second);
        store().append(team, first, 2, List.of(Conversations.message(1)));
        assertThat(store().list(team)).extracting(ConversationState::id).containsExactly(first, second);

        Instant before = Instant.now().minusSeconds(1);
        Instant deletion = store().append(team, second, 2, List.of(new Deleted())).events().getLast().recordedAt();
        assertThat(store().list(team)).extracting(ConversationState::id).containsExactly(first);
        assertThat(store().listDeleted(team)).singleElement().satisfies(deleted -> {
            assertThat(deleted.state().id()).isEqualTo(second);
            assertThat(deleted.deletedAt()).isAfter(before).isEqualTo(deletion);
            assertThat(deleted.state().deletedAt()).as("kept in the state, as the fold keeps it").isEqualTo(deletion);
        });
        assertThat(store().state(team, second).orElseThrow().deletedAt()).isEqualTo(deletion);
        store().append(team, second, 3, List.of(new Undeleted()));
        assertThat(store().listDeleted(team)).isEmpty();
        assertThat(store().state(team, second).orElseThrow().deletedAt()).isNull();
        assertThat(store().count(team)).isEqualTo(2);
    }

    /** Waits until the clock is past {@code id}'s last event, so that the next write is stamped later. */
    private void afterTheLastWrite(ConversationId id) {
        Instant stamped = store().state(team, id).orElseThrow().updatedAt();
        org.awaitility.Awaitility.await().until(() -> Instant.now().isAfter(stamped));
    }

    @Test
    void messagesAreFoundIgnoringCaseInListedConversationsOnly() {
        ConversationId id = ConversationId.random();
        List<ConversationEvent> events = new ArrayList<>(List.of(Conversations.started(6)));
        events.add(new MessageRecorded(0, Conversations.ADA.agentId(), "Ada", "We should name it MOCHI"));
        events.add(new MessageRecorded(1, Conversations.BOB.agentId(), "Bob", "Or Pepper"));
        store().append(team, id, 0, events);

        assertThat(store().findMessages(team, "mochi", 10)).containsExactly(new MessageMatch(id, 0));
        assertThat(store().findMessages(team, "Ada", 10)).as("a speaker's name is not a message's text").isEmpty();
        assertThat(store().findMessages(team, " ", 10)).isEmpty();
        store().append(team, id, 3, List.of(new Deleted()));
        assertThat(store().findMessages(team, "mochi", 10)).isEmpty();
    }

    @Test
    void eventsBroughtInKeepTheirPlaceAndTime() {
        ConversationId id = ConversationId.random();
        Instant then = Instant.parse("2026-01-02T03:04:05.678Z");
        List<RecordedEvent> elsewhere = new ArrayList<>();
        List<ConversationEvent> events = Conversations.startedWithMessages(10, 2);
        for (int i = 0; i < events.size(); i++) {
            elsewhere.add(new RecordedEvent(team, id, i + 1, then.plusSeconds(i), events.get(i)));
        }
        store().adopt(team, id, 0, elsewhere);
        assertThat(store().history(team, id)).isEqualTo(elsewhere);
        assertThat(store().state(team, id).orElseThrow().createdAt()).isEqualTo(then);
        assertThatThrownBy(() -> store().adopt(team, id, 0, elsewhere)).isInstanceOf(ConcurrentAppendException.class);
        assertThatThrownBy(() -> store().adopt(team, id, 3, List.of(new RecordedEvent(team, id, 7, then,
                Conversations.message(2))))).isInstanceOf(IllegalArgumentException.class);
    }
}
