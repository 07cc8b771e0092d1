package dev.workshop.domain.canvas;

import java.util.Optional;

/**
 * Where the main window was and how it was divided when it closed, so the next launch opens it the same way.
 *
 * @param bounds         the window's position and size in screen coordinates, or {@link Bounds#EMPTY}
 * @param maximized      whether it filled the screen
 * @param sidebarDivider the canvas / sidebar divider, as a fraction of the width
 * @param listDivider    the conversation list / messages divider in the sidebar, as a fraction of its height
 */
public record WindowLayout(Bounds bounds, boolean maximized, double sidebarDivider, double listDivider) {
    /**
     * The smallest window the app allows (its frame included), at which everything still fits: the status bar, the
     * zoom bar clear of "Try it", a conversation row and its messages with Send ({@code SmallestWindowTest}; at
     * 640 × 420 the status bar was gone and the zoom bar covered "Try it"). A remembered size below it is not used.
     */
    public static final double MIN_WIDTH = 760;
    public static final double MIN_HEIGHT = 560;
    private static final double DEFAULT_SIDEBAR_DIVIDER = 0.62;
    private static final double DEFAULT_LIST_DIVIDER = 0.38;
    public static final WindowLayout DEFAULT = new WindowLayout(Bounds.EMPTY, false, DEFAULT_SIDEBAR_DIVIDER,
            DEFAULT_LIST_DIVIDER);

    public WindowLayout {
        sidebarDivider = fraction(sidebarDivider, DEFAULT_SIDEBAR_DIVIDER);
        listDivider = fraction(listDivider, DEFAULT_LIST_DIVIDER);
        boolean usable = !bounds.isEmpty() && Double.isFinite(bounds.minX()) && Double.isFinite(bounds.minY())
                && bounds.width() >= MIN_WIDTH && bounds.height() >= MIN_HEIGHT;
        if (!usable) {
            bounds = Bounds.EMPTY;
        }
    }

    /** A divider dragged to an edge would hide a pane for good: it is kept between 10 % and 90 %. */
    private static double fraction(double value, double fallback) {
        return Double.isFinite(value) ? Math.max(0.1, Math.min(0.9, value)) : fallback;
    }

    /** The remembered window position and size, if there is one worth using. */
    public Optional<Bounds> windowBounds() {
        return bounds.isEmpty() ? Optional.empty() : Optional.of(bounds);
    }
}
