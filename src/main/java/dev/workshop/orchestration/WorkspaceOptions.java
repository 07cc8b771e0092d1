package dev.workshop.orchestration;

/**
 * Choices made when opening a workspace: how long the offline provider takes per reply (a few hundred
 * milliseconds by default, so that replies visibly stream on the canvas), and how loops run.
 */
public record WorkspaceOptions(long offlineDelayMillis, LoopSettings loops) {
    public static final WorkspaceOptions DEFAULTS = new WorkspaceOptions(300, LoopSettings.DEFAULTS);
    /** The app's pace: an offline reply takes about as long as reading it, so a conversation can be watched. */
    public static final WorkspaceOptions DESKTOP = new WorkspaceOptions(1800, LoopSettings.DEFAULTS);

    public WorkspaceOptions {
        if (offlineDelayMillis < 0) {
            throw new IllegalArgumentException("The offline delay cannot be negative, was " + offlineDelayMillis);
        }
    }

    public WorkspaceOptions(long offlineDelayMillis) {
        this(offlineDelayMillis, LoopSettings.DEFAULTS);
    }
}
