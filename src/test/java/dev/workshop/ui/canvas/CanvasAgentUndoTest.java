package dev.workshop.ui.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.Point;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.ui.fx.Background;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl+Z on the canvas takes back what was done to its agents too: a Duplicate leaves the palette with its copy,
 * and a rename made in the agent editor is one step (before, Ctrl+Z after a rename undid the step before it, and
 * an undone Duplicate left the new agent in the palette).
 */
class CanvasAgentUndoTest {
    private static final AgentId ADA = new AgentId("starter-ada");

    @TempDir
    Path dir;
    private final FxThread fx = new FxThread();
    private Workspace workspace;
    private CanvasViewModel canvas;

    @BeforeEach
    void open() {
        workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(150));
        canvas = new CanvasViewModel(workspace, fx.executor(), Background.direct(), (instance, transition) -> { });
        canvas.connect();
        fx.run(() -> canvas.load(workspace.scene().initialScene()));
    }

    @AfterEach
    void close() throws InterruptedException {
        workspace.close();
        fx.close();
    }

    @Test
    void undoingADuplicateTakesTheCopyOffTheCanvasAndOutOfThePalette() {
        AgentNodeModel ada = fx.call(() -> canvas.edits().place(ADA, new Point(0, 0)).orElseThrow());
        int palette = fx.call(() -> canvas.palette().size());
        fx.run(() -> canvas.edits().duplicate(List.of(ada)));
        fx.settle();
        assertThat(fx.call(() -> canvas.agents().size())).isEqualTo(2);
        AgentId copy = fx.call(() -> canvas.agents().get(1).agentId());
        assertThat(fx.call(() -> canvas.palette().size())).isEqualTo(palette + 1);

        assertThat(fx.call(() -> canvas.steps().undo())).isTrue();
        fx.settle();
        assertThat(fx.call(() -> canvas.agents().size())).isEqualTo(1);
        assertThat(fx.call(() -> canvas.palette().size())).isEqualTo(palette);
        assertThat(workspace.agentDirectory().find(copy)).isEmpty();

        assertThat(fx.call(() -> canvas.steps().redo())).isTrue();
        fx.settle();
        assertThat(fx.call(() -> canvas.agents().size())).isEqualTo(2);
        assertThat(fx.call(() -> canvas.palette().size())).isEqualTo(palette + 1);
        assertThat(workspace.agentDirectory().find(copy)).isPresent();
    }

    @Test
    void undoAfterARenameInTheAgentEditorTakesTheRenameBackAndOnlyIt() {
        AgentNodeModel ada = fx.call(() -> canvas.edits().place(ADA, new Point(0, 0)).orElseThrow());
        AgentDefinition before = workspace.agentDirectory().find(ADA).orElseThrow();
        // What the editor's Save does, then closing the editor.
        workspace.agentDirectory().save(new AgentDefinition(ADA, "Adele", before.persona(), before.provider(),
                before.model(), before.avatarColor(), before.endpoint()));
        fx.run(canvas::refreshPalette);
        assertThat(fx.call(ada::name)).isEqualTo("Adele");
        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).isEqualTo("rename " + before.name()
                + " to Adele");

        fx.run(() -> canvas.steps().undo());
        fx.settle();
        assertThat(fx.call(ada::name)).isEqualTo(before.name());
        assertThat(workspace.agentDirectory().find(ADA).orElseThrow().name()).isEqualTo(before.name());
        assertThat(fx.call(() -> canvas.agents())).as("the step before the rename (placing Ada) stays").hasSize(1);

        fx.run(() -> canvas.steps().redo());
        fx.settle();
        assertThat(fx.call(ada::name)).isEqualTo("Adele");
    }
}
