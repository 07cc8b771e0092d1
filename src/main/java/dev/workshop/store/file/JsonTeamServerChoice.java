package dev.workshop.store.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.settings.TeamServerChoice;
import dev.workshop.store.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * {@code team-server.json} in the data directory: which team server (and team) this device works on when started
 * without {@code --store-url}. Per device, like the canvas layout. A missing file means this device's own data; one
 * that cannot be read is moved aside and named in a warning, and this device's own data opens (never silently).
 */
public final class JsonTeamServerChoice {
    static final String FILE = "team-server.json";
    private final Path file;
    private final ObjectMapper json = new ObjectMapper();

    public JsonTeamServerChoice(Path dataDirectory) {
        this.file = dataDirectory.resolve(FILE);
    }

    public TeamServerChoice load(Consumer<String> warnings) {
        if (!Files.exists(file)) {
            return TeamServerChoice.THIS_DEVICE;
        }
        try {
            JsonNode root = json.readTree(file.toFile());
            if (root == null || !root.isObject() || !root.path("url").isTextual() || !root.path("team").isTextual()) {
                throw new IOException("it holds no \"url\" and \"team\"");
            }
            return new TeamServerChoice(Optional.of(root.get("url").asText()), new TenantId(root.get("team").asText()));
        } catch (IOException | IllegalArgumentException e) {
            String aside = AtomicFile.setAsideSaying(file);
            warnings.accept("The team server setting in " + file + " could not be used: " + JsonProblems.describe(e)
                    + "; this device's own conversations are shown." + aside);
            return TeamServerChoice.THIS_DEVICE;
        }
    }

    /** Writes it whole; this device's own data is the absence of the file. */
    public void save(TeamServerChoice choice) {
        try {
            if (!choice.onTeamServer()) {
                Files.deleteIfExists(file);
                return;
            }
            ObjectNode root = json.createObjectNode().put("url", choice.url().orElseThrow())
                    .put("team", choice.team().value());
            AtomicFile.write(file, json.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
        } catch (IOException e) {
            throw new StoreException("Cannot save the team server setting in " + file + ": " + e.getMessage(), e);
        }
    }
}
