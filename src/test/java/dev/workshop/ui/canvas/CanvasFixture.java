package dev.workshop.ui.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.CanvasScene;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.fsm.AgentTrigger;
import dev.workshop.domain.fsm.Transition;
import dev.workshop.orchestration.Heard;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.ui.fx.Background;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The canvas view-model on a real workspace (H2 + journal + offline agents), without JavaFX nodes: what its tests
 * share. The parts run on {@code Background.direct()} and a stand-in FX thread the tests settle.
 */
abstract class CanvasFixture {
    static final AgentId ADA = new AgentId("starter-ada");
    static final AgentId BRUNO = new AgentId("starter-bruno");

    @TempDir
    Path dir;
    final FxThread fx = new FxThread();
    final List<Map.Entry<InstanceId, Transition>> transitions = new CopyOnWriteArrayList<>();
    Workspace workspace;
    CanvasViewModel canvas;

    @BeforeEach
    void open() {
        workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(150));
        canvas = new CanvasViewModel(workspace, fx.executor(), Background.direct(),
                (instance, transition) -> transitions.add(Map.entry(instance, transition)));
        canvas.connect();
        fx.run(() -> canvas.load(workspace.scene().initialScene()));
    }

    /** Offline replies that take 3 s, so a test sees a conversation while it runs. */
    void reopenWithSlowReplies() {
        workspace.close();
        workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(3000));
        canvas = new CanvasViewModel(workspace, fx.executor(), Background.direct(),
                (instance, transition) -> transitions.add(Map.entry(instance, transition)));
        canvas.connect();
        fx.run(() -> canvas.load(CanvasScene.EMPTY));
    }

    @AfterEach
    void close() throws InterruptedException {
        if (workspace != null) {
            workspace.close();
        }
        fx.close();
    }

    /**
     * Waits (at most 30 s each) until every conversation's loop has stopped, then lets the canvas take in all they
     * said.
     */
    void loopsDone() throws InterruptedException {
        for (ConversationState conversation : workspace.engine().conversations()) {
            assertThat(workspace.engine().await(conversation.id(), Duration.ofSeconds(30)))
                    .as("the loop of " + conversation.title() + " stopped").isTrue();
        }
        fx.settle();
    }

    /** Waits until {@code latch} opens (the canvas was told first), then lets the canvas take it in. */
    void heard(java.util.concurrent.CountDownLatch latch) throws InterruptedException {
        Heard.await(latch);
        fx.settle();
    }

    AgentNodeModel place(AgentId agent, double x, double y) {
        return fx.call(() -> canvas.edits().place(agent, new Point(x, y)).orElseThrow());
    }

    CanvasScene reopenedScene() {
        workspace.close();
        workspace = null;
        try (Workspace again = Wiring.openWorkspace(dir)) {
            return again.scene().initialScene();
        }
    }

    /** Closes the workspace (which saves the scene) and opens it again with a new canvas, as a restart does. */
    void restartCanvas() {
        workspace.close();
        workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(150));
        canvas = new CanvasViewModel(workspace, fx.executor(), Background.direct(), (instance, transition) -> { });
        canvas.connect();
        List<ConversationState> stored = workspace.engine().conversations();
        fx.run(() -> {
            canvas.load(workspace.scene().initialScene());
            canvas.showAtLaunch(stored);
        });
    }

    List<AgentTrigger> triggersOf(AgentNodeModel agent) {
        return transitions.stream().filter(entry -> entry.getKey().equals(agent.id()))
                .map(entry -> entry.getValue().trigger()).toList();
    }
}
