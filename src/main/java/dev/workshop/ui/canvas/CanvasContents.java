package dev.workshop.ui.canvas;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.AgentInstance;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Rope;
import dev.workshop.orchestration.AgentDirectory;
import dev.workshop.orchestration.Elements;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * What is on the canvas: the placed agents, the ropes between them, the palette they come from and the shared
 * elements placed beside them. The parts that
 * change it (edits, undo, conversations placing their agents) share this one object. FX thread only.
 */
final class CanvasContents {
    private final PlacedAgents placed;
    private final ObservableList<Rope> ropes = FXCollections.observableArrayList();
    private final ObservableList<Rope> readOnlyRopes = FXCollections.unmodifiableObservableList(ropes);
    private final ObservableList<ElementNodeModel> elements = FXCollections.observableArrayList();
    private final Supplier<AgentDirectory> directory;
    private final Supplier<Elements> elementStreams;
    private final Runnable sceneChanged;

    /**
     * @param directory      the team's agents (read anew each time: the workspace may be another after a reopen)
     * @param elementStreams the team's shared elements, likewise
     * @param sceneChanged   called when the agents on the canvas changed without a step (an agent deleted elsewhere)
     */
    CanvasContents(PlacedAgents placed, Supplier<AgentDirectory> directory, Supplier<Elements> elementStreams,
                   Runnable sceneChanged) {
        this.placed = placed;
        this.directory = directory;
        this.elementStreams = elementStreams;
        this.sceneChanged = sceneChanged;
    }

    /** The shared elements placed on the canvas (boards, pinboards, rulebooks). */
    ObservableList<ElementNodeModel> elements() {
        return elements;
    }

    Optional<ElementNodeModel> findElement(String id) {
        return elements.stream().filter(element -> element.id().equals(id)).findFirst();
    }

    /** The team's shared elements, to make, change, take off and bring back (off the FX thread). */
    Elements elementStreams() {
        return elementStreams.get();
    }

    PlacedAgents placed() {
        return placed;
    }

    ObservableList<AgentNodeModel> agents() {
        return placed.agents();
    }

    Optional<AgentNodeModel> find(InstanceId id) {
        return placed.find(id);
    }

    boolean isOnCanvas(InstanceId id) {
        return placed.contains(id);
    }

    AgentNodeModel add(AgentInstance instance, AgentDefinition definition) {
        return placed.add(instance, definition);
    }

    /** Takes an agent and its ropes off the canvas. */
    void takeOff(AgentNodeModel agent) {
        placed.remove(agent);
        ropes.removeIf(rope -> rope.touches(agent.id()));
    }

    Optional<AgentDefinition> definition(AgentId id) {
        return placed.definition(id);
    }

    ObservableList<AgentDefinition> palette() {
        return placed.palette();
    }

    /** The team's agents, to add one (a duplicate) or take one back out (undo). */
    AgentDirectory agentDirectory() {
        return directory.get();
    }

    /**
     * The palette read again from the agent directory: placed agents take new names and colours, those whose agent
     * is gone leave with their ropes. Records no step.
     */
    void reloadPalette() {
        placed.setPalette(directory.get().list());
        List<AgentNodeModel> gone = placed.withoutDefinition();
        if (!gone.isEmpty()) {
            gone.forEach(this::takeOff);
            sceneChanged.run();
        }
        placed.followDefinitions();
    }

    ObservableList<Rope> ropes() {
        return readOnlyRopes;
    }

    /** The ropes, to change. */
    ObservableList<Rope> ropesToEdit() {
        return ropes;
    }
}
