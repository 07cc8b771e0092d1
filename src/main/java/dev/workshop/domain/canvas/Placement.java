package dev.workshop.domain.canvas;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds free space for agents that must appear on the canvas without the user placing them (participants of
 * a conversation started from the command line): a row of spots next to each other, clear of every agent
 * already there, as close to {@code near} as possible.
 */
public final class Placement {
    /** Centre-to-centre distance that keeps two agents (and their labels) apart. */
    public static final double SPACING = 140;

    private Placement() {
    }

    public static List<Point> freeSpots(List<Point> occupied, Point near, int count) {
        if (count <= 0) {
            return List.of();
        }
        // Walk outward ring by ring on a grid; the first row of {@code count} free cells wins.
        for (int ring = 0; ring < 200; ring++) {
            for (int dy = -ring; dy <= ring; dy++) {
                for (int dx = -ring; dx <= ring; dx++) {
                    if (Math.max(Math.abs(dx), Math.abs(dy)) != ring) {
                        continue;
                    }
                    List<Point> row = row(near, dx, dy, count);
                    if (row.stream().allMatch(spot -> isFree(spot, occupied))) {
                        return row;
                    }
                }
            }
        }
        throw new IllegalStateException("No free space found near " + near);
    }

    /** The room a shared element's card takes (its top left at its position), with a margin. */
    public static final double CARD_WIDTH = 240;
    public static final double CARD_HEIGHT = 170;

    /**
     * The top left of a free place for an element's card, as close to {@code near} as the agents (centred on their
     * points) and the other cards (top left at theirs) leave room for.
     */
    public static Point freeCardSpot(List<Point> agents, List<Point> cards, Point near) {
        for (int ring = 0; ring < 200; ring++) {
            for (int dy = -ring; dy <= ring; dy++) {
                for (int dx = -ring; dx <= ring; dx++) {
                    Point spot = new Point(near.x() + dx * CARD_WIDTH, near.y() + dy * CARD_HEIGHT);
                    if (Math.max(Math.abs(dx), Math.abs(dy)) == ring && cardFits(spot, agents, cards)) {
                        return spot;
                    }
                }
            }
        }
        throw new IllegalStateException("No free space found near " + near);
    }

    private static boolean cardFits(Point spot, List<Point> agents, List<Point> cards) {
        for (Point card : cards) {
            if (Math.abs(card.x() - spot.x()) < CARD_WIDTH && Math.abs(card.y() - spot.y()) < CARD_HEIGHT) {
                return false;
            }
        }
        for (Point agent : agents) {
            // An agent's circle, name and state words take about SPACING across, centred on its point.
            if (agent.x() > spot.x() - SPACING / 2 && agent.x() < spot.x() + CARD_WIDTH + SPACING / 2
                    && agent.y() > spot.y() - SPACING / 2 && agent.y() < spot.y() + CARD_HEIGHT + SPACING / 2) {
                return false;
            }
        }
        return true;
    }

    private static List<Point> row(Point near, int cellX, int cellY, int count) {
        List<Point> row = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            row.add(new Point(near.x() + (cellX + i) * SPACING, near.y() + cellY * SPACING));
        }
        return row;
    }

    private static boolean isFree(Point spot, List<Point> occupied) {
        for (Point taken : occupied) {
            if (taken.distanceTo(spot) < SPACING * 0.9) {
                return false;
            }
        }
        return true;
    }
}
