package dev.workshop.orchestration;

import dev.workshop.domain.conversation.TenantId;
import java.util.Objects;

/**
 * Choices made when opening a workspace: how long the offline provider takes per reply (a few hundred
 * milliseconds by default, so that replies visibly stream on the canvas), how loops run, and which team's
 * conversations this workspace works on (the desktop app's is {@link TenantId#LOCAL}). With
 * {@code followsPreferences} the user's saved preferences replace the pace, the turn limit and the conversations
 * at once when the workspace opens (the desktop app); without, these options decide (the command line, tests).
 * {@code teamServer}: the PostgreSQL that holds the conversations instead of this device's journal (team mode).
 */
public record WorkspaceOptions(long offlineDelayMillis, LoopSettings loops, TenantId team, boolean followsPreferences,
                               java.util.Optional<String> teamServer) {
    public static final WorkspaceOptions DEFAULTS = new WorkspaceOptions(300, LoopSettings.DEFAULTS);
    /** The app's pace: an offline reply takes about as long as reading it, so a conversation can be watched. */
    public static final WorkspaceOptions DESKTOP = new WorkspaceOptions(1800, LoopSettings.DEFAULTS, TenantId.LOCAL,
            true);

    public WorkspaceOptions {
        if (offlineDelayMillis < 0) {
            throw new IllegalArgumentException("The offline delay cannot be negative, was " + offlineDelayMillis);
        }
        Objects.requireNonNull(loops, "loops");
        Objects.requireNonNull(team, "team");
        Objects.requireNonNull(teamServer, "teamServer");
    }

    public WorkspaceOptions(long offlineDelayMillis, LoopSettings loops, TenantId team, boolean followsPreferences) {
        this(offlineDelayMillis, loops, team, followsPreferences, java.util.Optional.empty());
    }

    public WorkspaceOptions(long offlineDelayMillis, LoopSettings loops, TenantId team) {
        this(offlineDelayMillis, loops, team, false);
    }

    public WorkspaceOptions(long offlineDelayMillis, LoopSettings loops) {
        this(offlineDelayMillis, loops, TenantId.LOCAL);
    }

    public WorkspaceOptions(long offlineDelayMillis) {
        this(offlineDelayMillis, LoopSettings.DEFAULTS);
    }

    public WorkspaceOptions withTeam(TenantId other) {
        return new WorkspaceOptions(offlineDelayMillis, loops, other, followsPreferences, teamServer);
    }

    /** These options with the conversations on the team server at {@code url} (none: on this device). */
    public WorkspaceOptions withTeamServer(java.util.Optional<String> url) {
        return new WorkspaceOptions(offlineDelayMillis, loops, team, followsPreferences, url);
    }

    /** These options with the pace, turn limit and conversations at once of {@code preferences}. */
    public WorkspaceOptions with(dev.workshop.domain.settings.Preferences preferences) {
        return new WorkspaceOptions(preferences.offlineReplyMillis(), PreferencesKeeper.apply(loops, preferences), team,
                followsPreferences, teamServer);
    }
}
