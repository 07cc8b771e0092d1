package dev.workshop.ui.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.canvas.Behaviour;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.canvas.Rope;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each edit of the canvas is one step that undo and redo take back and forth; what is not a step is left alone. */
class CanvasUndoTest extends CanvasFixture {
    @Test
    void selectAllPicksEveryAgentAndIsNotAnUndoStep() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);

        fx.run(() -> canvas.selecting().selectAll());

        assertThat(fx.call(() -> canvas.selecting().selection())).containsExactly(ada, bruno);
        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).isEqualTo("add Bruno");
    }

    @Test
    void theKeyboardMovesTheSelectionOneGridStepAtATimeEachAStep() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 40);
        fx.run(() -> canvas.selecting().selectAll());

        fx.run(() -> canvas.edits().nudgeSelection(1, 0));
        fx.run(() -> canvas.edits().nudgeSelection(0, -1));

        assertThat(ada.home()).isEqualTo(new Point(40, -40));
        assertThat(bruno.home()).isEqualTo(new Point(240, 0));
        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).isEqualTo("move Ada and Bruno");
        assertThat(fx.call(() -> canvas.steps().undo())).isTrue();
        assertThat(ada.home()).as("one press, one step").isEqualTo(new Point(40, 0));
        fx.run(() -> canvas.selecting().clearSelection());
        fx.run(() -> canvas.edits().nudgeSelection(1, 0));
        assertThat(ada.home()).as("nothing selected, nothing moves").isEqualTo(new Point(40, 0));
    }

    @Test
    void oneDragIsOneStepThatUndoAndRedoTakeBackAndForthAndTheSavedSceneFollows() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        fx.run(() -> canvas.edits().pickUp(List.of(ada)));
        fx.run(() -> canvas.edits().dragBy(Map.of(ada, new Point(0, 0)), 10, 0));
        fx.run(() -> canvas.edits().dragBy(Map.of(ada, new Point(0, 0)), 50, 25));
        fx.run(() -> canvas.edits().putDown(List.of(ada)));
        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).isEqualTo("move Ada");

        assertThat(fx.call(() -> canvas.steps().undo())).isTrue();
        assertThat(ada.home()).isEqualTo(new Point(0, 0));
        assertThat(ada.position()).isEqualTo(new Point(0, 0));
        assertThat(fx.call(() -> canvas.noticeProperty().get())).isEqualTo("Undone: move Ada");
        assertThat(fx.call(() -> canvas.steps().redoLabelProperty().get())).isEqualTo("move Ada");
        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).isEqualTo("add Ada");

        assertThat(fx.call(() -> canvas.steps().redo())).isTrue();
        assertThat(ada.home()).isEqualTo(new Point(50, 25));
        assertThat(fx.call(() -> canvas.steps().canRedoProperty().get())).isFalse();
        assertThat(reopenedScene().instances()).extracting(instance -> instance.position())
                .containsExactly(new Point(50, 25));
    }

    @Test
    void aClickOnAnAgentWithoutMovingItIsNotAStep() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        fx.run(() -> canvas.edits().pickUp(List.of(ada)));
        fx.run(() -> canvas.edits().putDown(List.of(ada)));
        fx.run(() -> canvas.selecting().select(List.of(ada.id()), false));

        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).isEqualTo("add Ada");
    }

    @Test
    void undoingARemovalBringsTheAgentBackWithItsIdAndRopesAndUndoingTheAddTakesItAway() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        Rope rope = fx.call(() -> canvas.edits().link(ada.id(), bruno.id(), "mentors"));
        fx.run(() -> canvas.edits().remove(List.of(bruno)));
        assertThat(fx.call(() -> canvas.ropes())).isEmpty();

        fx.run(() -> canvas.steps().undo());

        AgentNodeModel back = fx.call(() -> canvas.find(bruno.id())).orElseThrow();
        assertThat(back.home()).isEqualTo(new Point(200, 0));
        assertThat(fx.call(() -> List.copyOf(canvas.ropes()))).containsExactly(rope);
        assertThat(fx.call(() -> canvas.selecting().selection())).containsExactly(back);

        fx.run(() -> canvas.steps().undo());
        assertThat(fx.call(() -> List.copyOf(canvas.ropes()))).isEmpty();
        fx.run(() -> canvas.steps().undo());
        assertThat(fx.call(() -> canvas.find(bruno.id()))).isEmpty();
        assertThat(fx.call(() -> canvas.agents())).containsExactly(ada);
        assertThat(reopenedScene().instances()).extracting(instance -> instance.id()).containsExactly(ada.id());
    }

    @Test
    void theQuickStartPlacesThePalettesFirstTwoAgentsSelectedAsOneStep() throws Exception {
        List<AgentNodeModel> pair = fx.call(() -> canvas.edits().placeStarterPair(new Point(500, 300)));

        assertThat(pair).extracting(AgentNodeModel::name)
                .containsExactlyElementsOf(fx.call(() -> canvas.palette().stream().limit(2).map(agent -> agent.name()).toList()));
        assertThat(pair).extracting(AgentNodeModel::home).containsExactly(new Point(380, 300), new Point(620, 300));
        assertThat(fx.call(() -> canvas.selecting().selection())).containsExactlyElementsOf(pair);
        assertThat(reopenedScene().instances()).hasSize(2);

        fx.run(() -> canvas.steps().undo());
        assertThat(fx.call(() -> canvas.agents())).as("one step takes both off").isEmpty();
    }

    @Test
    void ropeLabelsBehaviourAndDuplicatesAreStepsToo() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        Rope rope = fx.call(() -> canvas.edits().link(ada.id(), bruno.id(), "mentors"));
        fx.run(() -> canvas.edits().relabel(rope.id(), "argues with"));
        fx.run(() -> canvas.edits().setBehaviour(List.of(ada), Behaviour.WANDER));
        fx.run(() -> canvas.edits().duplicate(List.of(ada, bruno)));
        fx.settle();
        assertThat(fx.call(() -> canvas.agents().size())).isEqualTo(4);
        List<AgentNodeModel> copies = fx.call(() -> List.copyOf(canvas.agents().subList(2, 4)));

        // Undoing a Duplicate takes the copies' definitions out of the agent directory first, off the FX thread.
        fx.run(() -> canvas.steps().undo());
        fx.settle();
        assertThat(fx.call(() -> canvas.agents().size())).isEqualTo(2);
        assertThat(fx.call(() -> canvas.agents())).containsExactly(ada, bruno);
        assertThat(fx.call(() -> canvas.find(copies.get(0).id()))).isEmpty();
        fx.run(() -> canvas.steps().undo());
        assertThat(ada.behaviourProperty().get()).isEqualTo(Behaviour.STATIONARY);
        fx.run(() -> canvas.steps().undo());
        assertThat(fx.call(() -> canvas.ropes().get(0).label())).isEqualTo("mentors");
        fx.run(() -> canvas.edits().removeRope(rope.id()));

        assertThat(fx.call(() -> canvas.steps().canRedoProperty().get())).isFalse();
        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).isEqualTo("cut a rope");
    }

    @Test
    void undoLeavesAloneWhatWasNotAStep() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        // Loading a scene starts a fresh history: what was on it before is not undone.
        fx.run(() -> canvas.load(canvas.snapshot()));
        assertThat(fx.call(() -> canvas.steps().canUndoProperty().get())).isFalse();
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        AgentNodeModel reloadedAda = fx.call(() -> canvas.find(ada.id())).orElseThrow();

        fx.run(() -> canvas.steps().undo());

        assertThat(fx.call(() -> canvas.agents())).containsExactly(reloadedAda);
        assertThat(fx.call(() -> canvas.find(bruno.id()))).isEmpty();
        assertThat(fx.call(() -> canvas.steps().undo())).isFalse();
    }
}
