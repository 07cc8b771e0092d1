package dev.workshop.store;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import dev.workshop.domain.conversation.ConversationEvent.ElementChanged;
import dev.workshop.domain.element.Action;
import dev.workshop.domain.element.ActionType;
import dev.workshop.domain.element.Actor;
import dev.workshop.domain.element.ElementEvent;
import dev.workshop.domain.element.ElementKind;
import dev.workshop.domain.element.Provenance;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON of what elements bring to the log ({@link EventCodec} writes the rest): an element's change with its
 * actor and provenance, and the actions a message asks for. Field by field, as the codec does, so that the stored
 * format is explicit.
 */
final class ElementCodec {
    private ElementCodec() {
    }

    static void writeActions(JsonGenerator out, List<Action> actions) throws IOException {
        if (actions.isEmpty()) {
            return;
        }
        out.writeArrayFieldStart("actions");
        for (Action action : actions) {
            out.writeStartObject();
            out.writeStringField("type", action.type().toolName());
            out.writeObjectFieldStart("arguments");
            for (Map.Entry<String, String> argument : action.arguments().entrySet()) {
                out.writeStringField(argument.getKey(), argument.getValue());
            }
            out.writeEndObject();
            out.writeEndObject();
        }
        out.writeEndArray();
    }

    static List<Action> actions(JsonNode array) {
        if (!array.isArray()) {
            return List.of();
        }
        List<Action> actions = new ArrayList<>(array.size());
        for (JsonNode node : array) {
            ActionType type = ActionType.byToolName(node.path("type").asText()).orElseThrow(
                    () -> new IllegalArgumentException("Unknown action '" + node.path("type").asText()
                            + "': it was written by a newer Workshop"));
            Map<String, String> arguments = new LinkedHashMap<>();
            node.path("arguments").properties().forEach(entry -> arguments.put(entry.getKey(), entry.getValue().asText()));
            // Stored as it was asked: not checked again, so that a stricter later Workshop still reads it.
            actions.add(new Action(type, arguments));
        }
        return List.copyOf(actions);
    }

    static void writeChange(JsonGenerator out, ElementChanged changed) throws IOException {
        out.writeStringField("actor_id", changed.actor().id());
        out.writeStringField("actor_name", changed.actor().name());
        Provenance provenance = changed.provenance();
        if (!provenance.isByHand()) {
            out.writeObjectFieldStart("provenance");
            out.writeStringField("conversation", provenance.conversation());
            out.writeNumberField("turn", provenance.turn());
            out.writeNumberField("action", provenance.action());
            out.writeEndObject();
        }
        switch (changed.change()) {
            case ElementEvent.Created created -> {
                out.writeStringField("change", "created");
                out.writeStringField("kind", created.kind().wireName());
                out.writeStringField("name", created.name());
                if (created.owner() != null) {
                    out.writeStringField("owner", created.owner());
                }
            }
            case ElementEvent.Posted posted -> text(out, "posted", posted.text());
            case ElementEvent.Pinned pinned -> text(out, "pinned", pinned.text());
            case ElementEvent.Voted voted -> {
                pin(out, "voted", voted.pin());
                out.writeNumberField("delta", voted.delta());
            }
            case ElementEvent.Commented commented -> {
                pin(out, "commented", commented.pin());
                out.writeStringField("text", commented.text());
            }
            case ElementEvent.Kept kept -> pin(out, "kept", kept.pin());
            case ElementEvent.Released released -> pin(out, "released", released.pin());
            case ElementEvent.Sent sent -> text(out, "sent", sent.text());
            case ElementEvent.Read read -> {
                out.writeStringField("change", "read");
                out.writeNumberField("up_to", read.upTo());
            }
            case ElementEvent.RulesWritten written -> text(out, "rules_written", written.text());
            case ElementEvent.Noted noted -> text(out, "noted", noted.text());
            case ElementEvent.Forgot forgot -> {
                out.writeStringField("change", "forgot");
                out.writeNumberField("note", forgot.note());
            }
            case ElementEvent.BlockWritten block -> {
                out.writeStringField("change", "block_written");
                out.writeStringField("label", block.label());
                out.writeStringField("text", block.text());
                out.writeNumberField("limit", block.limit());
            }
            case ElementEvent.BlockRemoved removed -> {
                out.writeStringField("change", "block_removed");
                out.writeStringField("label", removed.label());
            }
            case ElementEvent.Summarised summarised -> text(out, "summarised", summarised.text());
            case ElementEvent.Refused refused -> {
                out.writeStringField("change", "refused");
                out.writeStringField("action", refused.action());
                out.writeStringField("reason", refused.reason());
            }
            case ElementEvent.Erased erased -> {
                out.writeStringField("change", "erased");
                out.writeStringField("was_a", erased.wasA());
            }
        }
    }

    private static void text(JsonGenerator out, String change, String text) throws IOException {
        out.writeStringField("change", change);
        out.writeStringField("text", text);
    }

    private static void pin(JsonGenerator out, String change, String pin) throws IOException {
        out.writeStringField("change", change);
        out.writeStringField("pin", pin);
    }

    static ElementChanged change(JsonNode node) {
        Actor actor = new Actor(node.path("actor_id").asText(), node.path("actor_name").asText());
        JsonNode from = node.path("provenance");
        Provenance provenance = from.isObject() ? Provenance.of(from.path("conversation").asText(),
                from.path("turn").asInt(), from.path("action").asInt()) : Provenance.byHand();
        String text = node.path("text").asText("");
        String pin = node.path("pin").asText("");
        ElementEvent change = switch (node.path("change").asText()) {
            case "created" -> new ElementEvent.Created(ElementKind.fromWireName(node.path("kind").asText()),
                    node.path("name").asText(), node.path("owner").asText(null));
            case "posted" -> new ElementEvent.Posted(text);
            case "pinned" -> new ElementEvent.Pinned(text);
            case "voted" -> new ElementEvent.Voted(pin, node.path("delta").asInt());
            case "commented" -> new ElementEvent.Commented(pin, text);
            case "kept" -> new ElementEvent.Kept(pin);
            case "released" -> new ElementEvent.Released(pin);
            case "sent" -> new ElementEvent.Sent(text);
            case "read" -> new ElementEvent.Read(node.path("up_to").asInt());
            case "rules_written" -> new ElementEvent.RulesWritten(text);
            case "noted" -> new ElementEvent.Noted(text);
            case "forgot" -> new ElementEvent.Forgot(node.path("note").asInt());
            case "block_written" -> new ElementEvent.BlockWritten(node.path("label").asText(), text,
                    node.path("limit").asInt());
            case "block_removed" -> new ElementEvent.BlockRemoved(node.path("label").asText());
            case "summarised" -> new ElementEvent.Summarised(text);
            case "refused" -> new ElementEvent.Refused(node.path("action").asText(), node.path("reason").asText());
            case "erased" -> new ElementEvent.Erased(node.path("was_a").asText("change"));
            default -> throw new IllegalArgumentException("Unknown element change '" + node.path("change").asText()
                    + "': it was written by a newer Workshop");
        };
        return new ElementChanged(actor, provenance, change);
    }
}
