package dev.workshop.ui.canvas;

import dev.workshop.domain.canvas.Point;
import java.util.List;

/**
 * Where a label about a whole team goes (such as "resumed after restart"): centred under the team, clear of
 * the lowest agent's name and state. Between two agents it would be hidden under them, as a team usually
 * stands closer together than such a label is wide.
 */
final class TeamLabel {
    /** From an agent's centre to the middle of a label under it, at 100 %: below its name and state line. */
    static final double BELOW_AGENT = AgentNode.RADIUS + 66;

    private TeamLabel() {
    }

    /** The label's centre, in screen coordinates, for a team at these screen points (at least one). */
    static Point under(List<Point> team, double zoom) {
        if (team.isEmpty()) {
            throw new IllegalArgumentException("A team label needs at least one agent");
        }
        double left = Double.POSITIVE_INFINITY;
        double right = Double.NEGATIVE_INFINITY;
        double bottom = Double.NEGATIVE_INFINITY;
        for (Point agent : team) {
            left = Math.min(left, agent.x());
            right = Math.max(right, agent.x());
            bottom = Math.max(bottom, agent.y());
        }
        return new Point((left + right) / 2, bottom + BELOW_AGENT * zoom);
    }
}
