package dev.workshop.ui.canvas;

import dev.workshop.domain.canvas.Bounds;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;

/**
 * Keeps speech bubbles from covering each other and inside the view. The newest bubble (the last child) stays
 * right above its agent; an older one that would overlap a bubble already placed is lifted above it, still
 * over its own agent. Agents placed side by side, as a team usually is, otherwise hide each other's messages.
 * A bubble near the left or right edge slides inward so its text is not cut off; an older bubble lifted
 * past the top of the view is hidden until its agent speaks again, rather than shown cut in half. The bubble
 * under the pointer holds still and the others clear it, so what the user is about to click does not move.
 */
final class BubbleStack {
    /** Space kept between two bubbles, in world units. */
    static final double GAP = 6;
    /** Space kept between a bubble and the side of the view, in screen pixels. */
    static final double EDGE = 8;
    /** How much of a bubble stays on each side of its agent's centre when it slides, in world units. */
    static final double OVER_AGENT = 24;

    /** A bubble's box where it belongs (centred above its agent), in world units. */
    record Box(double left, double top, double width, double height) {
        double centreX() {
            return left + width / 2;
        }
    }

    /** Where a bubble goes, and whether it is shown at all. */
    record Placement(double left, double top, boolean shown) {
    }

    private BubbleStack() {
    }

    /**
     * Places every bubble among {@code children} (all {@link BubbleNode}s, oldest first) within {@code view},
     * the part of the world on screen at {@code zoom}.
     */
    static void arrange(List<Node> children, Bounds view, double zoom, BubbleNode pinned) {
        List<Box> boxes = new ArrayList<>(children.size());
        for (Node child : children) {
            BubbleNode bubble = (BubbleNode) child;
            boxes.add(new Box(bubble.anchorX(), bubble.anchorY(), bubble.getWidth(), bubble.getHeight()));
        }
        int held = pinned == null || !pinned.isPlaced() ? -1 : children.indexOf(pinned);
        Placement[] placements = held < 0 ? place(boxes, view, EDGE / zoom)
                : place(boxes, view, EDGE / zoom, held, new Box(pinned.placedX(), pinned.placedY(),
                        pinned.getWidth(), pinned.getHeight()));
        for (int i = 0; i < placements.length; i++) {
            BubbleNode bubble = (BubbleNode) children.get(i);
            bubble.placeAt(placements[i].left(), placements[i].top());
            bubble.setVisible(placements[i].shown());
        }
    }

    /**
     * Where each bubble goes, in the order given (oldest first): the newest is placed first, and each older
     * one then clears those placed before it.
     *
     * @param edge the space to keep from the view's sides, in world units
     */
    static Placement[] place(List<Box> anchored, Bounds view, double edge) {
        return place(anchored, view, edge, -1, null);
    }

    /**
     * As {@link #place(List, Bounds, double)}, with the bubble at {@code pinned} held where it is ({@code at}),
     * the one under the pointer: the others clear it as they clear each other.
     */
    static Placement[] place(List<Box> anchored, Bounds view, double edge, int pinned, Box at) {
        // A view not laid out yet (no size) bounds nothing.
        boolean bounded = view.width() > 0 && view.height() > 0;
        Placement[] placements = new Placement[anchored.size()];
        List<Box> placed = new ArrayList<>(anchored.size());
        if (pinned >= 0) {
            placements[pinned] = new Placement(at.left(), at.top(), true);
            placed.add(at);
        }
        for (int i = anchored.size() - 1; i >= 0; i--) {
            if (i == pinned) {
                continue;
            }
            Box anchor = anchored.get(i);
            double left = bounded ? insideView(anchor, view, edge) : anchor.left();
            double top = anchor.top();
            // Each lift clears one placed bubble and only ever moves up, so this ends within n rounds.
            for (boolean moved = true; moved; ) {
                moved = false;
                for (Box other : placed) {
                    if (overlaps(left, top, anchor.width(), anchor.height(), other)) {
                        top = other.top() - GAP - anchor.height();
                        moved = true;
                    }
                }
            }
            // Only a lifted bubble is hidden: the one right above its agent goes off screen with the agent.
            boolean shown = top == anchor.top() || !bounded || top >= view.minY() + edge;
            if (shown) {
                placed.add(new Box(left, top, anchor.width(), anchor.height()));
            }
            placements[i] = new Placement(left, top, shown);
        }
        return placements;
    }

    /** The bubble's left side, slid inward from the view's sides but never so far that it leaves its agent. */
    private static double insideView(Box anchor, Bounds view, double edge) {
        double left = Math.max(view.minX() + edge, Math.min(anchor.left(), view.maxX() - edge - anchor.width()));
        double keep = Math.min(OVER_AGENT, anchor.width() / 2);
        return Math.max(anchor.centreX() - anchor.width() + keep, Math.min(left, anchor.centreX() - keep));
    }

    private static boolean overlaps(double left, double top, double width, double height, Box other) {
        return left < other.left() + other.width() + GAP && other.left() < left + width + GAP
                && top < other.top() + other.height() + GAP && other.top() < top + height + GAP;
    }
}
