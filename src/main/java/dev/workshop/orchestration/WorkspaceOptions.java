package dev.workshop.orchestration;

/** Choices made when opening a workspace: how long the offline provider takes per reply. */
public record WorkspaceOptions(long offlineDelayMillis) {
    /** A few hundred milliseconds, so that replies visibly stream on the canvas. */
    public static final WorkspaceOptions DEFAULTS = new WorkspaceOptions(300);

    public WorkspaceOptions {
        if (offlineDelayMillis < 0) {
            throw new IllegalArgumentException("The offline delay cannot be negative, was " + offlineDelayMillis);
        }
    }
}
