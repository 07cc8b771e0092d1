package dev.workshop.domain.canvas;

/**
 * What part of the canvas the window shows: the world point at the view's top-left corner and the zoom.
 * Screen = (world - origin) * zoom.
 */
public record Camera(double originX, double originY, double zoom) {
    public static final double MIN_ZOOM = 0.1;
    public static final double MAX_ZOOM = 3.0;
    public static final Camera DEFAULT = new Camera(0, 0, 1);

    public Camera {
        if (!Double.isFinite(originX) || !Double.isFinite(originY) || !Double.isFinite(zoom)) {
            throw new IllegalArgumentException("A camera needs finite numbers");
        }
        zoom = clampZoom(zoom);
    }

    public static double clampZoom(double zoom) {
        return Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoom));
    }

    public Point toWorld(double screenX, double screenY) {
        return new Point(originX + screenX / zoom, originY + screenY / zoom);
    }

    public Point toScreen(Point world) {
        return new Point((world.x() - originX) * zoom, (world.y() - originY) * zoom);
    }

    /** Moves the view by a drag of {@code dx, dy} screen pixels: the world follows the mouse. */
    public Camera pannedBy(double dx, double dy) {
        return new Camera(originX - dx / zoom, originY - dy / zoom, zoom);
    }

    /** Zooms by {@code factor}, keeping the world point under the screen point where it is (the cursor). */
    public Camera zoomedAt(double factor, double screenX, double screenY) {
        Point anchor = toWorld(screenX, screenY);
        double newZoom = clampZoom(zoom * factor);
        return new Camera(anchor.x() - screenX / newZoom, anchor.y() - screenY / newZoom, newZoom);
    }

    /** 100 % zoom, keeping the centre of the view where it is. */
    public Camera resetZoom(double viewWidth, double viewHeight) {
        Point centre = toWorld(viewWidth / 2, viewHeight / 2);
        return new Camera(centre.x() - viewWidth / 2, centre.y() - viewHeight / 2, 1);
    }

    /** The camera that shows every point of {@code bounds} with a margin, at most 100 %. */
    public static Camera fitting(Bounds bounds, double viewWidth, double viewHeight, double margin) {
        if (bounds.isEmpty() || viewWidth <= 0 || viewHeight <= 0) {
            return DEFAULT;
        }
        double width = Math.max(bounds.width(), 1) + 2 * margin;
        double height = Math.max(bounds.height(), 1) + 2 * margin;
        double zoom = clampZoom(Math.min(1, Math.min(viewWidth / width, viewHeight / height)));
        double centreX = bounds.minX() + bounds.width() / 2;
        double centreY = bounds.minY() + bounds.height() / 2;
        return new Camera(centreX - viewWidth / 2 / zoom, centreY - viewHeight / 2 / zoom, zoom);
    }

    /** The same zoom, moved so that {@code world} is in the middle of the view. */
    public Camera centredOn(Point world, double viewWidth, double viewHeight) {
        return new Camera(world.x() - viewWidth / 2 / zoom, world.y() - viewHeight / 2 / zoom, zoom);
    }

    /** The world rectangle the view shows. */
    public Bounds visible(double viewWidth, double viewHeight) {
        return new Bounds(originX, originY, originX + viewWidth / zoom, originY + viewHeight / zoom);
    }
}
