package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Lifecycle;
import dev.workshop.domain.conversation.StatusCause;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** "Fork from here": a new conversation from one of a conversation's turns, the source untouched. */
class ForkTest {
    private static final AgentId ADA = new AgentId("starter-ada");
    private static final AgentId BRUNO = new AgentId("starter-bruno");

    @TempDir
    Path dir;

    private Workspace open(long offlineDelayMillis) {
        return Wiring.openWorkspace(dir, new WorkspaceOptions(offlineDelayMillis));
    }

    private static List<MessageRecorded> messages(Workspace workspace, ConversationId id) {
        return workspace.engine().history(id).stream().map(recorded -> recorded.event())
                .filter(MessageRecorded.class::isInstance).map(MessageRecorded.class::cast).toList();
    }

    private static ConversationId finished(Workspace workspace) throws InterruptedException {
        ConversationId id = workspace.engine().startConversation(List.of(ADA, BRUNO), "Name a cat", OptionalInt.of(6));
        assertThat(workspace.engine().await(id, Duration.ofSeconds(20))).isTrue();
        return id;
    }

    @Test
    void aForkKeepsTheMessagesUpToItsTurnAndGoesOnFromThereWhileTheSourceStaysAsItWas() throws Exception {
        ConversationId fork;
        ConversationId source;
        try (Workspace workspace = open(0)) {
            source = finished(workspace);
            List<MessageRecorded> before = messages(workspace, source);

            RestoredSession forked = workspace.engine().fork(source, 2);
            fork = forked.id();

            assertThat(fork).isNotEqualTo(source);
            assertThat(forked.messageCount()).isEqualTo(3);
            ConversationState state = workspace.engine().state(fork).orElseThrow();
            assertThat(state.title()).isEqualTo("Name a cat (fork at turn 3)");
            assertThat(state.status()).isEqualTo(ConversationStatus.WAITING);
            assertThat(state.statusReason()).isEqualTo(Reasons.FORKED);
            assertThat(state.task()).contains("Name a cat");
            assertThat(state.maxTurns()).isEqualTo(6);
            assertThat(state.participants()).extracting(participant -> participant.agentId()).containsExactly(ADA, BRUNO);
            assertThat(messages(workspace, fork)).extracting(MessageRecorded::content)
                    .containsExactlyElementsOf(before.subList(0, 3).stream().map(MessageRecorded::content).toList());
            assertThat(workspace.engine().isRunning(fork)).as("paused until the user goes on").isFalse();
            assertThat(ConversationEngine.canResume(state)).isTrue();
            assertThat(messages(workspace, source)).isEqualTo(before);
            assertThat(workspace.engine().state(source).orElseThrow().status()).isEqualTo(ConversationStatus.COMPLETED);

            // Where it came from is in its log, before the messages copied, and in its exports.
            List<dev.workshop.domain.conversation.RecordedEvent> history = workspace.engine().history(fork);
            assertThat(history.get(1).event()).isEqualTo(new ConversationEvent.Forked(source, 2));
            assertThat(Transcript.of(history).forkedFrom()).contains(new ConversationEvent.Forked(source, 2));
            assertThat(Transcript.of(workspace.engine().history(source)).forkedFrom()).isEmpty();
            var exported = ConversationExport.withMessages(workspace.tenant(), state, history);
            assertThat(exported.path("forked_from").path("conversation_id").asText()).isEqualTo(source.value());
            assertThat(exported.path("forked_from").path("turn_index").asInt()).isEqualTo(2);
            assertThat(ConversationExport.markdown(state, history))
                    .contains("- Forked from: conversation " + source + ", turn 3\n");
        }
        try (Workspace relaunched = open(0)) {
            assertThat(relaunched.engine().resumeInterruptedConversations()).as("a fork waits across a restart")
                    .doesNotContain(fork);
            assertThat(relaunched.engine().resume(fork)).isTrue();
            assertThat(relaunched.engine().await(fork, Duration.ofSeconds(20))).isTrue();

            List<MessageRecorded> taken = messages(relaunched, fork);
            assertThat(taken).extracting(MessageRecorded::turnIndex).containsExactly(0, 1, 2, 3, 4, 5);
            assertThat(taken).extracting(MessageRecorded::speakerId).containsExactly(ADA, BRUNO, ADA, BRUNO, ADA, BRUNO);
            assertThat(relaunched.engine().state(fork).orElseThrow().status()).isEqualTo(ConversationStatus.COMPLETED);
            assertThat(messages(relaunched, source)).hasSize(6);
        }
    }

