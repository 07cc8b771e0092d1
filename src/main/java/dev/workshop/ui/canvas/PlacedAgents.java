package dev.workshop.ui.canvas;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.AgentInstance;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.fsm.Transition;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The agents placed on the canvas, each an instance of a definition in the palette, and the palette itself.
 * Handed out read-only: they change only through the canvas's edits.
 */
final class PlacedAgents {
    private final BiConsumer<InstanceId, Transition> transitions;
    private final ObservableList<AgentNodeModel> agents = FXCollections.observableArrayList();
    private final ObservableList<AgentNodeModel> readOnlyAgents = FXCollections.unmodifiableObservableList(agents);
    private final ObservableList<AgentDefinition> palette = FXCollections.observableArrayList();
    private final ObservableList<AgentDefinition> readOnlyPalette = FXCollections.unmodifiableObservableList(palette);
    private final Map<InstanceId, AgentNodeModel> byId = new HashMap<>();

    /** {@code transitions}: hears every state-machine transition of every agent. */
    PlacedAgents(BiConsumer<InstanceId, Transition> transitions) {
        this.transitions = transitions;
    }

    ObservableList<AgentNodeModel> agents() {
        return readOnlyAgents;
    }

    ObservableList<AgentDefinition> palette() {
        return readOnlyPalette;
    }

    void setPalette(List<AgentDefinition> definitions) {
        palette.setAll(definitions);
    }

    /** Places the instances whose agent the palette has, and none other. */
    void show(List<AgentInstance> instances) {
        agents.clear();
        byId.clear();
        for (AgentInstance instance : instances) {
            definition(instance.agentId()).ifPresent(definition -> add(instance, definition));
        }
    }

    Optional<AgentDefinition> definition(AgentId id) {
        return palette.stream().filter(agent -> agent.id().equals(id)).findFirst();
    }

    AgentNodeModel add(AgentInstance instance, AgentDefinition definition) {
        AgentNodeModel model = new AgentNodeModel(instance, definition.name(), definition.avatarColor(),
                transition -> transitions.accept(instance.id(), transition));
        agents.add(model);
        byId.put(model.id(), model);
        return model;
    }

    void remove(AgentNodeModel agent) {
        agents.remove(agent);
        byId.remove(agent.id());
    }

    boolean contains(InstanceId id) {
        return byId.containsKey(id);
    }

    Optional<AgentNodeModel> find(InstanceId id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** The placed agents whose definition the palette no longer has (removed in the agent editor). */
    List<AgentNodeModel> withoutDefinition() {
        return agents.stream().filter(agent -> definition(agent.agentId()).isEmpty()).toList();
    }

    /** Gives every placed agent its definition's current name and colour. */
    void followDefinitions() {
        for (AgentNodeModel agent : agents) {
            definition(agent.agentId()).ifPresent(definition -> {
                if (!definition.name().equals(agent.name())) {
                    agent.rename(definition.name());
                }
                if (!definition.avatarColor().equals(agent.colour())) {
                    agent.recolour(definition.avatarColor());
                }
            });
        }
    }
}
