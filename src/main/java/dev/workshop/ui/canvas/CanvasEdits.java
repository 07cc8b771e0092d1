package dev.workshop.ui.canvas;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.AgentNames;
import dev.workshop.domain.canvas.AgentInstance;
import dev.workshop.domain.canvas.Behaviour;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Placement;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.canvas.Rope;
import dev.workshop.domain.canvas.SceneSettings;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.fsm.AgentTrigger;
import dev.workshop.orchestration.AgentDirectory;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * What the user does to the layout: place agents (one, the quick start's pair, those a conversation needs), move
 * them, tie and cut ropes, duplicate and remove. Each is one step of {@link UndoSteps}. FX thread only.
 */
public final class CanvasEdits {
    /** How far apart the quick start places its two agents (world units): room for a rope and its label. */
    private static final double STARTER_GAP = 240;
    private final CanvasContents canvas;
    private final CanvasSeams seams;
    private final CanvasSelection selection;
    private final UndoSteps steps;
    /** How the canvas is drawn now: where snap to grid puts what is placed or moved. */
    private final Supplier<SceneSettings> settings;
    /** Ends a conversation whose agent was taken off, off the FX thread. */
    private final BiConsumer<ConversationId, String> endConversation;

    CanvasEdits(CanvasContents canvas, CanvasSeams seams, CanvasSelection selection, UndoSteps steps,
                Supplier<SceneSettings> settings, BiConsumer<ConversationId, String> endConversation) {
        this.canvas = canvas;
        this.seams = seams;
        this.selection = selection;
        this.steps = steps;
        this.settings = settings;
        this.endConversation = endConversation;
    }

    /** Places a new instance of {@code agent} at a world point (a drop from the palette). */
    public Optional<AgentNodeModel> place(AgentId agent, Point at) {
        Optional<AgentDefinition> found = canvas.definition(agent);
        Optional<AgentNodeModel> placed = found.map(definition -> steps.edit("add " + definition.name(), () ->
                canvas.add(new AgentInstance(InstanceId.generate(), agent, settings.get().placed(at), Behaviour.STATIONARY),
                        definition)));
        placed.ifPresent(model -> {
            selection.select(List.of(model.id()), false);
            seams.sceneChanged();
        });
        return placed;
    }

    /**
     * The first run's quick start: the palette's first two agents side by side around {@code centre}, as one
     * step (Undo takes both off), and selected, ready for Start conversation. Empty with fewer than two agents.
     */
    public List<AgentNodeModel> placeStarterPair(Point centre) {
        List<AgentDefinition> pair = canvas.palette().stream().limit(2).toList();
        if (pair.size() < 2) {
            return List.of();
        }
        List<AgentNodeModel> placed = steps.edit("add " + pair.get(0).name() + " and " + pair.get(1).name(), () -> List.of(
                canvas.add(new AgentInstance(InstanceId.generate(), pair.get(0).id(),
                        settings.get().placed(new Point(centre.x() - STARTER_GAP / 2, centre.y())),
                        Behaviour.STATIONARY), pair.get(0)),
                canvas.add(new AgentInstance(InstanceId.generate(), pair.get(1).id(),
                        settings.get().placed(new Point(centre.x() + STARTER_GAP / 2, centre.y())),
                        Behaviour.STATIONARY), pair.get(1))));
        selection.select(placed.stream().map(AgentNodeModel::id).toList(), false);
        seams.sceneChanged();
        return placed;
    }

    /**
     * An agent on the canvas for each of {@code wanted}, in that order: one already there, else one placed in a
     * row around {@code centre} (all placed as one step of undo). Agents that no longer exist are left out, and
     * the notice names them. The ones returned are selected.
     */
    public List<AgentNodeModel> placedFor(List<Participant> wanted, Point centre) {
        List<AgentNodeModel> chosen = new ArrayList<>();
        List<AgentDefinition> missing = new ArrayList<>();
        List<String> gone = new ArrayList<>();
        for (Participant participant : wanted) {
            Optional<AgentNodeModel> there = canvas.agents().stream()
                    .filter(model -> model.agentId().equals(participant.agentId()) && !chosen.contains(model))
                    .findFirst();
            if (there.isPresent()) {
                chosen.add(there.get());
            } else {
                canvas.definition(participant.agentId()).ifPresentOrElse(missing::add, () -> gone.add(participant.name()));
            }
        }
        if (!missing.isEmpty()) {
            double left = centre.x() - STARTER_GAP * (missing.size() - 1) / 2.0;
            chosen.addAll(steps.edit("add " + String.join(" and ", missing.stream().map(AgentDefinition::name).toList()),
                    () -> {
                        List<AgentNodeModel> placed = new ArrayList<>();
                        for (int i = 0; i < missing.size(); i++) {
                            Point at = settings.get().placed(new Point(left + i * STARTER_GAP, centre.y()));
                            placed.add(canvas.add(new AgentInstance(InstanceId.generate(), missing.get(i).id(), at,
                                    Behaviour.STATIONARY), missing.get(i)));
                        }
                        return placed;
                    }));
            seams.sceneChanged();
        }
        // Back in the order asked for: the order they speak in.
        List<AgentId> order = wanted.stream().map(Participant::agentId).toList();
        chosen.sort(Comparator.comparingInt(model -> order.indexOf(model.agentId())));
        if (!gone.isEmpty()) {
            seams.tell("No longer an agent here: " + String.join(", ", gone));
        }
        selection.select(chosen.stream().map(AgentNodeModel::id).toList(), false);
        return chosen;
    }

    /**
     * Moves the selection by one grid step in a direction ({@code dx}, {@code dy} each -1, 0 or 1), as one step of
     * undo: the keyboard's way to move agents. A grid step, so that it lands on the next dot with snapping on.
     */
    public void nudgeSelection(int dx, int dy) {
        List<AgentNodeModel> moving = selection.selection();
        if (moving.isEmpty()) {
            return;
        }
        Map<AgentNodeModel, Point> starts = new LinkedHashMap<>();
        moving.forEach(agent -> starts.put(agent, agent.position()));
        pickUp(moving);
        dragBy(starts, dx * SceneSettings.GRID_SPACING, dy * SceneSettings.GRID_SPACING);
        putDown(moving);
    }

    /** Starts moving the selection: the agents are picked up. */
    public void pickUp(Collection<AgentNodeModel> moving) {
        moving.forEach(agent -> agent.fire(AgentTrigger.PICK_UP));
    }

    /** Moves the agents by a world offset from where the drag began. */
    public void dragBy(Map<AgentNodeModel, Point> startPositions, double dx, double dy) {
        // With snapping on, the agent jumps from grid point to grid point under the mouse: where it will land.
        startPositions.forEach((agent, start) -> agent.dragTo(settings.get().placed(start.plus(dx, dy))));
    }

    /** Puts the agents down where they are: that is their new home. */
    public void putDown(Collection<AgentNodeModel> moving) {
        // The homes change only here, so the layout before this is where the drag began: one drag, one step.
        steps.editing("move " + UndoSteps.names(moving), () -> moving.forEach(agent -> {
            agent.putAt(agent.position());
            agent.fire(AgentTrigger.PUT_DOWN);
        }));
        seams.sceneChanged();
    }

    public void setBehaviour(Collection<AgentNodeModel> targets, Behaviour behaviour) {
        steps.editing("make " + UndoSteps.names(targets) + " " + behaviour.name().toLowerCase(Locale.ROOT),
                () -> targets.forEach(agent -> agent.changeBehaviour(behaviour)));
        seams.sceneChanged();
    }

    /** Ties a labelled rope between two agents; a second rope between the same pair replaces the label. */
    public Rope link(InstanceId from, InstanceId to, String label) {
        return steps.edit("tie a rope", () -> tie(from, to, label));
    }

    private Rope tie(InstanceId from, InstanceId to, String label) {
        for (int i = 0; i < canvas.ropesToEdit().size(); i++) {
            Rope rope = canvas.ropesToEdit().get(i);
            if ((rope.from().equals(from) && rope.to().equals(to)) || (rope.from().equals(to) && rope.to().equals(from))) {
                Rope relabelled = rope.relabelled(label);
                canvas.ropesToEdit().set(i, relabelled);
                seams.sceneChanged();
                return relabelled;
            }
        }
        Rope rope = Rope.between(from, to, label);
        canvas.ropesToEdit().add(rope);
        seams.sceneChanged();
        return rope;
    }

    public void relabel(String ropeId, String label) {
        steps.editing("rename a rope", () -> {
            for (int i = 0; i < canvas.ropesToEdit().size(); i++) {
                if (canvas.ropesToEdit().get(i).id().equals(ropeId)) {
                    canvas.ropesToEdit().set(i, canvas.ropesToEdit().get(i).relabelled(label));
                    seams.sceneChanged();
                }
            }
        });
    }

    public void removeRope(String ropeId) {
        steps.editing("cut a rope", () -> {
            if (canvas.ropesToEdit().removeIf(rope -> rope.id().equals(ropeId))) {
                seams.sceneChanged();
            }
        });
    }

    /**
     * Duplicates agents as new agents, one for each original: its definition copied ("Ada 2", the same persona,
     * provider, model and server, a colour of its own) and saved to the team's agents off the FX thread, then an
     * instance placed clear of the others with the original's behaviour, selected; the placing is one step.
     * Undo takes the copies off the canvas; the new agents stay in the palette, as any agent made does.
     */
    public void duplicate(Collection<AgentNodeModel> originals) {
        List<AgentNodeModel> sources = new ArrayList<>();
        List<AgentDefinition> definitions = new ArrayList<>();
        for (AgentNodeModel original : originals) {
            canvas.definition(original.agentId()).ifPresent(definition -> {
                sources.add(original);
                definitions.add(definition);
            });
        }
        if (sources.isEmpty()) {
            return;
        }
        seams.inBackground("duplicate " + UndoSteps.names(sources), () -> {
            AgentDirectory directory = canvas.agentDirectory();
            List<String> names = new ArrayList<>(directory.list().stream().map(AgentDefinition::name).toList());
            List<AgentDefinition> made = new ArrayList<>();
            for (AgentDefinition original : definitions) {
                String name = AgentNames.forCopyOf(original.name(), names);
                names.add(name);
                made.add(directory.saveCopy(original, new AgentDefinition(AgentId.generate(), name,
                        original.persona(), original.provider(), original.model(), directory.colourForANewAgent(),
                        original.endpoint())));
            }
            seams.onFx(() -> placeCopies(sources, made));
        });
    }

    /** Places a saved copy of each source clear of every agent on the canvas, as one step, and selects them. */
    private void placeCopies(List<AgentNodeModel> sources, List<AgentDefinition> made) {
        List<AgentNodeModel> copies = new ArrayList<>();
        // The copies' definitions are part of the step: undoing it takes them out of the palette too.
        steps.editing("duplicate " + UndoSteps.names(sources), () -> {
            canvas.reloadPalette();
            for (int i = 0; i < sources.size(); i++) {
                AgentNodeModel source = sources.get(i);
                List<Point> taken = canvas.agents().stream().map(AgentNodeModel::home).toList();
                Point spot = Placement.freeSpots(taken, source.home().plus(CanvasViewModel.DUPLICATE_OFFSET,
                        CanvasViewModel.DUPLICATE_OFFSET), 1).getFirst();
                copies.add(canvas.add(new AgentInstance(InstanceId.generate(), made.get(i).id(),
                        settings.get().placed(spot), source.behaviourProperty().get()), made.get(i)));
            }
        });
        selection.select(copies.stream().map(AgentNodeModel::id).toList(), false);
        seams.sceneChanged();
    }

    /** The running conversations that removing these agents would end. */
    public Set<ConversationId> conversationsOf(Collection<AgentNodeModel> targets) {
        Set<ConversationId> ids = new LinkedHashSet<>();
        targets.forEach(agent -> ids.addAll(agent.conversations()));
        return ids;
    }

    /**
     * Removes agents, their ropes, and ends (as completed, with the reason) each running conversation they
     * take part in; the view asks first when {@link #conversationsOf} is not empty.
     */
    public void remove(Collection<AgentNodeModel> targets) {
        List<AgentNodeModel> removing = List.copyOf(targets);
        steps.editing("remove " + UndoSteps.names(removing), () -> {
            for (AgentNodeModel agent : removing) {
                for (ConversationId conversation : List.copyOf(agent.conversations())) {
                    String reason = "Agent " + agent.name() + " was removed from the canvas";
                    endConversation.accept(conversation, reason);
                }
                canvas.takeOff(agent);
            }
        });
        seams.sceneChanged();
    }
}
