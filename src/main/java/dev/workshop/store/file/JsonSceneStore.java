package dev.workshop.store.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.AgentInstance;
import dev.workshop.domain.canvas.Behaviour;
import dev.workshop.domain.canvas.Camera;
import dev.workshop.domain.canvas.CanvasScene;
import dev.workshop.domain.canvas.ElementPlacement;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.canvas.Rope;
import dev.workshop.domain.canvas.SceneSettings;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.store.SceneStore;
import dev.workshop.store.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The canvas scene in {@code scene.json}, rewritten whole through {@link AtomicFile} (docs/decisions/0004).
 * A file from a newer Workshop is left as it is, never written over: the canvas opens empty and is not saved,
 * and a warning says why; an unreadable one is kept aside and reported, and the app starts with an empty canvas.
 * Neither blocks the conversations, which live in the conversation store.
 */
public final class JsonSceneStore implements SceneStore {
    static final int FORMAT = 1;
    private final ObjectMapper json = new ObjectMapper();
    private final Path file;
    private final Consumer<String> warnings;
    /** What a newer Workshop's file found at load says; set, nothing is saved over that file. */
    private String newer;

    public JsonSceneStore(Path dataDirectory, Consumer<String> warnings) {
        this.file = dataDirectory.resolve("scene.json");
        this.warnings = warnings;
    }

    @Override
    public synchronized CanvasScene load() {
        if (!Files.exists(file)) {
            return CanvasScene.EMPTY;
        }
        JsonNode root;
        try {
            root = json.readTree(file.toFile());
        } catch (IOException e) {
            return keepAside(JsonProblems.describe(e));
        }
        int format = root == null ? 0 : root.path("format").asInt(0);
        if (format > FORMAT) {
            newer = "The canvas file " + file + " was written by a newer Workshop (format " + format
                    + ", this one reads up to " + FORMAT + ")";
            warnings.accept(newer + ": the canvas opens empty and is not saved, so that file stays as it is; update"
                    + " Workshop to see it. Conversations are not affected.");
            return CanvasScene.EMPTY;
        }
        try {
            return read(root);
        } catch (RuntimeException e) {
            return keepAside(e.getMessage());
        }
    }

    /**
     * The saved scene, read only: a file that cannot be read, or one from a newer Workshop, is the empty canvas
     * (and said so), with nothing moved or written, for data that can only be read.
     */
    public synchronized CanvasScene loadWithoutRepair() {
        try {
            JsonNode root = Files.exists(file) ? json.readTree(file.toFile()) : null;
            if (root == null) {
                return CanvasScene.EMPTY;
            }
            if (root.path("format").asInt(0) > FORMAT) {
                warnings.accept("The canvas file " + file + " was written by a newer Workshop: the canvas is shown empty.");
                return CanvasScene.EMPTY;
            }
            return read(root);
        } catch (IOException | RuntimeException e) {
            warnings.accept("The canvas file " + file + " could not be read (" + e.getMessage() + "): the canvas is"
                    + " shown empty, and the file is left as it is.");
            return CanvasScene.EMPTY;
        }
    }

    /**
     * The theme the scene file asks for, read before the window opens so that it opens in the right colours;
     * System for a missing or unreadable file. Unlike {@link #load()} it never moves a broken file aside (the
     * workspace's own load does that, and says so).
     */
    public SceneSettings.Theme peekTheme() {
        try {
            JsonNode root = Files.exists(file) ? json.readTree(file.toFile()) : null;
            return root == null ? SceneSettings.Theme.SYSTEM : theme(root.path("settings").path("theme"));
        } catch (IOException | RuntimeException e) {
            return SceneSettings.Theme.SYSTEM;
        }
    }

    private CanvasScene keepAside(String problem) {
        try {
            Path aside = AtomicFile.moveAside(file);
            warnings.accept("The canvas file " + file + " could not be read: " + problem + ". It was moved to " + aside
                    + " and the canvas starts empty; your conversations are kept.");
            return CanvasScene.EMPTY;
        } catch (IOException e) {
            throw new StoreException("The canvas file " + file + " cannot be read (" + problem + ") nor moved aside: "
                    + e.getMessage(), e);
        }
    }

