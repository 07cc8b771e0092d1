package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.gateway.GatewayRequest;
import dev.workshop.gateway.GatewayResolver;
import dev.workshop.gateway.offline.OfflineGateway;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Follow-ups: the same conversation (workflow) goes on, turn number by turn number. */
class FollowUpTest {
    @TempDir
    Path dir;
    /** What the agents were asked, in order; the answers come from the real offline gateway. */
    private final List<GatewayRequest> asked = new CopyOnWriteArrayList<>();
    /** Closed while a test needs a round to be still running; the agents wait at it before answering. */
    private volatile CountDownLatch gate = new CountDownLatch(0);

    private GatewayResolver recording() {
        OfflineGateway offline = new OfflineGateway(0);
        return agent -> (request, tokens) -> {
            asked.add(request);
            try {
                gate.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return offline.reply(request, tokens);
        };
    }

    @Test
    void aFollowUpRunsANewRoundWhereTheEntryAgentAnswersFromTheContextWithTheMessageOnce() throws Exception {
        try (EngineFixture engine = new EngineFixture(dir).open(recording(), LoopSettings.DEFAULTS)) {
            ConversationEngine bridge = engine.engine();
            ConversationId id = bridge.startConversation(List.of(engine.agent("Ada"), engine.agent("Bruno"),
                    engine.agent("Chen")), "Plan a picnic", OptionalInt.of(3));
            assertThat(bridge.await(id, Duration.ofSeconds(20))).isTrue();
            assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
            String adaFirst = engine.messages(id).get(0).content();
            String brunoFirst = engine.messages(id).get(1).content();
            asked.clear();

            bridge.followUp(id, 2, "And if it rains?", Optional.empty());
            assertThat(bridge.await(id, Duration.ofSeconds(20))).isTrue();

            List<MessageRecorded> messages = engine.messages(id);
            assertThat(messages).extracting(MessageRecorded::speakerName)
                    .containsExactly("Ada", "Bruno", "Chen", "You", "Ada", "Bruno", "Chen");
            assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
            assertThat(engine.state(id).turnCount()).isEqualTo(7);

            String entryPrompt = asked.get(0).prompt().user();
            assertThat(asked.get(0).agent().name()).isEqualTo("Ada");
            int start = entryPrompt.indexOf('{');
            JsonNode context = new ObjectMapper().readTree(entryPrompt.substring(start, entryPrompt.indexOf("\n\n", start)));
            assertThat(context.get("entry_agent").asText()).isEqualTo("starter-ada");
            assertThat(context.get("turns")).hasSize(2);
            assertThat(context.get("turns").get(0).get("role").asText()).isEqualTo("human");
            assertThat(context.get("turns").get(0).get("content").asText()).isEqualTo("Plan a picnic");
            assertThat(context.get("turns").get(1).get("role").asText()).isEqualTo("entry_agent");
            assertThat(context.get("turns").get(1).get("content").asText()).isEqualTo(adaFirst);
            assertThat(entryPrompt).as("no collaboration in the context").doesNotContain(brunoFirst);
            assertThat(entryPrompt.split("And if it rains\\?", -1)).as("the new message exactly once").hasSize(2);

            assertThat(engine.events()).filteredOn(event -> event.conversationId().equals(id))
                    .filteredOn(event -> event instanceof LoopEvent.Started).last()
                    .satisfies(event -> assertThat(((LoopEvent.Started) event).turnNumber()).isEqualTo(2));
            assertThat(Transcript.of(bridge.history(id)).turnNumber()).isEqualTo(2);
        }
    }

    @Test
    void aTurnNumberThatDoesNotFollowOrAConversationThatHasNotEndedIsRefusedAndNothingIsStored() throws Exception {
        try (EngineFixture engine = new EngineFixture(dir).open(recording(), LoopSettings.DEFAULTS)) {
            ConversationEngine bridge = engine.engine();
            ConversationId id = bridge.startConversation(List.of(engine.agent("Ada"), engine.agent("Bruno")),
                    "Name a cat", OptionalInt.of(2));
            bridge.await(id, Duration.ofSeconds(20));
            long version = engine.state(id).version();

            assertThatThrownBy(() -> bridge.followUp(id, 3, "Hello", Optional.empty()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("Turn number 3 does not follow the stored turn 1 (the next is 2)");
            assertThatThrownBy(() -> bridge.followUp(id, 1, "Hello", Optional.empty()))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not follow");
            assertThatThrownBy(() -> bridge.followUp(ConversationId.random(), 2, "Hello", Optional.empty()))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("No conversation with workflow id");
            assertThatThrownBy(() -> bridge.followUp(id, 2, "  ", Optional.empty()))
                    .isInstanceOf(IllegalArgumentException.class).hasMessage("The prompt is empty");
            assertThat(engine.state(id).version()).isEqualTo(version);

            gate = new CountDownLatch(1); // the round stays running until the refusal has been checked
            bridge.followUp(id, 2, "Another one?", Optional.empty());
            assertThatThrownBy(() -> bridge.followUp(id, 3, "Too soon", Optional.empty()))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("a follow-up continues one that has ended");
            gate.countDown();
            bridge.await(id, Duration.ofSeconds(20));
            bridge.followUp(id, 3, "A third?", Optional.empty());
            bridge.await(id, Duration.ofSeconds(20));
            assertThat(engine.messages(id)).hasSize(8);
        }
    }

    @Test
    void aGivenContextIsCheckedAndAMalformedOrOversizeOneIsNamed() {
        String good = "{\"entry_agent\":\"starter-ada\",\"turns\":[{\"role\":\"human\",\"content\":\"Hi\"}]}";
        assertThat(FollowUps.validate(good)).isEqualTo(good);
        assertThatThrownBy(() -> FollowUps.validate("{\"entry_agent\":"))
                .hasMessageStartingWith("--conversation-context is not valid JSON");
        assertThatThrownBy(() -> FollowUps.validate("{\"entry_agent\":\"a\",\"turns\":[{\"role\":\"robot\",\"content\":\"x\"}]}"))
                .hasMessage("--conversation-context turn 0 needs \"role\" (human or entry_agent) and \"content\" (text)");
        assertThatThrownBy(() -> FollowUps.validate("[]")).hasMessageContaining("must be an object");
        assertThatThrownBy(() -> FollowUps.validate("{\"entry_agent\":\"a\",\"turns\":[{\"role\":\"human\",\"content\":\""
                + "x".repeat(1024 * 1024) + "\"}]}")).hasMessage("--conversation-context is over the limit of 1048576 bytes (1 MiB)");
    }

    @Test
    void aFollowUpCutByACrashResumesWithTheEntryAgentAnsweringFromTheSameContext() throws Exception {
        ConversationId id;
        try (EngineFixture engine = new EngineFixture(dir).open(recording(), LoopSettings.DEFAULTS)) {
            id = engine.engine().startConversation(List.of(engine.agent("Ada"), engine.agent("Bruno")), "Name a cat",
                    OptionalInt.of(2));
            engine.engine().await(id, Duration.ofSeconds(20));
        }
        try (EngineFixture engine = new EngineFixture(dir).open(EngineFixture.offline(60_000), LoopSettings.DEFAULTS)) {
            engine.engine().followUp(id, 2, "A middle name?", Optional.empty());
            // Closing while Ada writes her answer stops the round as interrupted, as a crash would leave it.
        }
        asked.clear();
        try (EngineFixture engine = new EngineFixture(dir).open(recording(), LoopSettings.DEFAULTS)) {
            assertThat(engine.engine().resumeInterruptedConversations()).containsExactly(id);
            engine.engine().await(id, Duration.ofSeconds(20));
            assertThat(engine.messages(id)).extracting(MessageRecorded::speakerName)
                    .containsExactly("Ada", "Bruno", "You", "Ada", "Bruno");
            assertThat(asked.get(0).prompt().user()).contains("Conversation context (JSON)").contains("A middle name?");
            assertThat(engine.events()).filteredOn(event -> event instanceof LoopEvent.Started)
                    .allSatisfy(event -> assertThat(((LoopEvent.Started) event).turnNumber()).isEqualTo(2));
        }
    }
}
