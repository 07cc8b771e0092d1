package dev.workshop.ui.canvas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.Behaviour;
import dev.workshop.domain.canvas.Bounds;
import dev.workshop.domain.canvas.Camera;
import dev.workshop.domain.canvas.CanvasScene;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.canvas.Rope;
import dev.workshop.domain.canvas.SceneSettings;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.fsm.AgentState;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The canvas view-model's placing, moving, tying, duplicating and camera, on a real workspace, without JavaFX nodes. */
class CanvasViewModelTest extends CanvasFixture {
    @Test
    void aPlacedAgentIsSelectedSavedAndComesBackWithTheSameId() throws Exception {
        AgentNodeModel ada = place(ADA, 120, 80);

        assertThat(fx.call(() -> canvas.selecting().selection())).containsExactly(ada);
        assertThat(ada.state()).isEqualTo(AgentState.IDLE);
        CanvasScene saved = reopenedScene();
        assertThat(saved.instances()).singleElement().satisfies(instance -> {
            assertThat(instance.id()).isEqualTo(ada.id());
            assertThat(instance.position()).isEqualTo(new Point(120, 80));
            assertThat(instance.behaviour()).isEqualTo(Behaviour.STATIONARY);
        });
    }

    @Test
    void anUnknownAgentIsNotPlaced() throws Exception {
        assertThat(fx.call(() -> canvas.edits().place(new AgentId("nobody"), Point.ORIGIN))).isEmpty();
    }

    @Test
    void draggingPicksTheSelectionUpAndPutsItDownAtItsNewHome() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        fx.run(() -> canvas.selecting().selectWithin(new Bounds(-10, -10, 210, 10), false));
        assertThat(fx.call(() -> canvas.selecting().selection())).containsExactly(ada, bruno);

        fx.run(() -> canvas.edits().pickUp(List.of(ada, bruno)));
        assertThat(ada.state()).isEqualTo(AgentState.DRAGGED);
        fx.run(() -> canvas.edits().dragBy(Map.of(ada, new Point(0, 0), bruno, new Point(200, 0)), 50, 25));
        fx.run(() -> canvas.edits().putDown(List.of(ada, bruno)));