    private static CanvasScene read(JsonNode root) {
        if (root == null || !root.path("instances").isArray()) {
            throw new IllegalArgumentException("it has no \"instances\" list");
        }
        List<AgentInstance> instances = new ArrayList<>();
        for (JsonNode node : root.path("instances")) {
            instances.add(new AgentInstance(new InstanceId(text(node, "id")), new AgentId(text(node, "agent_id")),
                    new Point(node.path("x").asDouble(), node.path("y").asDouble()),
                    Behaviour.valueOf(node.path("behaviour").asText("STATIONARY").toUpperCase(Locale.ROOT))));
        }
        List<Rope> ropes = new ArrayList<>();
        for (JsonNode node : root.path("ropes")) {
            ropes.add(new Rope(text(node, "id"), new InstanceId(text(node, "from")), new InstanceId(text(node, "to")),
                    node.path("label").asText("")));
        }
        JsonNode camera = root.path("camera");
        JsonNode settings = root.path("settings");
        return new CanvasScene(instances, ropes,
                new Camera(camera.path("x").asDouble(0), camera.path("y").asDouble(0), camera.path("zoom").asDouble(1)),
                new SceneSettings(theme(settings.path("theme")),
                        settings.path("default_max_turns").asInt(SceneSettings.DEFAULTS.defaultMaxTurns()),
                        settings.path("snap_to_grid").asBoolean(false), settings.path("minimap").asBoolean(false)),
                instancesByConversation(root.path("conversation_instances")),
                failedMarks(root.path("failed_marks")), elements(root.path("elements")));
    }

    /** {@code [{"element_id": …, "x": …, "y": …}, …]}; missing in files saved before elements (none placed). */
    private static List<ElementPlacement> elements(JsonNode array) {
        List<ElementPlacement> elements = new ArrayList<>();
        for (JsonNode node : array) {
            elements.add(new ElementPlacement(text(node, "element_id"),
                    new Point(node.path("x").asDouble(), node.path("y").asDouble())));
        }
        return elements;
    }

    /**
     * The error marks are a reminder, not worth the canvas: a damaged entry loses the marks only (the failed
     * conversations still say so in the sidebar).
     */
    private static Map<ConversationId, List<InstanceId>> failedMarks(JsonNode object) {
        try {
            return instancesByConversation(object);
        } catch (RuntimeException e) {
            return Map.of();
        }
    }

    /** {@code {"conversation id": ["instance id", …], …}}; a missing object is an empty map (older files). */
    private static Map<ConversationId, List<InstanceId>> instancesByConversation(JsonNode object) {
        Map<ConversationId, List<InstanceId>> conversations = new LinkedHashMap<>();
        object.properties().forEach(entry -> {
            List<InstanceId> ids = new ArrayList<>();
            entry.getValue().forEach(id -> ids.add(new InstanceId(id.asText())));
            conversations.put(new ConversationId(entry.getKey()), ids);
        });
        return conversations;
    }

    private static void putInstancesByConversation(ObjectNode object, Map<ConversationId, List<InstanceId>> map) {
        map.forEach((id, ids) -> {
            ArrayNode array = object.putArray(id.toString());
            ids.forEach(instance -> array.add(instance.value()));
        });
    }

    /**
     * A scene saved before the system theme existed says light or dark. One with no theme, or one this version
     * does not know, follows the system: a colour preference is not worth setting the whole canvas aside for.
     */
    private static SceneSettings.Theme theme(JsonNode theme) {
        String name = theme.asText("system").toUpperCase(Locale.ROOT);
        for (SceneSettings.Theme known : SceneSettings.Theme.values()) {
            if (known.name().equals(name)) {
                return known;
            }
        }
        return SceneSettings.Theme.SYSTEM;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException("an entry lacks its \"" + field + "\"");
        }
        return value.asText();
    }

    @Override
    public synchronized void save(CanvasScene scene) {
        if (newer != null) {
            throw new StoreException(newer + "; the canvas is not saved, so as not to write over it");
        }
        ObjectNode root = json.createObjectNode().put("format", FORMAT);
        ArrayNode instances = root.putArray("instances");
        for (AgentInstance instance : scene.instances()) {
            instances.addObject().put("id", instance.id().value()).put("agent_id", instance.agentId().value())
                    .put("x", instance.position().x()).put("y", instance.position().y())
                    .put("behaviour", instance.behaviour().name().toLowerCase(Locale.ROOT));
        }
        ArrayNode ropes = root.putArray("ropes");
        for (Rope rope : scene.ropes()) {
            ropes.addObject().put("id", rope.id()).put("from", rope.from().value()).put("to", rope.to().value())
                    .put("label", rope.label());
        }
        Camera camera = scene.camera();
        root.putObject("camera").put("x", camera.originX()).put("y", camera.originY()).put("zoom", camera.zoom());
        root.putObject("settings").put("theme", scene.settings().theme().name().toLowerCase(Locale.ROOT))
                .put("default_max_turns", scene.settings().defaultMaxTurns())
                .put("snap_to_grid", scene.settings().snapToGrid()).put("minimap", scene.settings().minimap());
        putInstancesByConversation(root.putObject("conversation_instances"), scene.conversationInstances());
        putInstancesByConversation(root.putObject("failed_marks"), scene.failedMarks());
        ArrayNode elements = root.putArray("elements");
        scene.elements().forEach(element -> elements.addObject().put("element_id", element.elementId())
                .put("x", element.position().x()).put("y", element.position().y()));
        try {
            AtomicFile.write(file, json.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
        } catch (IOException e) {
            throw new StoreException("Cannot save the canvas to " + file + ": " + e.getMessage(), e);
        }
    }
}
