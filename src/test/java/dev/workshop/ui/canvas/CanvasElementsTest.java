package dev.workshop.ui.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.canvas.ElementPlacement;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.element.Action;
import dev.workshop.domain.element.ActionType;
import dev.workshop.domain.element.ElementKind;
import dev.workshop.domain.element.Pin;
import dev.workshop.domain.fsm.AgentState;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Shared elements on the canvas: placed, shown as they change, taken off and brought back, saved with the scene. */
class CanvasElementsTest extends CanvasFixture {

    private ElementNodeModel placed(ElementKind kind, double x, double y) {
        fx.run(() -> canvas.elements().place(kind, new Point(x, y)));
        fx.settle();
        return fx.call(() -> canvas.placedElements().getLast());
    }

    @Test
    void anElementPlacedFromThePaletteIsMadeShownAndSavedWithTheScene() {
        ElementNodeModel pinboard = placed(ElementKind.PINBOARD, 300, 40);
        ElementNodeModel second = placed(ElementKind.PINBOARD, 600, 40);

        assertThat(pinboard.name()).isEqualTo("Pinboard");
        assertThat(second.name()).isEqualTo("Pinboard 2");
        assertThat(pinboard.glanceProperty().get()).isEqualTo("No pins yet");
        assertThat(workspace.engine().elements().find("Pinboard")).isPresent();
        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).isEqualTo("place Pinboard 2");
        assertThat(reopenedScene().elements()).containsExactly(new ElementPlacement(pinboard.id(), new Point(300, 40)),
                new ElementPlacement(second.id(), new Point(600, 40)));
    }

    @Test
    void removingAnElementTakesItOutOfThePromptsAndUndoBringsItBack() {
        ElementNodeModel board = placed(ElementKind.BOARD, 100, 100);

        fx.run(() -> canvas.elements().remove(board));
        fx.settle();
        assertThat(fx.call(() -> canvas.placedElements())).isEmpty();
        assertThat(workspace.engine().elements().find(board.id())).isEmpty();

        fx.run(() -> canvas.steps().undo());
        fx.settle();
        assertThat(fx.call(() -> List.copyOf(canvas.placedElements()))).extracting(ElementNodeModel::id)
                .containsExactly(board.id());
        assertThat(workspace.engine().elements().find(board.id())).isPresent();
        assertThat(canvas.snapshot().elements()).containsExactly(new ElementPlacement(board.id(), new Point(100, 100)));
    }

    @Test
    void aCardShowsWhatAgentsAndTheUserDoToItsElement() throws InterruptedException {
        ElementNodeModel pinboard = placed(ElementKind.PINBOARD, 300, -200);
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        fx.run(() -> canvas.conversations().start(List.of(ada, bruno), "Open a bakery", 4));
        loopsDone();
        fx.settle();

        assertThat(pinboard.glanceProperty().get()).startsWith("P");
        fx.run(() -> canvas.elements().act(Action.of(ActionType.PIN, Map.of("pinboard", "Pinboard",
                "text", "Bake on Sundays")), () -> { }));
        fx.settle();
        assertThat(fx.call(() -> canvas.noticeProperty().get())).startsWith("Pinned P");
        assertThat(workspace.engine().elements().find("Pinboard").orElseThrow().topPins()).extracting(Pin::text)
                .contains("Bake on Sundays");
        assertThat(pinboard.glanceProperty().get()).contains("Bake on Sundays");
        assertThat(fx.call(() -> canvas.noticeProperty().get())).startsWith("Pinned P");
    }

    @Test
    void anAgentShowsHowManyMessagesWaitInItsInbox() {
        AgentNodeModel ada = place(ADA, 0, 0);
        placed(ElementKind.BOARD, 300, 0);

        fx.run(() -> canvas.elements().act(Action.of(ActionType.SEND, Map.of("to", "Ada", "text", "Rent is due")),
                () -> { }));
        fx.settle();

        assertThat(fx.call(() -> canvas.noticeProperty().get())).isEqualTo("Sent to Ada");
        assertThat(ada.unreadProperty().get()).isEqualTo(1);
    }

    @Test
    void aRestingAgentReadsForAMomentWhatAnotherChangedOnAnElementItFollows() {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        placed(ElementKind.PINBOARD, 300, -200);
        var elements = workspace.engine().elements();
        elements.apply(Action.of(ActionType.PIN, Map.of("text", "Bake on Sundays")),
                new dev.workshop.domain.element.Actor(ADA.value(), "Ada"), dev.workshop.domain.element.Provenance.byHand());
        fx.settle();
        assertThat(ada.state()).as("its own pin is no news").isEqualTo(AgentState.IDLE);

        elements.apply(Action.of(ActionType.VOTE_DOWN, Map.of("pin", "P1")),
                new dev.workshop.domain.element.Actor(BRUNO.value(), "Bruno"),
                dev.workshop.domain.element.Provenance.byHand());
        fx.settle();

        assertThat(ada.state()).isEqualTo(AgentState.READING);
        assertThat(bruno.state()).as("Bruno acted: nothing new for him").isEqualTo(AgentState.IDLE);
        fx.run(() -> canvas.advance(AgentNodeModel.NEWS_SECONDS + 0.5));
        assertThat(ada.state()).isEqualTo(AgentState.IDLE);
    }

    @Test
    void elementsPlacedElsewhereAppearBesideTheAgentsAtLoad() {
        place(ADA, 0, 0);
        workspace.engine().elements().create(ElementKind.RULEBOOK, "House rules");

        restartCanvas();
        fx.settle();

        List<ElementNodeModel> shown = fx.call(() -> List.copyOf(canvas.placedElements()));
        assertThat(shown).extracting(ElementNodeModel::name).containsExactly("House rules");
        assertThat(shown.getFirst().position().x()).isGreaterThan(AgentNode.RADIUS * 2);
    }
}
