package dev.workshop.domain.canvas;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Step 2 of resume on launch: makes sure every conversation about to resume has an instance on the canvas
 * for each participant. The instances it ran on are reused when they are still there; otherwise another
 * instance of the same agent not yet taken by this conversation; otherwise a new instance is placed in free
 * space next to the conversation's other new instances. Participants whose agent definition is gone get no
 * instance: resuming ends such a conversation with the reason.
 */
public final class SceneRestore {
    private SceneRestore() {
    }

    /** A conversation to resume and its participants' agents, in turn order. */
    public record Resumable(ConversationId id, List<AgentId> participants) {
    }

    public static CanvasScene placeParticipants(CanvasScene scene, List<Resumable> conversations,
                                                Predicate<AgentId> agentExists) {
        List<AgentInstance> instances = new ArrayList<>(scene.instances());
        Map<ConversationId, List<InstanceId>> mapping = new LinkedHashMap<>(scene.conversationInstances());
        for (Resumable conversation : conversations) {
            if (!conversation.participants().stream().allMatch(agentExists)) {
                continue;
            }
            List<InstanceId> before = mapping.getOrDefault(conversation.id(), List.of());
            List<InstanceId> chosen = new ArrayList<>();
            List<Integer> missing = new ArrayList<>();
            Set<InstanceId> taken = new HashSet<>();
            for (int i = 0; i < conversation.participants().size(); i++) {
                AgentId agent = conversation.participants().get(i);
                Optional<InstanceId> match = previous(before, i, agent, instances)
                        .or(() -> anyFree(agent, instances, taken));
                match.ifPresent(taken::add);
                chosen.add(match.orElse(null));
                if (match.isEmpty()) {
                    missing.add(i);
                }
            }
            if (!missing.isEmpty()) {
                List<Point> spots = Placement.freeSpots(instances.stream().map(AgentInstance::position).toList(),
                        anchor(chosen, instances), missing.size());
                for (int k = 0; k < missing.size(); k++) {
                    int index = missing.get(k);
                    AgentInstance placed = new AgentInstance(InstanceId.generate(),
                            conversation.participants().get(index), spots.get(k), Behaviour.STATIONARY);
                    instances.add(placed);
                    chosen.set(index, placed.id());
                }
            }
            mapping.put(conversation.id(), List.copyOf(chosen));
        }
        return new CanvasScene(instances, scene.ropes(), scene.camera(), scene.settings(), mapping, scene.failedMarks(),
                scene.elements());
    }

    private static Optional<InstanceId> previous(List<InstanceId> before, int index, AgentId agent,
                                                 List<AgentInstance> instances) {
        if (index >= before.size()) {
            return Optional.empty();
        }
        InstanceId id = before.get(index);
        return instances.stream().filter(instance -> instance.id().equals(id) && instance.agentId().equals(agent))
                .map(AgentInstance::id).findFirst();
    }

    private static Optional<InstanceId> anyFree(AgentId agent, List<AgentInstance> instances, Set<InstanceId> taken) {
        return instances.stream().filter(instance -> instance.agentId().equals(agent) && !taken.contains(instance.id()))
                .map(AgentInstance::id).findFirst();
    }

    /** Next to a participant already on the canvas, or right of everything when none is. */
    private static Point anchor(List<InstanceId> chosen, List<AgentInstance> instances) {
        for (InstanceId id : chosen) {
            if (id != null) {
                for (AgentInstance instance : instances) {
                    if (instance.id().equals(id)) {
                        return instance.position().plus(Placement.SPACING, 0);
                    }
                }
            }
        }
        Bounds all = Bounds.of(instances.stream().map(AgentInstance::position).toList());
        return all.isEmpty() ? new Point(200, 200) : new Point(all.minX(), all.maxY() + Placement.SPACING);
    }
}
