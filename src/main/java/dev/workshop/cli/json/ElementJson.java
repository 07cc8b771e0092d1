package dev.workshop.cli.json;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.element.ElementChange;
import dev.workshop.domain.element.ElementState;
import dev.workshop.domain.element.Entry;
import dev.workshop.domain.element.Pin;
import dev.workshop.domain.element.Provenance;
import dev.workshop.domain.element.Sentences;
import java.util.List;

/** Elements as the command line prints them: a JSON object a script reads, or a glance for a table. */
public final class ElementJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ElementJson() {
    }

    /** What a table's STATE column says: a board's posts, the pins up, an inbox's unread count. */
    public static String glance(ElementState element) {
        return switch (element.kind()) {
            case BOARD -> element.entries().size() + " posts";
            case PINBOARD -> element.topPins().size() + " pins";
            case INBOX -> element.unread() + " unread of " + element.entries().size();
            case RULEBOOK -> element.rules().isBlank() ? "no rules" : element.rules().lines().count() + " lines";
            case MEMORY -> element.entries().size() + " notes";
        };
    }

    public static ObjectNode summary(ElementState element) {
        ObjectNode node = JSON.createObjectNode().put("id", element.id()).put("kind", element.kind().wireName())
                .put("name", element.name()).put("version", element.version());
        element.owner().ifPresent(owner -> node.put("owner", owner));
        switch (element.kind()) {
            case PINBOARD -> {
                ArrayNode pins = node.putArray("pins");
                element.topPins().forEach(pin -> pins.add(pin(pin)));
                ArrayNode down = node.putArray("taken_down");
                element.takenDown().forEach(pin -> down.add(pin(pin)));
            }
            case RULEBOOK -> node.put("rules", element.rules());
            case INBOX -> node.put("unread", element.unread()).set("messages", entries(element.entries()));
            default -> node.set(element.kind().wireName().equals("board") ? "posts" : "notes",
                    entries(element.entries()));
        }
        return node;
    }

    public static ObjectNode full(ElementState element, List<ElementChange> history) {
        ObjectNode node = summary(element);
        ArrayNode entries = node.putArray("history");
        for (ElementChange change : history) {
            ObjectNode entry = entries.addObject().put("version", change.seq()).put("at", change.at().toString())
                    .put("actor", change.actor().name()).put("actor_id", change.actor().id())
                    .put("change", Sentences.of(change));
            entry.set("provenance", provenance(change.provenance()));
        }
        return node;
    }

    public static ObjectNode provenance(Provenance provenance) {
        ObjectNode node = JSON.createObjectNode();
        if (provenance.isByHand()) {
            return node.put("by_hand", true);
        }
        return node.put("conversation_id", provenance.conversation()).put("turn_index", provenance.turn())
                .put("action_index", provenance.action());
    }

    /**
     * Each message of {@code shown} (a conversation as {@code show --json} prints it) with the actions its reply
     * asked for and what became of each: applied or refused on which element, or not applied (no element to take it).
     */
    public static void addActions(ObjectNode shown, List<dev.workshop.domain.conversation.RecordedEvent> history,
                           java.util.Map<Provenance, dev.workshop.orchestration.Elements.Decided> decided) {
        java.util.Map<Integer, dev.workshop.domain.conversation.ConversationEvent.MessageRecorded> asking =
                new java.util.HashMap<>();
        history.forEach(recorded -> recorded.event().asMessage().filter(message -> !message.actions().isEmpty())
                .ifPresent(message -> asking.put(message.turnIndex(), message)));
        String conversation = shown.path("id").asText();
        for (var row : shown.path("messages")) {
            var message = asking.get(row.path("turn_index").asInt());
            ArrayNode actions = ((ObjectNode) row).putArray("actions");
            for (int i = 0; message != null && i < message.actions().size(); i++) {
                var action = message.actions().get(i);
                ObjectNode node = actions.addObject().put("type", action.type().toolName());
                action.arguments().forEach(node.putObject("arguments")::put);
                var outcome = decided.get(Provenance.of(conversation, message.turnIndex(), i));
                if (outcome == null) {
                    node.put("result", "not_applied");
                } else {
                    node.put("result", outcome.change().event() instanceof dev.workshop.domain.element.ElementEvent.Refused
                            ? "refused" : "applied").put("element", outcome.element())
                            .put("change", Sentences.of(outcome.change()));
                }
            }
        }
    }

    private static ObjectNode pin(Pin pin) {
        ObjectNode node = JSON.createObjectNode().put("id", pin.id()).put("text", pin.text())
                .put("author", pin.author().name()).put("score", pin.score()).put("up", pin.up())
                .put("down", pin.down()).put("kept", pin.kept());
        node.set("comments", entries(pin.comments()));
        return node;
    }

    private static ArrayNode entries(List<Entry> entries) {
        ArrayNode array = JSON.createArrayNode();
        entries.forEach(entry -> array.addObject().put("number", entry.number()).put("author", entry.author().name())
                .put("text", entry.text()).put("at", entry.at().toString()));
        return array;
    }
}
