package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.gateway.GatewayReply;
import dev.workshop.gateway.GatewayResolver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RenameAndDeleteTest {
    @TempDir
    Path dir;

    private EngineFixture engine;

    @AfterEach
    void close() {
        if (engine != null) {
            engine.close();
        }
    }

    private List<AgentId> pair() {
        return List.of(engine.agent("Ada"), engine.agent("Bruno"));
    }

    @Test
    void aRenameWhileATurnIsInFlightNeitherStopsNorRepeatsATurn() throws InterruptedException {
        CountDownLatch asked = new CountDownLatch(1);
        CountDownLatch renamed = new CountDownLatch(1);
        GatewayResolver waitsOnTurnOne = agent -> (request, tokens) -> {
            if (request.turnIndex() == 1) {
                asked.countDown();
                renamed.await(10, TimeUnit.SECONDS);
            }
            return new GatewayReply("Reply " + request.turnIndex(), "test", 1, 1, Duration.ZERO);
        };
        engine = new EngineFixture(dir).open(waitsOnTurnOne, LoopSettings.DEFAULTS);
        ConversationId id = engine.bridge().startConversation(pair(), "Plan a picnic", OptionalInt.of(4));
        assertThat(asked.await(10, TimeUnit.SECONDS)).isTrue();

        // The loop read its version before asking; the rename moves the log on under it.
        engine.bridge().rename(id, "Picnic plans");
        renamed.countDown();
        engine.bridge().awaitAll();

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.state(id).title()).isEqualTo("Picnic plans");
        assertThat(engine.messages(id)).extracting(MessageRecorded::turnIndex).containsExactly(0, 1, 2, 3);
        assertThat(engine.history(id)).filteredOn(ConversationEvent.Renamed.class::isInstance).hasSize(1);
        assertThat(engine.events()).filteredOn(LoopEvent.Renamed.class::isInstance).singleElement()
                .extracting(event -> ((LoopEvent.Renamed) event).title()).isEqualTo("Picnic plans");

        engine.open();
        assertThat(engine.bridge().conversations()).singleElement()
                .satisfies(state -> assertThat(state.title()).isEqualTo("Picnic plans"));
    }

    @Test
    void deletingARunningConversationStopsItFirstAndItStaysDeletedAfterARestart() throws InterruptedException {
        engine = new EngineFixture(dir).open(EngineFixture.offline(30_000), LoopSettings.DEFAULTS);
        ConversationId kept = engine.bridge().startConversation(pair(), "Keep me", OptionalInt.of(4));
        ConversationId id = engine.bridge().startConversation(pair(), "Delete me", OptionalInt.of(4));

        engine.bridge().delete(id, Duration.ofSeconds(5));

        assertThat(engine.bridge().isRunning(id)).isFalse();
        assertThat(engine.bridge().isRunning(kept)).isTrue();
        assertThat(engine.bridge().state(id)).isEmpty();
        assertThat(engine.bridge().conversations()).extracting(state -> state.id()).containsExactly(kept);
        assertThat(engine.state(id).deleted()).isTrue();
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.INTERRUPTED);
        assertThat(engine.events()).filteredOn(event -> event.conversationId().equals(id))
                .extracting(event -> event.getClass().getSimpleName()).endsWith("Ended", "Deleted");

        // A launch interrupts what ran; the deleted one is neither listed nor resumed.
        engine.open();
        assertThat(engine.bridge().conversations()).extracting(state -> state.id()).containsExactly(kept);
        assertThat(engine.bridge().conversationsToResume()).extracting(state -> state.id()).containsExactly(kept);
        assertThatThrownBy(() -> engine.bridge().rename(id, "Back?")).hasMessage("No conversation with id " + id);
        assertThatThrownBy(() -> engine.bridge().restore(id)).hasMessage("Conversation " + id
                + " was deleted; importing its export or snapshot brings it back as a copy");
    }

    @Test
    void aConversationStoppedForDeletionIsNotResumedIfWorkshopDiedBeforeTheDeletion() {
        engine = new EngineFixture(dir).open();
        ConversationId id = ConversationId.random();
        // What delete leaves behind when Workshop dies after stopping the loop and before recording the deletion.
        engine.append(id, List.of(new ConversationEvent.ConversationStarted(
                dev.workshop.domain.conversation.ConversationKind.CONVERSATION,
                List.of(new dev.workshop.domain.conversation.Participant(engine.agent("Ada"), "Ada"),
                        new dev.workshop.domain.conversation.Participant(engine.agent("Bruno"), "Bruno")),
                "Delete me", 4), new ConversationEvent.StatusChanged(ConversationStatus.INTERRUPTED, Reasons.DELETED)));

        engine.open();
        assertThat(engine.bridge().conversationsToResume()).isEmpty();
        assertThat(engine.bridge().conversations()).hasSize(1);
    }

    @Test
    void refusesUnknownIdsAndOverlongTitlesClearly() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        ConversationId id = engine.bridge().startConversation(pair(), "Plan", OptionalInt.of(2));
        engine.bridge().awaitAll();

        assertThatThrownBy(() -> engine.bridge().delete(new ConversationId("nope"), Duration.ofSeconds(1)))
                .hasMessage("No conversation with id nope");
        assertThatThrownBy(() -> engine.bridge().rename(new ConversationId("nope"), "Title"))
                .hasMessage("No conversation with id nope");
        assertThatThrownBy(() -> engine.bridge().rename(id, "x".repeat(201)))
                .hasMessage("A title of 201 characters is over the limit of 200");
        engine.bridge().rename(id, "");
        assertThat(engine.state(id).title()).isEqualTo("Plan");
    }
}
