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
