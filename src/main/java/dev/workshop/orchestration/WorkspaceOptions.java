package dev.workshop.orchestration;

import dev.workshop.domain.conversation.TenantId;
import java.util.Objects;

/**
 * Choices made when opening a workspace: how long the offline provider takes per reply (a few hundred
 * milliseconds by default, so that replies visibly stream on the canvas), how loops run, and which team's
 * conversations this workspace works on (the desktop app's is {@link TenantId#LOCAL}).
 */
public record WorkspaceOptions(long offlineDelayMillis, LoopSettings loops, TenantId team) {
    public static final WorkspaceOptions DEFAULTS = new WorkspaceOptions(300, LoopSettings.DEFAULTS);
    /** The app's pace: an offline reply takes about as long as reading it, so a conversation can be watched. */
    public static final WorkspaceOptions DESKTOP = new WorkspaceOptions(1800, LoopSettings.DEFAULTS);

    public WorkspaceOptions {
        if (offlineDelayMillis < 0) {
            throw new IllegalArgumentException("The offline delay cannot be negative, was " + offlineDelayMillis);
        }
        Objects.requireNonNull(loops, "loops");
        Objects.requireNonNull(team, "team");
    }

    public WorkspaceOptions(long offlineDelayMillis, LoopSettings loops) {
        this(offlineDelayMillis, loops, TenantId.LOCAL);
    }

    public WorkspaceOptions(long offlineDelayMillis) {
        this(offlineDelayMillis, LoopSettings.DEFAULTS);
    }

    public WorkspaceOptions withTeam(TenantId other) {
        return new WorkspaceOptions(offlineDelayMillis, loops, other);
    }
}
