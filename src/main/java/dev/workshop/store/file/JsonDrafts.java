package dev.workshop.store.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.store.DraftStore;
import dev.workshop.store.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code drafts.json} in the data directory: {@code {"drafts": {"<conversation id>": "text", …}}}, written
 * whole and atomically. An unreadable file is kept aside and reported, and the drafts start empty: the
 * conversations themselves are elsewhere and untouched.
 */
public final class JsonDrafts implements DraftStore {
    static final String FILE = "drafts.json";
    private final ObjectMapper json = new ObjectMapper();
    private final Path file;
    private final Consumer<String> warnings;

    public JsonDrafts(Path dataDirectory, Consumer<String> warnings) {
        this.file = dataDirectory.resolve(FILE);
        this.warnings = warnings;
    }

    @Override
    public Map<ConversationId, String> load() {
        if (!Files.exists(file)) {
            return Map.of();
        }
        try {
            JsonNode drafts = json.readTree(file.toFile()).path("drafts");
            Map<ConversationId, String> loaded = new LinkedHashMap<>();
            drafts.properties().forEach(entry -> {
                if (entry.getValue().isTextual() && !entry.getValue().asText().isBlank()) {
                    loaded.put(new ConversationId(entry.getKey()), entry.getValue().asText());
                }
            });
            return loaded;
        } catch (IOException | RuntimeException e) {
            keepAside(JsonProblems.describe(e));
            return Map.of();
        }
    }

    private void keepAside(String problem) {
        try {
            Path aside = AtomicFile.moveAside(file);
            warnings.accept("Your unsent messages in " + file + " could not be read: " + problem + ". The file was"
                    + " moved to " + aside + ".");
        } catch (IOException e) {
            warnings.accept("Your unsent messages in " + file + " could not be read (" + problem + ") nor moved"
                    + " aside: " + e.getMessage());
        }
    }

    @Override
    public void save(Map<ConversationId, String> drafts) {
        ObjectNode root = json.createObjectNode();
        ObjectNode all = root.putObject("drafts");
        drafts.forEach((id, text) -> all.put(id.value(), text));
        try {
            // Never re-created here: the data directory exists while it is open, and one deleted meanwhile
            // must not come back holding only this file.
            AtomicFile.write(file, json.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
        } catch (IOException e) {
            throw new StoreException("Cannot keep your unsent messages in " + file + ": " + e.getMessage(), e);
        }
    }
}
