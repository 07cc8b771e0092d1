package dev.workshop.domain.canvas;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Where a held conversation's agents stood on the canvas, and the ropes between them: put back when it is
 * re-inflated. An agent placed already under the same instance id (the same machine) stays where it is; one not
 * on this canvas is placed as it was laid out; an instance id taken by another agent gets a new one in its place.
 */
public record HeldLayout(ConversationId conversation, List<AgentInstance> instances, List<Rope> ropes) {
    public HeldLayout {
        Objects.requireNonNull(conversation, "conversation");
        instances = List.copyOf(instances);
        ropes = List.copyOf(ropes);
    }

    /** {@code scene} with this layout placed in it; agents that {@code agentExists} denies are left out. */
    public CanvasScene placeOn(CanvasScene scene, Predicate<AgentId> agentExists) {
        List<AgentInstance> all = new ArrayList<>(scene.instances());
        Map<InstanceId, AgentInstance> byId = new HashMap<>();
        all.forEach(instance -> byId.put(instance.id(), instance));
        Map<InstanceId, InstanceId> placedAs = new LinkedHashMap<>();
        for (AgentInstance laidOut : instances) {
            if (!agentExists.test(laidOut.agentId())) {
                continue;
            }
            AgentInstance there = byId.get(laidOut.id());
            if (there != null && there.agentId().equals(laidOut.agentId())) {
                placedAs.put(laidOut.id(), there.id());
                continue;
            }
            AgentInstance placed = there == null ? laidOut
                    : new AgentInstance(InstanceId.generate(), laidOut.agentId(), laidOut.position(), laidOut.behaviour());
            all.add(placed);
            byId.put(placed.id(), placed);
            placedAs.put(laidOut.id(), placed.id());
        }
        List<Rope> allRopes = new ArrayList<>(scene.ropes());
        for (Rope rope : ropes) {
            InstanceId from = placedAs.get(rope.from());
            InstanceId to = placedAs.get(rope.to());
            boolean known = allRopes.stream().anyMatch(other -> other.id().equals(rope.id())
                    || (other.touches(from) && other.touches(to)));
            if (from != null && to != null && !from.equals(to) && !known) {
                allRopes.add(new Rope(rope.id(), from, to, rope.label()));
            }
        }
        Map<ConversationId, List<InstanceId>> mapping = new LinkedHashMap<>(scene.conversationInstances());
        if (!placedAs.isEmpty()) {
            mapping.put(conversation, List.copyOf(placedAs.values()));
        }
        return new CanvasScene(all, allRopes, scene.camera(), scene.settings(), mapping, scene.failedMarks(),
                scene.elements());
    }
}
