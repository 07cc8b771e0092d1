package dev.workshop.ui.canvas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Placement;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.fsm.AgentState;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.ui.shell.ShellViewModel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Resume on launch as the app does it: the scene is rebuilt first, then the conversations go on. */
@dev.workshop.testing.WholeApp
class LaunchRestoreTest {
    @TempDir
    Path dir;
    private final FxThread fx = new FxThread();
    private ShellViewModel app;

    @AfterEach
    void close() throws InterruptedException {
        if (app != null) {
            app.close();
        }
        fx.close();
    }

    private CanvasViewModel launch() {
        app = new ShellViewModel(dir, Wiring::openWorkspace, fx.executor(), new WorkspaceOptions(100));
        app.open();
        await().atMost(Duration.ofSeconds(20)).until(() -> app.canvasProperty().get() != null);
        return app.canvasProperty().get();
    }

    /** A conversation left interrupted by a process that had no canvas (the command line). */
    private ConversationId interruptedFromTheCommandLine(List<String> agents) {
        try (Workspace cli = Wiring.openWorkspace(dir, new WorkspaceOptions(60_000))) {
            List<AgentId> ids = agents.stream().map(AgentId::new).toList();
            return ids.size() == 1 ? cli.engine().assignTask(ids.get(0), "Write a haiku", OptionalInt.of(3))
                    : cli.engine().startConversation(ids, "Plan a picnic", OptionalInt.of(4));
        }
    }

    @Test
    void participantsWithoutAnInstanceArePlacedTogetherAndTheConversationResumesOnThem() {
        ConversationId id = interruptedFromTheCommandLine(List.of("starter-ada", "starter-bruno", "starter-chen"));

        CanvasViewModel canvas = launch();

        List<AgentNodeModel> placed = fx.call(() -> List.copyOf(canvas.agents()));
        assertThat(placed).extracting(agent -> agent.agentId().value())
                .containsExactly("starter-ada", "starter-bruno", "starter-chen");
        for (int i = 1; i < placed.size(); i++) {
            assertThat(placed.get(i).home().distanceTo(placed.get(i - 1).home())).isEqualTo(Placement.SPACING);
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> status(id) == ConversationStatus.COMPLETED);
        assertThat(app.workspace().orElseThrow().engine().state(id).orElseThrow().turnCount()).isEqualTo(4);
        List<InstanceId> ids = placed.stream().map(AgentNodeModel::id).toList();
        // The conversation ran on the placed instances: each went through it and is resting after it.
        await().atMost(Duration.ofSeconds(5)).until(() -> fx.call(() -> placed.stream()
                .allMatch(agent -> agent.state() == AgentState.COOLDOWN)));
        assertThat(fx.call(() -> canvas.snapshot().instances()).stream().map(instance -> instance.id()).toList())
                .containsExactlyElementsOf(ids);
    }

    @Test
    void aConversationWhoseAgentWasDeletedEndsCompletedWithTheReasonShown() {
        ConversationId id = interruptedFromTheCommandLine(List.of("starter-ada", "starter-dalia"));
        try (Workspace editing = Wiring.openWorkspace(dir)) {
            editing.agentDirectory().remove(new AgentId("starter-dalia"));
        }

        CanvasViewModel canvas = launch();

        await().atMost(Duration.ofSeconds(20)).until(() -> status(id) == ConversationStatus.COMPLETED);
        ConversationState state = app.workspace().orElseThrow().engine().state(id).orElseThrow();
        assertThat(state.statusReason()).isEqualTo("Agent Dalia (starter-dalia) no longer exists");
        await().atMost(Duration.ofSeconds(5)).until(() -> fx.call(() -> canvas.noticeProperty().get())
                .contains("Dalia (starter-dalia) no longer exists"));
        assertThat(fx.call(() -> List.copyOf(canvas.agents()))).as("nothing is placed for a conversation that cannot go on")
                .isEmpty();
        assertThat(fx.call(() -> List.copyOf(canvas.palette())).stream().map(AgentDefinition::name))
                .doesNotContain("Dalia");
    }

    private ConversationStatus status(ConversationId id) {
        return app.workspace().orElseThrow().engine().state(id).map(ConversationState::status).orElseThrow();
    }
}
