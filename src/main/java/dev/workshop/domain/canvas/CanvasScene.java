package dev.workshop.domain.canvas;

import dev.workshop.domain.conversation.ConversationId;
import java.util.List;
import java.util.Map;

/**
 * Everything the canvas shows that is not a conversation: the placed agents, the ropes, the camera and the
 * settings, which instances take part in which conversation (so a restart puts each conversation back on
 * the same instances when one agent is placed twice), and which instances show the error of a failed
 * conversation (a failed conversation is not resumed, so nothing else would mark them again after a restart),
 * and where the shared elements stand.
 */
public record CanvasScene(List<AgentInstance> instances, List<Rope> ropes, Camera camera, SceneSettings settings,
                          Map<ConversationId, List<InstanceId>> conversationInstances,
                          Map<ConversationId, List<InstanceId>> failedMarks, List<ElementPlacement> elements) {
    public static final CanvasScene EMPTY = new CanvasScene(List.of(), List.of(), Camera.DEFAULT, SceneSettings.DEFAULTS,
            Map.of(), Map.of());

    /** A scene with no shared elements placed (as saved before there were any). */
    public CanvasScene(List<AgentInstance> instances, List<Rope> ropes, Camera camera, SceneSettings settings,
                       Map<ConversationId, List<InstanceId>> conversationInstances,
                       Map<ConversationId, List<InstanceId>> failedMarks) {
        this(instances, ropes, camera, settings, conversationInstances, failedMarks, List.of());
    }

    public CanvasScene {
        elements = List.copyOf(elements);
        instances = List.copyOf(instances);
        ropes = List.copyOf(ropes);
        conversationInstances = Map.copyOf(conversationInstances);
        failedMarks = Map.copyOf(failedMarks);
    }
}
