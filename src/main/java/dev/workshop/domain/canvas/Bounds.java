package dev.workshop.domain.canvas;

import java.util.Collection;

/** An axis-aligned rectangle in world coordinates; {@link #EMPTY} contains nothing. */
public record Bounds(double minX, double minY, double maxX, double maxY) {
    public static final Bounds EMPTY = new Bounds(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY);

    public static Bounds of(Collection<Point> points) {
        Bounds bounds = EMPTY;
        for (Point point : points) {
            bounds = bounds.including(point);
        }
        return bounds;
    }

    public static Bounds spanning(Point a, Point b) {
        return new Bounds(Math.min(a.x(), b.x()), Math.min(a.y(), b.y()), Math.max(a.x(), b.x()), Math.max(a.y(), b.y()));
    }

    public boolean isEmpty() {
        return minX > maxX || minY > maxY;
    }

    public Bounds including(Point point) {
        return new Bounds(Math.min(minX, point.x()), Math.min(minY, point.y()), Math.max(maxX, point.x()),
                Math.max(maxY, point.y()));
    }

    public Bounds grownBy(double margin) {
        return isEmpty() ? this : new Bounds(minX - margin, minY - margin, maxX + margin, maxY + margin);
    }

    public boolean contains(Point point) {
        return point.x() >= minX && point.x() <= maxX && point.y() >= minY && point.y() <= maxY;
    }

    public double width() {
        return isEmpty() ? 0 : maxX - minX;
    }

    public double height() {
        return isEmpty() ? 0 : maxY - minY;
    }
}
