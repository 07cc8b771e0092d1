package dev.workshop.ui.canvas;

import dev.workshop.domain.canvas.ElementPlacement;
import dev.workshop.domain.canvas.Placement;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.element.Action;
import dev.workshop.domain.element.Actor;
import dev.workshop.domain.element.ElementKind;
import dev.workshop.domain.element.ElementNames;
import dev.workshop.domain.element.ElementState;
import dev.workshop.domain.element.Environment;
import dev.workshop.domain.element.Provenance;
import dev.workshop.orchestration.ActionOutcome;
import dev.workshop.orchestration.Elements;
import dev.workshop.orchestration.LoopEvent;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The shared elements on the canvas: placed from the palette, moved, taken off and brought back (each an undoable
 * step), shown as their histories leave them, and acted on by the user. What reads or writes the log runs off the
 * FX thread. FX thread only.
 */
public final class CanvasElements {
    /** How far from the agents an element placed where they stand goes. */
    private static final double BESIDE = 160;

    private final CanvasContents contents;
    private final CanvasSeams seams;
    private final UndoSteps steps;
    /** Hears each agent's unread count: the canvas shows it on the agent. */
    private final Consumer<Map<String, Integer>> unread;

    CanvasElements(CanvasContents contents, CanvasSeams seams, UndoSteps steps, Consumer<Map<String, Integer>> unread) {
        this.contents = contents;
        this.seams = seams;
        this.steps = steps;
        this.unread = unread;
    }

    /** Places a new element of {@code kind} at {@code at}, named "Pinboard", "Pinboard 2"…, as one undoable step. */
    public void place(ElementKind kind, Point at) {
        seams.inBackground("place a " + kind.label().toLowerCase(java.util.Locale.ROOT), () -> {
            Elements elements = contents.elementStreams();
            String name = freeName(kind.label(), elements.environment());
            String id = elements.create(kind, name).value();
            ElementState made = elements.find(id).orElseThrow();
            seams.onFx(() -> {
                steps.editing("place " + name, () -> contents.elements().add(new ElementNodeModel(made, at)));
                seams.sceneChanged();
            });
        });
    }

    private static String freeName(String label, Environment environment) {
        String name = label;
        for (int n = 2; taken(environment, name); n++) {
            name = label + " " + n;
        }
        return name;
    }

    private static boolean taken(Environment environment, String name) {
        return environment.elements().stream().anyMatch(element -> ElementNames.matches(element.name(), name));
    }

    /** An element dragged from {@code from} to where it stands now: one undoable step. */
    public void moved(ElementNodeModel element, Point from) {
        Point to = element.position();
        if (to.equals(from)) {
            return;
        }
        element.positionProperty().set(from);
        steps.editing("move " + element.name(), () -> element.positionProperty().set(to));
        seams.sceneChanged();
    }

    /** Takes an element off the canvas (its history stays in the log; Undo brings it back). */
    public void remove(ElementNodeModel element) {
        steps.editing("remove " + element.name(), () -> contents.elements().remove(element));
        seams.sceneChanged();
        seams.inBackground("remove " + element.name(), () -> contents.elementStreams().remove(element.id()));
    }

    /** The user's own action on an element (a post, a pin, a vote…): what became of it is told, then {@code then}. */
    public void act(Action action, Runnable then) {
        seams.inBackground(action.type().toolName(), () -> {
            ActionOutcome outcome = contents.elementStreams().apply(action, Actor.USER, Provenance.byHand());
            seams.onFx(() -> {
                seams.tell(outcome.sentence());
                then.run();
            });
        });
    }

    /** Writes a rulebook's rules. */
    public void writeRules(ElementNodeModel rulebook, String text, Runnable then) {
        seams.inBackground("write the rules", () -> {
            contents.elementStreams().writeRules(rulebook.id(), text);
            seams.onFx(() -> {
                seams.tell("The rules of " + rulebook.name() + " are saved: every agent's next turn reads them");
                then.run();
            });
        });
    }

