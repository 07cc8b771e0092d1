package dev.workshop.ui.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.canvas.Bounds;
import dev.workshop.ui.canvas.BubbleStack.Box;
import dev.workshop.ui.canvas.BubbleStack.Placement;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where speech bubbles go: clear of each other, inside the view, and still over their agents. */
class BubbleStackTest {
    private static final Bounds VIEW = new Bounds(0, 0, 800, 600);
    private static final double EDGE = 8;

    /** A 240 × 50 bubble centred above an agent at (x, 300). */
    private static Box above(double x) {
        return new Box(x - 120, 300 - 40 - 50, 240, 50);
    }

    @Test
    void theNewestBubbleStaysAboveItsAgentAndAnOlderOneIsLiftedClearOfIt() {
        Placement[] placed = BubbleStack.place(List.of(above(300), above(400)), VIEW, EDGE);

        assertThat(placed[1]).isEqualTo(new Placement(280, 210, true));
        assertThat(placed[0].left()).isEqualTo(180);
        assertThat(placed[0].top() + 50 + BubbleStack.GAP).isEqualTo(210);
        assertThat(placed[0].shown()).isTrue();
    }

    @Test
    void theBubbleUnderThePointerHoldsStillAndTheOthersClearIt() {
        // The newest bubble is held where the pointer found it (lifted, overlapping the other's anchor).
        Placement[] placed = BubbleStack.place(List.of(above(300), above(400)), VIEW, EDGE, 1,
                new Box(280, 180, 240, 50));

        assertThat(placed[1]).isEqualTo(new Placement(280, 180, true));
        assertThat(placed[0].left()).isEqualTo(180);
        assertThat(placed[0].top()).as("lifted clear of the held one").isEqualTo(180 - BubbleStack.GAP - 50);
    }

    @Test
    void aBubbleNearTheRightEdgeSlidesInwardSoNoneOfItIsCutOff() {
        Placement[] placed = BubbleStack.place(List.of(above(760)), VIEW, EDGE);

        assertThat(placed[0].left() + 240).isEqualTo(800 - EDGE);
        assertThat(placed[0].top()).isEqualTo(210);
    }

    @Test
    void aBubbleNearTheLeftEdgeSlidesInwardToo() {
        Placement[] placed = BubbleStack.place(List.of(above(50)), VIEW, EDGE);

        assertThat(placed[0].left()).isEqualTo(EDGE);
    }

    @Test
    void aBubbleNeverSlidesOffItsAgent() {
        // The agent stands at the very edge: the bubble keeps OVER_AGENT of itself on the agent's far side.
        Placement[] placed = BubbleStack.place(List.of(above(798)), VIEW, EDGE);

        assertThat(placed[0].left() + 240).isEqualTo(798 + BubbleStack.OVER_AGENT);
    }

    @Test
    void anOlderBubbleLiftedPastTheTopOfTheViewIsHiddenAndTakesNoRoom() {
        Bounds view = new Bounds(0, 150, 800, 750);
        Placement[] placed = BubbleStack.place(List.of(above(200), above(300), above(400)), view, EDGE);

        assertThat(placed[2].shown()).isTrue();
        assertThat(placed[1].shown()).as("lifted to %s, above the view's top 150", placed[1].top()).isFalse();
        assertThat(placed[0].shown()).isFalse();
    }

    @Test
    void theNewestBubbleIsShownEvenWhenItsAgentStandsAtTheTop() {
        Bounds view = new Bounds(0, 250, 800, 850);
        Placement[] placed = BubbleStack.place(List.of(above(300)), view, EDGE);

        assertThat(placed[0]).isEqualTo(new Placement(180, 210, true));
    }

    @Test
    void aViewNotLaidOutYetBoundsNothing() {
        Placement[] placed = BubbleStack.place(List.of(above(760), above(700)), new Bounds(0, 0, 0, 0), EDGE);

        assertThat(placed[1]).isEqualTo(new Placement(580, 210, true));
        assertThat(placed[0].left()).isEqualTo(640);
        assertThat(placed[0].shown()).isTrue();
    }
}
