package dev.workshop.store;

import dev.workshop.domain.settings.Preferences;
import java.util.function.Consumer;

/** Where the user's {@link Preferences} are kept between runs. */
public interface PreferenceStore {
    /** The saved preferences, or the defaults (with a warning when a saved file could not be used). */
    Preferences load(Consumer<String> warnings);

    /**
     * Replaces the saved preferences; durable when this returns.
     *
     * @throws StoreException when they cannot be written; the previous file is left whole
     */
    void save(Preferences preferences);
}
