package dev.workshop.domain.canvas;

/**
 * Preferences saved with the scene.
 *
 * @param snapToGrid whether agents put down on the canvas land on the nearest grid point
 * @param minimap    whether the overview of the whole canvas shows in its corner
 */
public record SceneSettings(Theme theme, int defaultMaxTurns, boolean snapToGrid, boolean minimap) {
    /** The distance between grid points in world units: the dots drawn and the points agents snap to. */
    public static final double GRID_SPACING = 40;
    public static final SceneSettings DEFAULTS = new SceneSettings(Theme.SYSTEM, 6, false, false);

    /** The colours the app uses: the operating system's choice, or one the user picked. */
    public enum Theme {
        SYSTEM, LIGHT, DARK;

        /** The theme to paint with, now that the system's preference is known. */
        public boolean isDark(boolean systemPrefersDark) {
            return this == DARK || (this == SYSTEM && systemPrefersDark);
        }
    }

    public SceneSettings {
        if (theme == null) {
            throw new IllegalArgumentException("A theme is required");
        }
        if (defaultMaxTurns < 1) {
            throw new IllegalArgumentException("The default number of turns must be at least 1, was " + defaultMaxTurns);
        }
    }

    public SceneSettings(Theme theme, int defaultMaxTurns) {
        this(theme, defaultMaxTurns, false, false);
    }

    public SceneSettings withTheme(Theme newTheme) {
        return new SceneSettings(newTheme, defaultMaxTurns, snapToGrid, minimap);
    }

    public SceneSettings withSnapToGrid(boolean snap) {
        return new SceneSettings(theme, defaultMaxTurns, snap, minimap);
    }

    public SceneSettings withMinimap(boolean shown) {
        return new SceneSettings(theme, defaultMaxTurns, snapToGrid, shown);
    }

    /** Where a point put down lands: itself, or the nearest grid point when snapping is on. */
    public Point placed(Point point) {
        if (!snapToGrid) {
            return point;
        }
        return new Point(Math.round(point.x() / GRID_SPACING) * GRID_SPACING,
                Math.round(point.y() / GRID_SPACING) * GRID_SPACING);
    }
}
