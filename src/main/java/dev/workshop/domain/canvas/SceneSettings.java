package dev.workshop.domain.canvas;

/** Preferences saved with the scene. */
public record SceneSettings(Theme theme, int defaultMaxTurns) {
    public static final SceneSettings DEFAULTS = new SceneSettings(Theme.LIGHT, 6);

    public enum Theme { LIGHT, DARK }

    public SceneSettings {
        if (defaultMaxTurns < 1) {
            throw new IllegalArgumentException("The default number of turns must be at least 1, was " + defaultMaxTurns);
        }
    }

    public SceneSettings withTheme(Theme newTheme) {
        return new SceneSettings(newTheme, defaultMaxTurns);
    }
}