    /** The element as it stands, read off the FX thread and handed back on it (for its dialog). */
    public void read(ElementNodeModel element, Consumer<ElementState> shown) {
        seams.inBackground("read " + element.name(), () -> contents.elementStreams().find(element.id())
                .ifPresent(state -> seams.onFx(() -> shown.accept(state))));
    }

    /**
     * Shows the placed elements of {@code placements} where they stood, and those placed elsewhere since (the
     * command line, another device) beside the agents.
     */
    void load(List<ElementPlacement> placements) {
        seams.inBackground("show the shared elements", () -> {
            Environment environment = contents.elementStreams().environment();
            seams.onFx(() -> show(environment, placements));
        });
    }

    private void show(Environment environment, List<ElementPlacement> placements) {
        Map<String, Point> stood = new HashMap<>();
        placements.forEach(placement -> stood.put(placement.elementId(), placement.position()));
        List<ElementNodeModel> shown = new java.util.ArrayList<>();
        List<Point> agents = contents.agents().stream().map(AgentNodeModel::position).toList();
        List<Point> cards = new java.util.ArrayList<>(stood.values());
        for (ElementState element : environment.elements()) {
            if (element.kind().ownedByAnAgent()) {
                continue;
            }
            Point at = Optional.ofNullable(stood.get(element.id())).orElseGet(() -> besideTheAgents(agents, cards));
            cards.add(at);
            shown.add(new ElementNodeModel(element, at));
        }
        contents.elements().setAll(shown);
        unread.accept(unreadByAgent(environment));
    }

    /** To the right of the agents, top aligned (a column of cards); on an empty canvas, near its corner. */
    private static Point besideTheAgents(List<Point> agents, List<Point> cards) {
        Point near = agents.isEmpty() ? new Point(BESIDE / 4, BESIDE / 4)
                : new Point(agents.stream().mapToDouble(Point::x).max().orElseThrow() + BESIDE / 2,
                        agents.stream().mapToDouble(Point::y).min().orElseThrow() - Placement.SPACING / 2);
        return Placement.freeCardSpot(agents, cards, near);
    }

    /** What the log took for an element: its card shows it (read off the FX thread). */
    void heard(LoopEvent.ElementRecorded recorded) {
        seams.inBackground("show a change of an element", () -> {
            Environment environment = contents.elementStreams().environment();
            seams.onFx(() -> {
                for (ElementNodeModel node : contents.elements()) {
                    environment.elements().stream().filter(element -> element.id().equals(node.id())).findFirst()
                            .ifPresent(node::show);
                }
                unread.accept(unreadByAgent(environment));
                noticed(recorded, environment);
            });
        });
    }

    /** The agents that follow the element another just changed read it, when they are resting. */
    private void noticed(LoopEvent.ElementRecorded recorded, Environment environment) {
        Optional<ElementState> element = environment.elements().stream()
                .filter(each -> each.id().equals(recorded.conversationId().value())).findFirst();
        if (element.isEmpty()) {
            return;
        }
        for (var each : recorded.events()) {
            each.asElementChange().filter(dev.workshop.domain.element.ElementChange::isNews)
                    .ifPresent(change -> contents.agents().stream()
                    .filter(agent -> !agent.agentId().value().equals(change.actor().id())
                            && element.get().followedBy(agent.agentId().value()))
                    .forEach(AgentNodeModel::noticeNews));
        }
    }

    private static Map<String, Integer> unreadByAgent(Environment environment) {
        Map<String, Integer> unread = new HashMap<>();
        environment.elements().stream().filter(element -> element.kind() == ElementKind.INBOX)
                .forEach(inbox -> inbox.owner().ifPresent(owner -> unread.put(owner, inbox.unread())));
        return unread;
    }

    /** Where the elements stand, for the saved scene. */
    List<ElementPlacement> placements() {
        return contents.elements().stream().map(ElementNodeModel::toPlacement).toList();
    }
}
