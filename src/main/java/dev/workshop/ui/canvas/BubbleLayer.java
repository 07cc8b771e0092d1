package dev.workshop.ui.canvas;

import dev.workshop.domain.canvas.Bounds;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.fsm.AgentState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.scene.Group;

/**
 * The agents' speech bubbles, one group above the agents. Bubbles are the costliest thing to paint (text on a
 * rounded box), so there is one only for an agent on screen with something to say, only when zoomed in enough to
 * read it, and it is laid out again only when its text changes.
 */
final class BubbleLayer {
    private final Group group = new Group();
    private final Map<AgentNodeModel, BubbleNode> byAgent = new HashMap<>();
    /** The other way round: whose each bubble is. */
    private final Map<BubbleNode, AgentNodeModel> ownerOf = new HashMap<>();
    /** Bubbles whose text changed in this frame, said and thinking: brought to the front as the frame ends. */
    private final List<BubbleNode> freshlySaid = new ArrayList<>();
    private final List<BubbleNode> freshlyThinking = new ArrayList<>();

    Group group() {
        return group;
    }

    /** Each agent's bubble, for the gestures that find which agent a clicked bubble belongs to. */
    Map<AgentNodeModel, BubbleNode> byAgent() {
        return byAgent;
    }

    /** The bubble of {@code model}, anchored above {@code at}; none when it is not {@code shown} or has nothing. */
    void update(AgentNodeModel model, Point at, boolean shown, double clock) {
        String text = model.bubbleProperty().get();
        boolean thinking = model.state() == AgentState.THINKING;
        BubbleNode bubble = byAgent.get(model);
        if (!shown || (!thinking && text.isEmpty())) {
            if (bubble != null) {
                remove(model);
            }
            return;
        }
        if (bubble == null) {
            bubble = new BubbleNode();
            byAgent.put(model, bubble);
            ownerOf.put(bubble, model);
            group.getChildren().add(bubble);
        }
        if (thinking ? bubble.showThinking(clock) : bubble.showSaid(text, model.bubbleOpacity())) {
            (thinking ? freshlyThinking : freshlySaid).add(bubble);
        }
        bubble.anchorAbove(at.x(), at.y());
    }

    void remove(AgentNodeModel model) {
        BubbleNode bubble = byAgent.remove(model);
        if (bubble != null) {
            ownerOf.remove(bubble);
            group.getChildren().remove(bubble);
        }
    }

    /**
     * Ends a frame: agents side by side have overlapping bubbles, and the newest turn's goes on top. A message
     * and the next turn's start often arrive in the same frame, and the turn that starts is the newer of the two.
     * Then they are stacked clear of each other, the one under the pointer held still.
     */
    void arrange(Bounds visible, double zoom, BubbleNode underPointer, Map<AgentNodeModel, AgentNode> nodes) {
        freshlySaid.forEach(BubbleNode::toFront);
        freshlyThinking.forEach(BubbleNode::toFront);
        freshlySaid.clear();
        freshlyThinking.clear();
        BubbleStack.arrange(group.getChildren(), visible, zoom, underPointer, agents(nodes));
    }

    /**
     * The agents on screen as boxes a bubble keeps clear of, and which of them each bubble belongs to; none looked at
     * while no agent has a bubble (every frame runs this, with hundreds of agents on the canvas).
     */
    private BubbleStack.Agents agents(Map<AgentNodeModel, AgentNode> nodes) {
        if (group.getChildren().isEmpty()) {
            return BubbleStack.Agents.NONE;
        }
        List<BubbleStack.Box> boxes = new ArrayList<>();
        Map<AgentNodeModel, Integer> indexOf = new HashMap<>();
        nodes.forEach((model, node) -> {
            if (node.isVisible()) {
                javafx.geometry.Bounds bounds = node.getBoundsInParent();
                indexOf.put(model, boxes.size());
                boxes.add(new BubbleStack.Box(bounds.getMinX(), bounds.getMinY(), bounds.getWidth(), bounds.getHeight()));
            }
        });
        List<javafx.scene.Node> children = group.getChildren();
        int[] owners = new int[children.size()];
        for (int i = 0; i < owners.length; i++) {
            AgentNodeModel owner = ownerOf.get((BubbleNode) children.get(i));
            owners[i] = owner == null ? -1 : indexOf.getOrDefault(owner, -1);
        }
        return new BubbleStack.Agents(boxes, owners);
    }
}
