package dev.workshop.domain.element;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Every action an agent (or the user) can take on the shared elements, each defined once: its arguments, from
 * which both its JSON Schema (the tool a model that calls functions is given) and its
 * marker (what a model without tools writes in its reply, {@link Markers}) are made.
 */
public enum ActionType {
    POST("Post a message on a message board, for everyone to read.", ElementKind.BOARD, "board", "text",
            ActionField.text("text", "What to post."),
            ActionField.optional("board", "The board's name; the first board when left out.")),
    PIN("Put a pin up on a pinboard: an idea, a decision, a risk. Others vote on it.", ElementKind.PINBOARD,
            "pinboard", "text",
            ActionField.text("text", "What the pin says."),
            ActionField.optional("pinboard", "The pinboard's name; the first pinboard when left out.")),
    VOTE_UP("Vote a pin up.", ElementKind.PINBOARD, "pinboard", "pin",
            ActionField.text("pin", "The pin's id, as P3."),
            ActionField.optional("pinboard", "The pinboard's name; the first pinboard when left out.")),
    VOTE_DOWN("Vote a pin down; a pin whose score falls to -3 is taken down unless it is kept.", ElementKind.PINBOARD,
            "pinboard", "pin",
            ActionField.text("pin", "The pin's id, as P3."),
            ActionField.optional("pinboard", "The pinboard's name; the first pinboard when left out.")),
    COMMENT("Comment on a pin.", ElementKind.PINBOARD, "pin", "text",
            ActionField.text("pin", "The pin's id, as P3."),
            ActionField.text("text", "The comment."),
            ActionField.optional("pinboard", "The pinboard's name; the first pinboard when left out.")),
    KEEP("Keep a pin: votes no longer take it down.", ElementKind.PINBOARD, "pinboard", "pin",
            ActionField.text("pin", "The pin's id, as P3."),
            ActionField.optional("pinboard", "The pinboard's name; the first pinboard when left out.")),
    RELEASE("Release a kept pin: votes count again.", ElementKind.PINBOARD, "pinboard", "pin",
            ActionField.text("pin", "The pin's id, as P3."),
            ActionField.optional("pinboard", "The pinboard's name; the first pinboard when left out.")),
    SEND("Send a message to another agent's inbox.", ElementKind.INBOX, "to", "text",
            ActionField.text("to", "The agent's name."),
            ActionField.text("text", "The message.")),
    READ("Read an element in full: a board, a pinboard, the rulebook or your inbox.", null, null, "element",
            ActionField.text("element", "The element's name.")),
    REMEMBER("Remember a note for later turns.", ElementKind.MEMORY, null, "text",
            ActionField.text("text", "The note.")),
    FORGET("Forget one of your notes, by its number.", ElementKind.MEMORY, null, "note",
            ActionField.number("note", "The note's number, as shown with your notes."));

    private final String description;
    /** The kind of element it acts on; null for {@link #READ}, which reads any. */
    private final ElementKind acts;
    /** The argument a marker names after "to"/"on" ({@code [SEND to Ada: …]}); null when the marker has none. */
    private final String markerTarget;
    /** The argument a marker holds after its colon. */
    private final String markerBody;
    private final List<ActionField> fields;
    private final String toolName = name().toLowerCase(Locale.ROOT);

    ActionType(String description, ElementKind acts, String markerTarget, String markerBody, ActionField... fields) {
        this.description = description;
        this.acts = acts;
        this.markerTarget = markerTarget;
        this.markerBody = markerBody;
        this.fields = List.of(fields);
    }

    public String description() {
        return description;
    }

    public Optional<ElementKind> acts() {
        return Optional.ofNullable(acts);
    }

    /** The function's name a model calls ({@code vote_up}); also the stored name of the action. */
    public String toolName() {
        return toolName;
    }

    /** The marker's word ({@code VOTE_UP}). */
    public String markerName() {
        return name();
    }

    public List<ActionField> fields() {
        return fields;
    }

    Optional<String> markerTarget() {
        return Optional.ofNullable(markerTarget);
    }

    String markerBody() {
        return markerBody;
    }

    /**
     * The marker as the prompt teaches it, as {@code [SEND to NAME: text]}: a target it may leave out (the first
     * board) is left out; {@code [POST to Ideas: …]} still chooses one.
     */
    public String markerForm() {
        boolean needed = markerTarget != null && fields.stream()
                .anyMatch(field -> field.name().equals(markerTarget) && field.required());
        String target = !needed ? "" : "to".equals(markerTarget) ? " to NAME"
                : " on " + markerTarget.toUpperCase(Locale.ROOT);
        return "[" + markerName() + target + ": " + markerBody + "]";
    }

    /**
     * What calling it does, as MCP's tool annotations say it: reading changes nothing; keeping and releasing a pin
     * come to the same however often; forgetting a note removes it; votes, posts, pins and letters add each time.
     */
    public dev.workshop.domain.tool.ToolHints hints() {
        return switch (this) {
            case READ -> new dev.workshop.domain.tool.ToolHints(true, true, false);
            case KEEP, RELEASE -> new dev.workshop.domain.tool.ToolHints(false, true, false);
            case FORGET -> new dev.workshop.domain.tool.ToolHints(false, false, true);
            default -> dev.workshop.domain.tool.ToolHints.NONE;
        };
    }

    /** The JSON Schema of its arguments, as maps and lists (what every way of calling it is given). */
    public java.util.Map<String, Object> schema() {
        java.util.Map<String, Object> properties = new java.util.LinkedHashMap<>();
        List<String> required = new java.util.ArrayList<>();
        for (ActionField field : fields) {
            java.util.Map<String, Object> property = new java.util.LinkedHashMap<>();
            property.put("type", field.integer() ? "integer" : "string");
            property.put("description", field.description());
            properties.put(field.name(), property);
            if (field.required()) {
                required.add(field.name());
            }
        }
        java.util.Map<String, Object> schema = new java.util.LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        schema.put("required", required);
        schema.put("additionalProperties", false);
        return schema;
    }

    /** The argument that names the element acted on (a board, a pinboard, any element to read), if it has one. */
    public Optional<String> elementArgument() {
        return fields.stream().map(ActionField::name)
                .filter(name -> "board".equals(name) || "pinboard".equals(name) || "element".equals(name)).findFirst();
    }

    public static Optional<ActionType> byToolName(String name) {
        for (ActionType type : values()) {
            if (type.toolName.equals(name)) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }

    public static Optional<ActionType> byMarkerName(String name) {
        for (ActionType type : values()) {
            if (type.name().equals(name)) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }
}
