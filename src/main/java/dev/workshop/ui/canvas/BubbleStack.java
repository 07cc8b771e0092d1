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
 * Other agents are kept clear too (their avatar, name and state): a bubble whose place above its agent would cover
 * one (an agent right above, as in a column) goes beside its agent instead, right or left, and is lifted only when
 * neither side is free.
 */
final class BubbleStack {
    /** Space kept between two bubbles, in world units. */
    static final double GAP = 6;
    /** Space kept between a bubble and the side of the view, in screen pixels. */
    static final double EDGE = 8;
    /** How much of a bubble stays on each side of its agent's centre when it slides, in world units. */
    static final double OVER_AGENT = 24;
    /** From an agent's centre to the near side of a bubble beside it: clear of its avatar and its ring. */
    static final double BESIDE_OFFSET = AgentNode.RADIUS + 12;
    /** From the bottom of a bubble above its agent to the agent's centre ({@link BubbleNode#anchorAbove}). */
    static final double BESIDE_DROP = AgentNode.RADIUS + 14;

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
    static void arrange(List<Node> children, Bounds view, double zoom, BubbleNode pinned, Agents agents) {
        List<Box> boxes = new ArrayList<>(children.size());
        for (Node child : children) {
            BubbleNode bubble = (BubbleNode) child;
            boxes.add(new Box(bubble.anchorX(), bubble.anchorY(), bubble.getWidth(), bubble.getHeight()));
        }
        int held = pinned == null || !pinned.isPlaced() ? -1 : children.indexOf(pinned);
        Placement[] placements = place(boxes, view, EDGE / zoom, held, held < 0 ? null
                : new Box(pinned.placedX(), pinned.placedY(), pinned.getWidth(), pinned.getHeight()), agents);
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
        return place(anchored, view, edge, -1, null, Agents.NONE);
    }

    /**
     * The agents a bubble keeps clear of: each one's box (avatar, name, state), and which of them is the agent of
     * the bubble at each index (-1 for none known), whose own box its bubble may touch.
     */
    record Agents(List<Box> boxes, int[] ownerOf) {
        static final Agents NONE = new Agents(List.of(), new int[0]);

        int owner(int bubble) {
            return bubble < ownerOf.length ? ownerOf[bubble] : -1;
        }
    }

    /**
     * As {@link #place(List, Bounds, double)}, with the bubble at {@code pinned} held where it is ({@code at}),
     * the one under the pointer: the others clear it as they clear each other.
     */
    static Placement[] place(List<Box> anchored, Bounds view, double edge, int pinned, Box at) {
        return place(anchored, view, edge, pinned, at, Agents.NONE);
    }

    /** As above, each bubble also keeping clear of the other {@code agents}. */
    static Placement[] place(List<Box> anchored, Bounds view, double edge, int pinned, Box at, Agents agents) {
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
            List<Box> clear = new ArrayList<>(placed);
            for (int agent = 0; agent < agents.boxes().size(); agent++) {
                if (agent != agents.owner(i)) {
                    clear.add(agents.boxes().get(agent));
                }
            }
            double left = bounded ? insideView(anchor, view, edge) : anchor.left();
            double top = anchor.top();
            // Covering a bubble is mended by lifting, as ever; covering another agent by going beside its own.
            boolean coversAnAgent = !free(left, top, anchor, clear.subList(placed.size(), clear.size()));
            Box beside = coversAnAgent ? beside(anchor, view, edge, bounded, clear) : null;
            if (beside != null) {
                left = beside.left();
                top = beside.top();
            }
            // Each lift clears one placed box and only ever moves up, so this ends within n rounds.
            for (boolean moved = beside == null; moved; ) {
                moved = false;
                for (Box other : clear) {
                    if (overlaps(left, top, anchor.width(), anchor.height(), other)) {
                        top = other.top() - GAP - anchor.height();
                        moved = true;
                    }
                }
            }
            // Only a lifted bubble is hidden: the one right above (or beside) its agent goes off screen with it.
            boolean shown = top == anchor.top() || beside != null || !bounded || top >= view.minY() + edge;
            if (shown) {
                placed.add(new Box(left, top, anchor.width(), anchor.height()));
            }
            placements[i] = new Placement(left, top, shown);
        }
        return placements;
    }

    private static boolean free(double left, double top, Box bubble, List<Box> clear) {
        return clear.stream().noneMatch(other -> overlaps(left, top, bubble.width(), bubble.height(), other));
    }

    /**
     * Where the bubble anchored above its agent goes beside it instead, right then left, level with the agent's
     * centre (clear of an agent standing right above, and of its own name, which is narrower than the avatar's
     * ring); null when neither side is free and inside the view.
     */
    private static Box beside(Box anchor, Bounds view, double edge, boolean bounded, List<Box> clear) {
        double agentX = anchor.centreX();
        double agentY = anchor.top() + anchor.height() + BESIDE_DROP;
        double top = agentY - anchor.height() / 2;
        for (double left : new double[] {agentX + BESIDE_OFFSET, agentX - BESIDE_OFFSET - anchor.width()}) {
            boolean inside = !bounded || (left >= view.minX() + edge && left + anchor.width() <= view.maxX() - edge);
            if (inside && free(left, top, anchor, clear)) {
                return new Box(left, top, anchor.width(), anchor.height());
            }
        }
        return null;
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
