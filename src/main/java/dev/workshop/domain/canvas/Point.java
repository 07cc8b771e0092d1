package dev.workshop.domain.canvas;

/** A position in canvas (world) coordinates. */
public record Point(double x, double y) {
    public static final Point ORIGIN = new Point(0, 0);

    public Point plus(double dx, double dy) {
        return new Point(x + dx, y + dy);
    }

    public double distanceTo(Point other) {
        return Math.hypot(other.x - x, other.y - y);
    }
}
