package dev.workshop.domain.canvas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.agent.AgentId;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EditHistoryTest {
    private static final AgentInstance ADA = new AgentInstance(new InstanceId("i-ada"), new AgentId("ada"),
            new Point(0, 0), Behaviour.STATIONARY);
    private static final AgentInstance BO = new AgentInstance(new InstanceId("i-bo"), new AgentId("bo"),
            new Point(100, 0), Behaviour.STATIONARY);
    private static final Rope ROPE = new Rope("rope-1", ADA.id(), BO.id(), "mentors");

    private final EditHistory history = new EditHistory();

    private static EditHistory.Layout layout(List<AgentInstance> instances, List<Rope> ropes) {
        return EditHistory.Layout.of(instances, ropes);
    }

    private static AgentInstance moved(AgentInstance instance, double x, double y) {
        return new AgentInstance(instance.id(), instance.agentId(), new Point(x, y), instance.behaviour());
    }

    @Test
    void aStepThatChangedNothingIsNotRecorded() {
        EditHistory.Layout same = layout(List.of(ADA), List.of());

        assertThat(history.record("move Ada", same, same)).isFalse();
        assertThat(history.canUndo()).isFalse();
        assertThat(history.undo()).isEmpty();
    }

    @Test
    void undoingAMoveNamesOnlyTheMovedAgentAndPutsItBack() {
        history.record("move Ada", layout(List.of(ADA, BO), List.of()), layout(List.of(moved(ADA, 50, 25), BO), List.of()));

        EditHistory.Change undo = history.undo().orElseThrow();

        assertThat(undo.label()).isEqualTo("move Ada");
        assertThat(undo.instances()).containsExactly(Map.entry(ADA.id(), Optional.of(ADA)));
        assertThat(undo.ropes()).isEmpty();
        assertThat(history.canUndo()).isFalse();
        assertThat(history.canRedo()).isTrue();
        assertThat(history.redo().orElseThrow().instances())
                .containsExactly(Map.entry(ADA.id(), Optional.of(moved(ADA, 50, 25))));
    }

    @Test
    void undoingAnAddRemovesTheAgentAndRedoingBringsItBackWithTheSameId() {
        history.record("add Bo", layout(List.of(ADA), List.of()), layout(List.of(ADA, BO), List.of()));

        EditHistory.Change undo = history.undo().orElseThrow();
        assertThat(undo.instances()).containsExactly(Map.entry(BO.id(), Optional.empty()));
        assertThat(undo.removedInstances()).containsExactly(BO.id());

        EditHistory.Change redo = history.redo().orElseThrow();
        assertThat(redo.instances()).containsExactly(Map.entry(BO.id(), Optional.of(BO)));
        assertThat(redo.removedInstances()).isEmpty();
    }

    @Test
    void undoingARemovalBringsBackTheAgentAndItsRopes() {
        history.record("remove Bo", layout(List.of(ADA, BO), List.of(ROPE)), layout(List.of(ADA), List.of()));

        EditHistory.Change undo = history.undo().orElseThrow();

        assertThat(undo.instances()).containsExactly(Map.entry(BO.id(), Optional.of(BO)));
        assertThat(undo.ropes()).containsExactly(Map.entry(ROPE.id(), Optional.of(ROPE)));
    }

    @Test
    void aRelabelledRopeGoesBackToItsOldLabel() {
        history.record("rename a rope", layout(List.of(ADA, BO), List.of(ROPE)),
                layout(List.of(ADA, BO), List.of(ROPE.relabelled("argues with"))));

        assertThat(history.undo().orElseThrow().ropes()).containsExactly(Map.entry(ROPE.id(), Optional.of(ROPE)));
    }

    @Test
    void stepsAreUndoneNewestFirstAndANewStepForgetsTheRedos() {
        EditHistory.Layout start = layout(List.of(ADA), List.of());
        EditHistory.Layout added = layout(List.of(ADA, BO), List.of());
        EditHistory.Layout tied = layout(List.of(ADA, BO), List.of(ROPE));
        history.record("add Bo", start, added);
        history.record("tie a rope", added, tied);

        assertThat(history.nextUndo().orElseThrow().label()).isEqualTo("tie a rope");
        assertThat(history.undo().orElseThrow().label()).isEqualTo("tie a rope");
        assertThat(history.nextUndo().orElseThrow().label()).isEqualTo("add Bo");
        assertThat(history.nextRedo().orElseThrow().label()).isEqualTo("tie a rope");

        history.record("move Ada", added, layout(List.of(moved(ADA, 9, 9), BO), List.of()));

        assertThat(history.canRedo()).isFalse();
        assertThat(history.undo().orElseThrow().label()).isEqualTo("move Ada");
        assertThat(history.undo().orElseThrow().label()).isEqualTo("add Bo");
        assertThat(history.undo()).isEmpty();
    }

    @Test
    void peekingDoesNotTakeAStep() {
        history.record("add Bo", layout(List.of(), List.of()), layout(List.of(BO), List.of()));

        history.nextUndo();
        history.nextUndo();

        assertThat(history.canUndo()).isTrue();
        assertThat(history.nextRedo()).isEmpty();
    }

    @Test
    void theOldestStepsAreForgottenBeyondTheLimit() {
        EditHistory small = new EditHistory(2);
        small.record("one", layout(List.of(), List.of()), layout(List.of(ADA), List.of()));
        small.record("two", layout(List.of(ADA), List.of()), layout(List.of(moved(ADA, 1, 1)), List.of()));
        small.record("three", layout(List.of(moved(ADA, 1, 1)), List.of()), layout(List.of(moved(ADA, 2, 2)), List.of()));

        assertThat(small.undo().orElseThrow().label()).isEqualTo("three");
        assertThat(small.undo().orElseThrow().label()).isEqualTo("two");
        assertThat(small.undo()).isEmpty();
        assertThatThrownBy(() -> new EditHistory(0)).hasMessageContaining("at least one step");
    }

    @Test
    void clearForgetsBothDirections() {
        history.record("add Bo", layout(List.of(), List.of()), layout(List.of(BO), List.of()));
        history.undo();

        history.clear();

        assertThat(history.canUndo()).isFalse();
        assertThat(history.canRedo()).isFalse();
    }
}
