package dev.workshop.domain.canvas;

/**
 * How the minimap draws the world: the smallest world rectangle holding every agent and the view, scaled
 * evenly to fit a map of the given size and centred in it.
 *
 * @param scale   map pixels per world unit
 * @param offsetX map x of world x 0
 * @param offsetY map y of world y 0
 */
public record MinimapProjection(double scale, double offsetX, double offsetY) {
    /** World units around what is shown, so agents at the edge are not cut in half. */
    public static final double WORLD_MARGIN = 80;

    /** The projection that fits {@code agents} and {@code view} into {@code width × height} map pixels. */
    public static MinimapProjection fitting(Bounds agents, Bounds view, double width, double height) {
        Bounds world = agents.including(new Point(view.minX(), view.minY()))
                .including(new Point(view.maxX(), view.maxY())).grownBy(WORLD_MARGIN);
        double scale = Math.min(width / Math.max(world.width(), 1), height / Math.max(world.height(), 1));
        return new MinimapProjection(scale,
                width / 2 - (world.minX() + world.width() / 2) * scale,
                height / 2 - (world.minY() + world.height() / 2) * scale);
    }

    public Point toMap(Point world) {
        return new Point(world.x() * scale + offsetX, world.y() * scale + offsetY);
    }

    public Point toWorld(double mapX, double mapY) {
        return new Point((mapX - offsetX) / scale, (mapY - offsetY) / scale);
    }
}
