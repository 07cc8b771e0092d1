package dev.workshop.ui.canvas;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;

/**
 * Keeps speech bubbles from covering each other. The newest bubble (the last child) stays right above its
 * agent; an older one that would overlap a bubble already placed is lifted above it, still centred on its own
 * agent. Agents placed side by side, as a team usually is, otherwise hide each other's messages.
 */
final class BubbleStack {
    /** Space kept between two bubbles, in world units. */
    static final double GAP = 6;

    private BubbleStack() {
    }

    /** Places every bubble among {@code children} (all {@link BubbleNode}s, oldest first). */
    static void arrange(List<Node> children) {
        List<double[]> placed = new ArrayList<>(children.size());
        for (int i = children.size() - 1; i >= 0; i--) {
            BubbleNode bubble = (BubbleNode) children.get(i);
            double left = bubble.anchorX();
            double width = bubble.getWidth();
            double height = bubble.getHeight();
            double top = bubble.anchorY();
            // Each lift clears one placed bubble and only ever moves up, so this ends within n rounds.
            for (boolean moved = true; moved; ) {
                moved = false;
                for (double[] other : placed) {
                    if (overlaps(left, top, width, height, other)) {
                        top = other[1] - GAP - height;
                        moved = true;
                    }
                }
            }
            placed.add(new double[] {left, top, width, height});
            bubble.placeAt(left, top);
        }
    }

    private static boolean overlaps(double left, double top, double width, double height, double[] other) {
        return left < other[0] + other[2] + GAP && other[0] < left + width + GAP
                && top < other[1] + other[3] + GAP && other[1] < top + height + GAP;
    }
}