        assertThat(ada.state()).isEqualTo(AgentState.IDLE);
        assertThat(ada.home()).isEqualTo(new Point(50, 25));
        assertThat(bruno.home()).isEqualTo(new Point(250, 25));
        assertThat(reopenedScene().instances()).extracting(instance -> instance.position())
                .containsExactly(new Point(50, 25), new Point(250, 25));
    }

    @Test
    void aWanderingAgentStrolsNearHomeWithoutMovingItsSavedSpot() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        fx.run(() -> canvas.edits().setBehaviour(List.of(ada), Behaviour.WANDER));
        assertThat(ada.state()).isEqualTo(AgentState.WANDERING);

        fx.run(() -> {
            for (int i = 0; i < 120; i++) {
                canvas.advance(1 / 60.0);
            }
        });

        assertThat(ada.position()).isNotEqualTo(Point.ORIGIN);
        assertThat(ada.position().distanceTo(Point.ORIGIN)).isLessThanOrEqualTo(AgentNodeModel.WANDER_RADIUS + 1);
        assertThat(ada.home()).isEqualTo(Point.ORIGIN);
    }

    @Test
    void ropesTieTwoAgentsTakeANewLabelAndGoWithTheirAgent() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);

        Rope rope = fx.call(() -> canvas.edits().link(ada.id(), bruno.id(), "mentors"));
        fx.call(() -> canvas.edits().link(bruno.id(), ada.id(), "argues with"));

        assertThat(fx.call(() -> List.copyOf(canvas.ropes()))).singleElement().satisfies(only -> {
            assertThat(only.id()).isEqualTo(rope.id());
            assertThat(only.label()).isEqualTo("argues with");
        });
        assertThatThrownBy(() -> new Rope("r", ada.id(), bruno.id(), "x".repeat(61)))
                .hasMessageContaining("at most 60 characters");
        fx.run(() -> canvas.edits().remove(List.of(bruno)));
        assertThat(fx.call(() -> List.copyOf(canvas.ropes()))).isEmpty();
    }

    @Test
    void aRopeCanBeRenamedAndCutOnItsOwn() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        Rope rope = fx.call(() -> canvas.edits().link(ada.id(), bruno.id(), "mentors"));

        fx.run(() -> canvas.edits().relabel(rope.id(), "coaches"));
        assertThat(fx.call(() -> canvas.ropes().get(0).label())).isEqualTo("coaches");
        fx.run(() -> canvas.edits().removeRope(rope.id()));

        assertThat(fx.call(() -> List.copyOf(canvas.ropes()))).isEmpty();
        assertThat(fx.call(() -> List.copyOf(canvas.agents()))).containsExactly(ada, bruno);
        assertThat(reopenedScene().ropes()).isEmpty();
    }

    @Test
    void duplicatingMakesANewAgentLikeTheOriginalPlacedClearOfItAndSelectsIt() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        fx.run(() -> canvas.edits().setBehaviour(List.of(ada), Behaviour.PATROL));

        fx.run(() -> canvas.edits().duplicate(List.of(ada)));
        fx.settle();
        assertThat(fx.call(() -> canvas.agents().size())).isEqualTo(2);

        AgentNodeModel copy = fx.call(() -> canvas.agents().get(1));
        AgentDefinition original = workspace.agentDirectory().find(ADA).orElseThrow();
        AgentDefinition made = workspace.agentDirectory().find(copy.agentId()).orElseThrow();
        assertThat(copy.agentId()).as("a new agent, not the same one twice").isNotEqualTo(ADA);
        assertThat(made.name()).isEqualTo("Ada 2");
        assertThat(copy.name()).isEqualTo("Ada 2");
        assertThat(made.persona()).isEqualTo(original.persona());
        assertThat(made.model()).isEqualTo(original.model());
        assertThat(made.avatarColor()).as("a colour of its own").isNotEqualTo(original.avatarColor());
        assertThat(copy.home().distanceTo(ada.home())).as("clear of the original's label")
                .isGreaterThanOrEqualTo(dev.workshop.domain.canvas.Placement.SPACING);
        assertThat(copy.behaviourProperty().get()).isEqualTo(Behaviour.PATROL);
        assertThat(fx.call(() -> canvas.selecting().selection())).containsExactly(copy);
        assertThat(fx.call(() -> canvas.palette().stream().map(AgentDefinition::name).toList())).contains("Ada 2");
        assertThat(reopenedScene().instances()).hasSize(2);

        fx.run(() -> canvas.edits().duplicate(List.of(copy)));
        fx.settle();
        assertThat(fx.call(() -> canvas.agents().size())).isEqualTo(3);
        assertThat(fx.call(() -> canvas.agents().get(2).name())).as("a copy of a copy").isEqualTo("Ada 3");
    }

    @Test
    void tabStepsThroughTheAgentsInReadingOrderAndLetsGoAfterTheLast() throws Exception {
        AgentNodeModel right = place(ADA, 400, 0);
        AgentNodeModel left = place(BRUNO, 0, 10);
        AgentNodeModel below = place(ADA, 0, 300);
        fx.run(() -> canvas.selecting().clearSelection());

        assertThat(fx.call(() -> canvas.selecting().selectNext(false))).contains(left);
        assertThat(fx.call(() -> canvas.selecting().selectNext(false))).as("same row, further right").contains(right);
        assertThat(fx.call(() -> canvas.selecting().selectNext(false))).contains(below);
        assertThat(fx.call(() -> canvas.selecting().selection())).containsExactly(below);
        assertThat(fx.call(() -> canvas.selecting().selectNext(false))).as("past the last: the focus may move on").isEmpty();
        assertThat(fx.call(() -> canvas.selecting().selection())).isEmpty();

        assertThat(fx.call(() -> canvas.selecting().selectNext(true))).as("Shift+Tab starts from the end").contains(below);
        assertThat(fx.call(() -> canvas.selecting().selectNext(true))).contains(right);
        fx.run(() -> canvas.selecting().selectAll());
        assertThat(fx.call(() -> canvas.selecting().selectNext(false))).as("from the last of several selected").isEmpty();
        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).as("selecting is no step").isEqualTo("add Ada");
    }

    @Test
    void startingAgainUsesTheAgentsOnTheCanvasAndPlacesTheOthersInOneStepInTheOrderTheySpoke() throws Exception {
        AgentNodeModel bruno = place(BRUNO, 400, 0);
        List<Participant> wanted = List.of(new Participant(ADA, "Ada"), new Participant(BRUNO, "Bruno"),
                new Participant(new AgentId("gone"), "Gwen"));

        List<AgentNodeModel> chosen = fx.call(() -> canvas.edits().placedFor(wanted, new Point(0, 0)));

        assertThat(chosen).hasSize(2);
        assertThat(chosen.get(0).agentId()).isEqualTo(ADA);
        assertThat(chosen.get(1)).as("the one already there").isSameAs(bruno);
        assertThat(fx.call(() -> canvas.agents().size())).isEqualTo(2);
        assertThat(fx.call(() -> canvas.selecting().selection())).containsExactlyInAnyOrderElementsOf(chosen);
        assertThat(fx.call(() -> canvas.noticeProperty().get())).isEqualTo("No longer an agent here: Gwen");
        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).isEqualTo("add Ada");
        assertThat(fx.call(() -> canvas.edits().placedFor(wanted.subList(0, 2), new Point(0, 0))))
                .as("both there now: nothing more placed").containsExactlyElementsOf(chosen);
        assertThat(fx.call(() -> canvas.agents().size())).isEqualTo(2);
    }

    @Test
    void withSnapToGridOnAgentsLandOnGridPointsWhenPlacedAndDraggedAndTheSettingIsSaved() throws Exception {
        fx.run(() -> canvas.camera().setSnapToGrid(true));
        AgentNodeModel ada = place(ADA, 55, 61);
        assertThat(ada.home()).isEqualTo(new Point(40, 80));

        fx.run(() -> canvas.edits().pickUp(List.of(ada)));
        fx.run(() -> canvas.edits().dragBy(Map.of(ada, ada.home()), 27, -13));
        assertThat(ada.position()).as("while dragging, where it will land").isEqualTo(new Point(80, 80));
        fx.run(() -> canvas.edits().putDown(List.of(ada)));

        assertThat(ada.home()).isEqualTo(new Point(80, 80));
        CanvasScene saved = reopenedScene();
        assertThat(saved.settings().snapToGrid()).isTrue();
        assertThat(saved.instances()).extracting(instance -> instance.position()).containsExactly(new Point(80, 80));
    }

    @Test
    void theMinimapSettingIsSavedAndCentringMovesTheViewAtTheSameZoom() throws Exception {
        fx.run(() -> canvas.camera().setMinimap(true));
        fx.run(() -> canvas.camera().zoomAt(2, 0, 0));

        fx.run(() -> canvas.camera().centreOn(new Point(1000, 500), 800, 600));

        Camera camera = fx.call(() -> canvas.cameraProperty().get());
        assertThat(camera.zoom()).isEqualTo(2);
        assertThat(camera.toScreen(new Point(1000, 500))).isEqualTo(new Point(400, 300));
        assertThat(reopenedScene().settings().minimap()).isTrue();
    }

    @Test
    void theSystemThemeFollowsWhatTheSystemPrefersAndAChosenThemeDoesNot() throws Exception {
        assertThat(fx.call(() -> canvas.settingsProperty().get().theme())).isEqualTo(SceneSettings.Theme.SYSTEM);
        assertThat(fx.call(() -> canvas.camera().darkProperty().get())).isFalse();

        fx.run(() -> canvas.camera().setSystemPrefersDark(true));
        assertThat(fx.call(() -> canvas.camera().darkProperty().get())).isTrue();

        fx.run(() -> canvas.camera().setTheme(SceneSettings.Theme.LIGHT));
        assertThat(fx.call(() -> canvas.camera().darkProperty().get())).isFalse();
        assertThat(reopenedScene().settings().theme()).isEqualTo(SceneSettings.Theme.LIGHT);
    }

    @Test
    void editAgentAsksTheAppToOpenTheEditorAndARenameOrRecolourThereChangesThePlacedAgents() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel again = place(ADA, 200, 0);
        List<AgentId> edited = new CopyOnWriteArrayList<>();
        fx.run(() -> canvas.waysOut().setOnEditAgent(edited::add));

        fx.run(() -> canvas.waysOut().editAgent(ada));
        var definition = workspace.agentDirectory().find(ADA).orElseThrow();
        workspace.agentDirectory().save(new dev.workshop.domain.agent.AgentDefinition(definition.id(), "Ada Lovelace",
                definition.persona(), definition.provider(), definition.model(), definition.avatarColor()));
        fx.run(() -> canvas.refreshPalette());

        assertThat(edited).containsExactly(ADA);
        assertThat(ada.name()).isEqualTo("Ada Lovelace");
        assertThat(again.name()).isEqualTo("Ada Lovelace");
        assertThat(ada.initials()).isEqualTo("AL");
        assertThat(ada.colour()).isEqualTo("#0969da");

        workspace.agentDirectory().save(new dev.workshop.domain.agent.AgentDefinition(definition.id(), "Ada Lovelace",
                definition.persona(), definition.provider(), definition.model(), "#0E7490"));
        fx.run(() -> canvas.refreshPalette());
        assertThat(ada.colour()).isEqualTo("#0e7490");
        assertThat(again.colour()).isEqualTo("#0e7490");
    }

    @Test
    void anAgentRemovedInTheEditorLeavesTheCanvasWithItsRopes() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        fx.run(() -> canvas.edits().link(ada.id(), bruno.id(), "asks"));

        workspace.agentDirectory().remove(BRUNO);
        fx.run(() -> canvas.refreshPalette());

        assertThat(fx.call(() -> List.copyOf(canvas.agents()))).containsExactly(ada);
        assertThat(fx.call(() -> List.copyOf(canvas.ropes()))).isEmpty();
        assertThat(fx.call(() -> canvas.snapshot().instances())).extracting(instance -> instance.agentId())
                .containsExactly(ADA);
    }

    @Test
    void theCameraPansZoomsAndFitsAndIsSaved() throws Exception {
        place(ADA, -400, -100);
        place(BRUNO, 1600, 900);
        fx.run(() -> canvas.camera().pan(100, 50));
        fx.run(() -> canvas.camera().zoomAt(2, 0, 0));
        assertThat(canvas.cameraProperty().get().zoom()).isEqualTo(2);

        fx.run(() -> canvas.fitAll(1000, 700));

        Bounds visible = canvas.cameraProperty().get().visible(1000, 700);
        assertThat(visible.contains(new Point(-400, -100))).isTrue();
        assertThat(visible.contains(new Point(1600, 900))).isTrue();
        double zoom = canvas.cameraProperty().get().zoom();
        assertThat(reopenedScene().camera().zoom()).isEqualTo(zoom);
    }
}
