package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.TextTooLargeException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The human as a team member: their turn pauses the loop, stored, until they answer — across restarts too. */
class HumanTurnTest {
    private static final AgentId ADA = new AgentId("starter-ada");
    private static final AgentId BRUNO = new AgentId("starter-bruno");

    @TempDir
    Path dir;

    private static ConversationState waitUntilSettled(Workspace workspace, ConversationId id) throws InterruptedException {
        assertThat(workspace.engine().await(id, Duration.ofSeconds(20))).isTrue();
        return workspace.engine().state(id).orElseThrow();
    }

    private static List<String> speakers(Workspace workspace, ConversationId id) {
        return workspace.engine().history(id).stream().map(recorded -> recorded.event())
                .filter(MessageRecorded.class::isInstance).map(event -> ((MessageRecorded) event).speakerName()).toList();
    }

    @Test
    void theLoopPausesOnYourTurnAndGoesOnWithYourMessage() throws Exception {
        try (Workspace workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(10))) {
            ConversationId id = workspace.engine().startConversation(List.of(ADA, Participant.HUMAN, BRUNO),
                    "Plan a picnic", OptionalInt.of(5));

            ConversationState waiting = waitUntilSettled(workspace, id);
            assertThat(waiting.status()).isEqualTo(ConversationStatus.WAITING);
            assertThat(waiting.statusReason()).isEqualTo("Waiting for your message");
            assertThat(waiting.turnCount()).isEqualTo(1);
            assertThat(workspace.engine().isRunning(id)).as("no thread waits for the human").isFalse();

            workspace.engine().humanMessage(id, "Let's go to the lake.");
            ConversationState again = waitUntilSettled(workspace, id);
            assertThat(again.status()).isEqualTo(ConversationStatus.WAITING);
            assertThat(speakers(workspace, id)).containsExactly("Ada", "You", "Bruno", "Ada");

            workspace.engine().humanMessage(id, "Agreed, Saturday it is.");
            ConversationState done = waitUntilSettled(workspace, id);
            assertThat(done.status()).isEqualTo(ConversationStatus.COMPLETED);
            assertThat(speakers(workspace, id)).containsExactly("Ada", "You", "Bruno", "Ada", "You");
            assertThat(workspace.engine().history(id).stream().map(recorded -> recorded.event())
                    .filter(MessageRecorded.class::isInstance).map(event -> ((MessageRecorded) event).content())
                    .toList()).contains("Let's go to the lake.", "Agreed, Saturday it is.");
        }
    }

    @Test
    void afterARestartAConversationWaitingForYouStillWaitsAndNoTurnIsTakenForYou() throws Exception {
        ConversationId id;
        try (Workspace workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(10))) {
            id = workspace.engine().startConversation(List.of(ADA, Participant.HUMAN), "Plan a picnic", OptionalInt.of(4));
            assertThat(waitUntilSettled(workspace, id).status()).isEqualTo(ConversationStatus.WAITING);
        }
        try (Workspace reopened = Wiring.openWorkspace(dir, new WorkspaceOptions(10))) {
            assertThat(reopened.engine().resumeInterruptedConversations()).isEmpty();
            ConversationState state = reopened.engine().state(id).orElseThrow();
            assertThat(state.status()).isEqualTo(ConversationStatus.WAITING);
            assertThat(state.turnCount()).isEqualTo(1);

            reopened.engine().humanMessage(id, "Here I am");
            assertThat(waitUntilSettled(reopened, id).turnCount()).isEqualTo(3);
            assertThat(speakers(reopened, id)).containsExactly("Ada", "You", "Ada");
        }
    }

    @Test
    void aMessageOutOfTurnEmptyOrTooLargeIsRefusedAndNothingIsStored() throws Exception {
        try (Workspace workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(10))) {
            ConversationId agentsOnly = workspace.engine().startConversation(List.of(ADA, BRUNO), "Name a cat",
                    OptionalInt.of(2));
            waitUntilSettled(workspace, agentsOnly);
            assertThatThrownBy(() -> workspace.engine().humanMessage(agentsOnly, "Hello"))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("not waiting for your message");

            ConversationId id = workspace.engine().startConversation(List.of(ADA, Participant.HUMAN), "Name a dog",
                    OptionalInt.of(4));
            ConversationState before = waitUntilSettled(workspace, id);
            assertThatThrownBy(() -> workspace.engine().humanMessage(id, "   "))
                    .isInstanceOf(IllegalArgumentException.class).hasMessage("Write a message first");
            assertThatThrownBy(() -> workspace.engine().humanMessage(id, "x".repeat(1024 * 1024 + 1)))
                    .isInstanceOf(TextTooLargeException.class).hasMessageContaining("over the limit of 1048576 bytes");
            assertThatThrownBy(() -> workspace.engine().humanMessage(ConversationId.random(), "Hello"))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("No conversation with id");
            assertThat(workspace.engine().state(id).orElseThrow().version()).isEqualTo(before.version());
            assertThat(workspace.engine().state(id).orElseThrow().status()).isEqualTo(ConversationStatus.WAITING);
        }
    }
}