    @Test
    void aForkAtTheLastTurnHasEndedAndAMessageFollowsItUp() throws Exception {
        try (Workspace workspace = open(0)) {
            ConversationId source = finished(workspace);

            ConversationId fork = workspace.engine().fork(source, 5).id();

            ConversationState state = workspace.engine().state(fork).orElseThrow();
            assertThat(state.status()).isEqualTo(ConversationStatus.COMPLETED);
            assertThat(state.statusReason()).isEqualTo(Reasons.FORKED_AT_THE_END);
            assertThat(state.statusCause()).isEqualTo(StatusCause.FORKED);
            assertThat(Lifecycle.allows(state, Lifecycle.Command.RETRY)).isFalse();
            workspace.engine().message(fork, "And a middle name?");
            assertThat(workspace.engine().await(fork, Duration.ofSeconds(20))).isTrue();
            assertThat(messages(workspace, fork)).extracting(MessageRecorded::content).contains("And a middle name?");
        }
    }

    @Test
    void aLongTitleIsShortenedSoThatTheForksFits() throws Exception {
        try (Workspace workspace = open(0)) {
            ConversationId source = finished(workspace);
            workspace.engine().rename(source, "x".repeat(200));

            String title = workspace.engine().state(workspace.engine().fork(source, 0).id()).orElseThrow().title();

            assertThat(title).hasSize(200).endsWith("x… (fork at turn 1)");
        }
    }

    @Test
    void aRunningConversationCanBeForkedAndRunsOn() throws Exception {
        try (Workspace workspace = open(200)) {
            CountDownLatch first = new CountDownLatch(1);
            workspace.engine().subscribe(event -> {
                if (!Heard.messages(event).isEmpty()) {
                    first.countDown();
                }
            });
            ConversationId source = workspace.engine().startConversation(List.of(ADA, BRUNO), "Name a dog",
                    OptionalInt.of(4));
            assertThat(first.await(20, TimeUnit.SECONDS)).isTrue();

            ConversationId fork = workspace.engine().fork(source, 0).id();

            assertThat(messages(workspace, fork)).hasSize(1);
            assertThat(workspace.engine().await(source, Duration.ofSeconds(20))).isTrue();
            assertThat(messages(workspace, source)).hasSize(4);
            assertThat(messages(workspace, fork)).as("the fork does not follow its source").hasSize(1);
        }
    }

    @Test
    void aTurnTheConversationDoesNotHaveOrAnUnknownOrDeletedConversationIsRefused() throws Exception {
        try (Workspace workspace = open(0)) {
            ConversationId source = finished(workspace);
            int before = workspace.engine().conversations().size();

            assertThatThrownBy(() -> workspace.engine().fork(source, 6)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("Conversation " + source + " has no turn 7 to fork from (it has 6)");
            assertThatThrownBy(() -> workspace.engine().fork(source, -1)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("Conversation " + source + " has no turn 0 to fork from (it has 6)");
            ConversationId unknown = ConversationId.random();
            assertThatThrownBy(() -> workspace.engine().fork(unknown, 0)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("No conversation with id " + unknown);
            workspace.engine().delete(source, Duration.ofSeconds(5));
            assertThatThrownBy(() -> workspace.engine().fork(source, 0)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("No conversation with id " + source);
            assertThat(workspace.engine().conversations()).as("nothing stored").hasSize(before - 1);
        }
    }
}
