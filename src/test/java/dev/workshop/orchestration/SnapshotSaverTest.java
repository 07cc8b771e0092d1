package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.session.SnapshotFolder;
import dev.workshop.store.ConversationStore;
import dev.workshop.store.Conversations;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.ForwardingConversationStore;
import dev.workshop.store.StoreException;
import dev.workshop.store.jdbc.JournaledConversationStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Snapshot saves in the background: retried when they fail, and never holding up one another. */
class SnapshotSaverTest {
    @TempDir
    Path dir;

    private final List<LoopEvent> events = new CopyOnWriteArrayList<>();

    @Test
    void aSaveWaitingToTryAgainDoesNotHoldUpAnotherConversationOfItsStripe() {
        ConversationId failing = new ConversationId("failing-conversation");
        ConversationId other = sameStripeAs(failing);
        try (DataDirectory data = DataDirectory.lock(dir);
             JournaledConversationStore store = JournaledConversationStore.open(data)) {
            store.append(TenantId.LOCAL, failing, 0, Conversations.startedWithMessages(4, 1));
            store.append(TenantId.LOCAL, other, 0, Conversations.startedWithMessages(4, 2));
            SnapshotFolder folder = new SnapshotFolder(dir);
            // The first conversation's save fails and waits a minute before its retry.
            try (SnapshotSaver saver = new SnapshotSaver(new FailingFor(store, failing), TenantId.LOCAL, folder,
                    events::add, Clock.systemUTC(), List.of(Duration.ofMinutes(1)))) {
                saver.save(failing);
                await().atMost(Duration.ofSeconds(10)).until(() -> events.stream()
                        .anyMatch(event -> event instanceof LoopEvent.SaveFailed failed && failed.retrying()));

                saver.save(other);

                await().atMost(Duration.ofSeconds(10)).until(() -> events.stream()
                        .anyMatch(event -> event instanceof LoopEvent.SessionSaved saved
                                && saved.conversationId().equals(other)));
                assertThat(folder.load(TenantId.LOCAL, other).orElseThrow().messages()).hasSize(2);
                assertThat(folder.load(TenantId.LOCAL, failing)).isEmpty();
            }
        }
        assertThat(events).filteredOn(LoopEvent.SaveFailed.class::isInstance).last()
                .as("closing gives the pausing save up, and says so")
                .matches(event -> !((LoopEvent.SaveFailed) event).retrying());
    }

    private static ConversationId sameStripeAs(ConversationId id) {
        for (int i = 0; ; i++) {
            ConversationId candidate = new ConversationId("other-" + i);
            if (SnapshotSaver.stripeOf(candidate) == SnapshotSaver.stripeOf(id)) {
                return candidate;
            }
        }
    }

    /** The real store, except that reading one conversation's state fails as a vanished disk would. */
    private static final class FailingFor extends ForwardingConversationStore {
        private final ConversationId failing;

        FailingFor(ConversationStore store, ConversationId failing) {
            super(store);
            this.failing = failing;
        }

        @Override
        public Optional<ConversationState> state(TenantId tenant, ConversationId conversation) {
            if (conversation.equals(failing)) {
                throw new StoreException("the disk is gone");
            }
            return super.state(tenant, conversation);
        }

        @Override
        public void close() {
            // The test closes the real store.
        }
    }
}
