package dev.workshop.store.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.canvas.Bounds;
import dev.workshop.domain.canvas.WindowLayout;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * {@code window.json} in the data directory: the main window's place, size and dividers. Read once before
 * the window opens; written a moment after the layout changes and when the window closes, so a killed app
 * opens as it last looked. A missing or unreadable file means the default layout: nothing in it is worth
 * stopping the app for. An unreadable one is set aside (and said so), like every other file of ours, rather
 * than written over by the next save.
 */
public final class JsonWindowLayout {
    static final String FILE = "window.json";
    private final Path file;
    private final ObjectMapper json = new ObjectMapper();

    public JsonWindowLayout(Path dataDirectory) {
        this.file = dataDirectory.resolve(FILE);
    }

    /** The saved layout; the default one when there is none, or when it cannot be read ({@code warnings} hears why). */
    public WindowLayout load(Consumer<String> warnings) {
        if (!Files.exists(file)) {
            return WindowLayout.DEFAULT;
        }
        try {
            JsonNode root = json.readTree(Files.readString(file, StandardCharsets.UTF_8));
            if (root == null || !root.isObject()) {
                throw new IOException("it holds no layout");
            }
            JsonNode window = root.path("window");
            Bounds bounds = window.isObject()
                    ? new Bounds(window.path("x").asDouble(), window.path("y").asDouble(),
                            window.path("x").asDouble() + window.path("width").asDouble(),
                            window.path("y").asDouble() + window.path("height").asDouble())
                    : Bounds.EMPTY;
            return new WindowLayout(bounds, root.path("maximized").asBoolean(false),
                    root.path("sidebar_divider").asDouble(WindowLayout.DEFAULT.sidebarDivider()),
                    root.path("list_divider").asDouble(WindowLayout.DEFAULT.listDivider()));
        } catch (IOException | RuntimeException e) {
            String problem = e instanceof IOException io ? JsonProblems.describe(io) : e.getMessage();
            try {
                Path aside = AtomicFile.moveAside(file);
                warnings.accept("The window layout " + file + " could not be read: " + problem + ". It was moved to "
                        + aside + " and the window opens at its usual size.");
            } catch (IOException moveFailed) {
                warnings.accept("The window layout " + file + " could not be read (" + problem + ") nor moved aside ("
                        + moveFailed.getMessage() + "); the window opens at its usual size.");
            }
            return WindowLayout.DEFAULT;
        }
    }

    /** Writes the layout; a failure is reported, not thrown: a layout is not worth interrupting the user for. */
    public void save(WindowLayout layout, Consumer<String> problems) {
        ObjectNode root = json.createObjectNode();
        layout.windowBounds().ifPresent(bounds -> root.putObject("window").put("x", bounds.minX())
                .put("y", bounds.minY()).put("width", bounds.width()).put("height", bounds.height()));
        root.put("maximized", layout.maximized()).put("sidebar_divider", layout.sidebarDivider())
                .put("list_divider", layout.listDivider());
        try {
            // Never re-created here: the data directory exists while it is open, and one deleted meanwhile
            // must not come back holding only this file.
            AtomicFile.write(file, json.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
        } catch (IOException e) {
            problems.accept("Could not remember the window's layout in " + file + ": " + e.getMessage());
        }
    }
}
