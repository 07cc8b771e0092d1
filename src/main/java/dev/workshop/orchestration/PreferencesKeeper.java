package dev.workshop.orchestration;

import dev.workshop.domain.settings.Preferences;
import dev.workshop.store.PreferenceStore;
import java.util.function.LongConsumer;

/**
 * The user's preferences for this workspace: saved in the data directory, and applied to the running app the
 * moment they are saved (the engine's turn limit and conversations at once, the offline provider's pace).
 * A workspace that does not follow preferences (the command line's, whose flags decide) has none to change.
 */
public final class PreferencesKeeper {
    private final PreferenceStore store;
    private final ConversationEngine bridge;
    private final LongConsumer offlinePace;
    private final boolean followed;
    private volatile Preferences current;

    private PreferencesKeeper(PreferenceStore store, Preferences current, ConversationEngine bridge, LongConsumer offlinePace,
                              boolean followed) {
        this.store = store;
        this.current = current;
        this.bridge = bridge;
        this.offlinePace = offlinePace;
        this.followed = followed;
    }

    /**
     * @param followed whether this workspace follows the saved preferences (the desktop app); when not,
     *                 {@link #change} is refused: the command line's flags decide there
     */
    public static PreferencesKeeper of(PreferenceStore store, Preferences current, ConversationEngine bridge,
                                       LongConsumer offlinePace, boolean followed) {
        return new PreferencesKeeper(store, current, bridge, offlinePace, followed);
    }

    /** Whether {@link #change} applies here. */
    public boolean followed() {
        return followed;
    }

    /**
     * The retention policy the user set in the app, as saved (also where this workspace does not follow the saved
     * preferences: {@code workshop gc} applies the user's policy); the defaults where none could be read.
     */
    public dev.workshop.domain.retention.RetentionPolicy savedRetention() {
        return store.load(ignored -> { }).retention();
    }

    /** The preferences that apply now. */
    public Preferences current() {
        return current;
    }

    /**
     * Saves {@code preferences} and applies them at once: new conversations take the turn limit, the limit of
     * conversations at once changes now, the next offline reply takes the new time.
     *
     * @throws dev.workshop.store.StoreException when they cannot be saved; nothing is applied then
     */
    public synchronized void change(Preferences preferences) {
        if (!followed) {
            throw new IllegalStateException("This workspace runs with the options it was opened with");
        }
        store.save(preferences);
        bridge.applySettings(apply(bridge.settings(), preferences));
        offlinePace.accept(preferences.offlineReplyMillis());
        current = preferences;
    }

    /** {@code loops} with the turn limit, the conversations at once and the tool calls {@code preferences} ask for. */
    static LoopSettings apply(LoopSettings loops, Preferences preferences) {
        return new LoopSettings(preferences.defaultMaxTurns(), preferences.concurrentConversations(),
                loops.messageWindow(), loops.maxResumesWithoutProgress(), preferences.maxToolCalls());
    }
}
