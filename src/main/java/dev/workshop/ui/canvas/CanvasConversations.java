package dev.workshop.ui.canvas;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.AgentInstance;
import dev.workshop.domain.canvas.CanvasScene;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.SceneRestore;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.orchestration.Workspace;
import dev.workshop.ui.fx.Background;
import dev.workshop.ui.fx.FxExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * The canvas's part in conversations: starting one among placed agents (their instances noted first, so the
 * first event finds them), ending one whose agent was taken off, and placing the agents of a conversation that
 * runs without instances on the canvas.
 */
final class CanvasConversations {
    private final CanvasViewModel canvas;
    private final Workspace workspace;
    private final FxExecutor fx;
    private final Background background;

    CanvasConversations(CanvasViewModel canvas, Workspace workspace, FxExecutor fx, Background background) {
        this.canvas = canvas;
        this.workspace = workspace;
        this.fx = fx;
        this.background = background;
    }

    /**
     * Starts a conversation among the agents, in the order given, with the user taking the last turn of each
     * round when {@code withYou}.
     */
    void start(List<AgentNodeModel> participants, String task, int maxTurns, boolean withYou) {
        ConversationId id = ConversationId.random();
        canvas.overlay().conversationInstances().put(id, participants.stream().map(AgentNodeModel::id).toList());
        List<AgentId> agentIds = new ArrayList<>(participants.stream().map(AgentNodeModel::agentId).toList());
        if (withYou) {
            agentIds.add(Participant.HUMAN);
        }
        canvas.sceneChanged();
        if (agentIds.size() == 1) {
            inBackground("assign the task", () -> {
                workspace.engine().assignTask(id, agentIds.get(0), task, OptionalInt.of(maxTurns));
                fx.execute(() -> canvas.showConversation(id));
            });
        } else {
            inBackground("start the conversation", () -> {
                workspace.engine().startConversation(id, agentIds, task, OptionalInt.of(maxTurns));
                fx.execute(() -> canvas.showConversation(id));
            });
        }
    }

    /** Ends a conversation whose agent was taken off the canvas, off the FX thread. */
    void endInBackground(ConversationId conversation, String reason) {
        inBackground("end conversation", () -> workspace.engine().end(conversation, reason));
    }

    /** Runs {@code work} off the FX thread; a failure is told in the status bar as "Could not {@code what}". */
    void inBackground(String what, Runnable work) {
        background.run("canvas-" + what.replace(' ', '-'), () -> {
            try {
                work.run();
            } catch (RuntimeException e) {
                fx.execute(() -> canvas.tell("Could not " + what + ": " + e.getMessage()));
            }
        });
    }

    /** The instances the conversation runs on; a participant with none on the canvas gets one placed now. */
    List<InstanceId> instancesFor(ConversationId id, List<Participant> participants) {
        List<InstanceId> known = canvas.overlay().conversationInstances().getOrDefault(id, List.of());
        if (known.size() == participants.size() && known.stream().allMatch(canvas::isOnCanvas)) {
            return known;
        }
        CanvasScene planned = SceneRestore.placeParticipants(canvas.snapshot(),
                List.of(new SceneRestore.Resumable(id,
                        participants.stream().map(Participant::agentId).toList())),
                agent -> canvas.definition(agent).isPresent());
        for (AgentInstance instance : planned.instances()) {
            if (!canvas.isOnCanvas(instance.id())) {
                canvas.definition(instance.agentId()).ifPresent(definition -> canvas.add(instance, definition));
            }
        }
        List<InstanceId> placed = planned.conversationInstances().getOrDefault(id, List.of());
        canvas.overlay().conversationInstances().put(id, placed);
        canvas.sceneChanged();
        return placed;
    }
}
