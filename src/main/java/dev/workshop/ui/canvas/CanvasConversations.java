package dev.workshop.ui.canvas;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.AgentInstance;
import dev.workshop.domain.canvas.CanvasScene;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.SceneRestore;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.orchestration.Workspace;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The canvas's part in conversations: starting one among placed agents (their instances noted first, so the
 * first event finds them), ending one whose agent was taken off, and placing the agents of a conversation that
 * runs without instances on the canvas.
 */
public final class CanvasConversations {
    private final CanvasContents canvas;
    private final CanvasSeams seams;
    /** Which instances each conversation runs on (the overlay's record of them). */
    private final Map<ConversationId, List<InstanceId>> conversationInstances;
    private final Consumer<ConversationId> showConversation;
    private final Supplier<CanvasScene> snapshot;
    private final Supplier<Workspace> workspace;

    /**
     * @param showConversation shows a conversation just started in the sidebar (FX thread)
     * @param snapshot         the scene as it stands, to place a conversation's missing agents beside it
     */
    CanvasConversations(CanvasContents canvas, CanvasSeams seams,
                        Map<ConversationId, List<InstanceId>> conversationInstances,
                        Consumer<ConversationId> showConversation, Supplier<CanvasScene> snapshot,
                        Supplier<Workspace> workspace) {
        this.canvas = canvas;
        this.seams = seams;
        this.conversationInstances = conversationInstances;
        this.showConversation = showConversation;
        this.snapshot = snapshot;
        this.workspace = workspace;
    }

    /** Starts a conversation among the agents, in the order given. */
    public void start(List<AgentNodeModel> participants, String task, int maxTurns) {
        start(participants, task, maxTurns, false);
    }

    /**
     * Starts a conversation among the agents, in the order given, with the user taking the last turn of each
     * round when {@code withYou}.
     */
    public void start(List<AgentNodeModel> participants, String task, int maxTurns, boolean withYou) {
        ConversationId id = ConversationId.random();
        conversationInstances.put(id, participants.stream().map(AgentNodeModel::id).toList());
        List<AgentId> agentIds = new ArrayList<>(participants.stream().map(AgentNodeModel::agentId).toList());
        if (withYou) {
            agentIds.add(Participant.HUMAN);
        }
        seams.sceneChanged();
        if (agentIds.size() == 1) {
            seams.inBackground("assign the task", () -> {
                workspace.get().engine().assignTask(id, agentIds.get(0), task, OptionalInt.of(maxTurns));
                seams.onFx(() -> showConversation.accept(id));
            });
        } else {
            seams.inBackground("start the conversation", () -> {
                workspace.get().engine().startConversation(id, agentIds, task, OptionalInt.of(maxTurns));
                seams.onFx(() -> showConversation.accept(id));
            });
        }
    }

    /** Ends a conversation whose agent was taken off the canvas, off the FX thread. */
    void endInBackground(ConversationId conversation, String reason) {
        seams.inBackground("end conversation", () -> workspace.get().engine().end(conversation, reason));
    }

    /** The instances the conversation runs on; a participant with none on the canvas gets one placed now. */
    List<InstanceId> instancesFor(ConversationId id, List<Participant> participants) {
        List<InstanceId> known = conversationInstances.getOrDefault(id, List.of());
        if (known.size() == participants.size() && known.stream().allMatch(canvas::isOnCanvas)) {
            return known;
        }
        CanvasScene planned = SceneRestore.placeParticipants(snapshot.get(),
                List.of(new SceneRestore.Resumable(id,
                        participants.stream().map(Participant::agentId).toList())),
                agent -> canvas.definition(agent).isPresent());
        for (AgentInstance instance : planned.instances()) {
            if (!canvas.isOnCanvas(instance.id())) {
                canvas.definition(instance.agentId()).ifPresent(definition -> canvas.add(instance, definition));
            }
        }
        List<InstanceId> placed = planned.conversationInstances().getOrDefault(id, List.of());
        conversationInstances.put(id, placed);
        seams.sceneChanged();
        return placed;
    }
}
