package dev.workshop.store.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.settings.Preferences;
import dev.workshop.store.PreferenceStore;
import dev.workshop.store.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * {@code settings.json} in the data directory: the user's {@link Preferences}. A missing file means the
 * defaults. One that cannot be read, or holds a value out of range, is moved aside and named in a warning,
 * and the defaults are used: three numbers are not worth stopping the app for, and never silently.
 */
public final class JsonPreferences implements PreferenceStore {
    static final String FILE = "settings.json";
    private final Path file;
    private final ObjectMapper json = new ObjectMapper();

    public JsonPreferences(Path dataDirectory) {
        this.file = dataDirectory.resolve(FILE);
    }

    @Override
    public Preferences load(Consumer<String> warnings) {
        if (!Files.exists(file)) {
            return Preferences.DEFAULTS;
        }
        try {
            JsonNode root = json.readTree(file.toFile());
            if (root == null || !root.isObject()) {
                throw new IOException("it holds no settings object");
            }
            Preferences defaults = Preferences.DEFAULTS;
            return new Preferences(
                    number(root, "default_max_turns", defaults.defaultMaxTurns()),
                    number(root, "concurrent_conversations", defaults.concurrentConversations()),
                    number(root, "offline_reply_ms", (int) defaults.offlineReplyMillis()),
                    number(root, "max_tool_calls", defaults.maxToolCalls()),
                    number(root, "abandon_after_days", defaults.abandonAfterDays()),
                    number(root, "purge_after_days", defaults.purgeAfterDays()));
        } catch (IOException | IllegalArgumentException e) {
            String aside = AtomicFile.setAsideSaying(file);
            warnings.accept("The settings in " + file + " could not be used: " + JsonProblems.describe(e) + "; the defaults"
                    + " apply until you save new ones." + aside);
            return Preferences.DEFAULTS;
        }
    }

    /** A whole number where one is expected; a field left out takes its default. */
    private static int number(JsonNode root, String field, int fallback) throws IOException {
        JsonNode value = root.get(field);
        if (value == null || value.isNull()) {
            return fallback;
        }
        if (!value.canConvertToInt() || !value.isIntegralNumber()) {
            throw new IOException("\"" + field + "\" is not a whole number: " + value);
        }
        return value.intValue();
    }

    /** Writes them whole (a temporary file renamed over the old one), so a crash leaves one or the other. */
    @Override
    public void save(Preferences preferences) {
        ObjectNode root = json.createObjectNode()
                .put("default_max_turns", preferences.defaultMaxTurns())
                .put("concurrent_conversations", preferences.concurrentConversations())
                .put("offline_reply_ms", preferences.offlineReplyMillis())
                .put("max_tool_calls", preferences.maxToolCalls())
                .put("abandon_after_days", preferences.abandonAfterDays())
                .put("purge_after_days", preferences.purgeAfterDays());
        try {
            AtomicFile.write(file, json.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
        } catch (IOException e) {
            throw new StoreException("Cannot save the settings in " + file + ": " + e.getMessage(), e);
        }
    }
}
