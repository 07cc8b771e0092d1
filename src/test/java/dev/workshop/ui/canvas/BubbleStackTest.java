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

    /** An agent at (x, y) as a bubble keeps clear of it: avatar, name and state (80 wide, 31 above to 70 below). */
    private static Box agentAt(double x, double y) {
        return new Box(x - 40, y - 31, 80, 101);
    }

    /** A 240 × 50 bubble centred above an agent at (x, y). */
    private static Box above(double x, double y) {
        return new Box(x - 120, y - BubbleStack.BESIDE_DROP - 50, 240, 50);
    }

    private static boolean overlap(Placement placed, Box bubble, Box other) {
        return placed.left() < other.left() + other.width() && other.left() < placed.left() + bubble.width()
                && placed.top() < other.top() + other.height() && other.top() < placed.top() + bubble.height();
    }

    @Test
    void aBubbleWhosePlaceAboveWouldCoverAnotherAgentGoesBesideItsOwn() {
        // Ada stands right above Bruno, as in a column: above Bruno is Ada's name and state.
        Box ada = agentAt(300, 200);
        Box bruno = agentAt(300, 320);
        Box said = above(300, 320);
        Placement[] placed = BubbleStack.place(List.of(said), VIEW, EDGE, -1, null,
                new BubbleStack.Agents(List.of(ada, bruno), new int[] {1}));

        assertThat(overlap(placed[0], said, ada)).as("Ada's name and state stay readable").isFalse();
        assertThat(placed[0].left()).as("beside Bruno, on the right").isEqualTo(300 + BubbleStack.BESIDE_OFFSET);
        assertThat(placed[0].top() + 25).as("level with Bruno's centre").isEqualTo(320);
        assertThat(placed[0].shown()).isTrue();
    }

    @Test
    void withBothSidesTakenTheBubbleIsLiftedClearOfTheOtherAgent() {
        Box ada = agentAt(400, 200);
        Box left = agentAt(250, 320);
        Box right = agentAt(550, 320);
        Box said = above(400, 320);
        Placement[] placed = BubbleStack.place(List.of(said), VIEW, EDGE, -1, null,
                new BubbleStack.Agents(List.of(ada, left, right, agentAt(400, 320)), new int[] {3}));

        assertThat(overlap(placed[0], said, ada)).isFalse();
        assertThat(placed[0].top() + 50 + BubbleStack.GAP).isEqualTo(ada.top());
    }

    @Test
    void sideBySideAgentsKeepTheirBubblesAbove() {
        Box said = above(300, 300);
        Placement[] placed = BubbleStack.place(List.of(said), VIEW, EDGE, -1, null,
                new BubbleStack.Agents(List.of(agentAt(300, 300), agentAt(540, 300)), new int[] {0}));

        assertThat(placed[0]).isEqualTo(new Placement(said.left(), said.top(), true));
    }
}
