package dev.workshop.domain.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationId;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SceneRestoreTest {
    private static final AgentId ADA = new AgentId("ada");
    private static final AgentId BRUNO = new AgentId("bruno");
    private static final AgentId CHEN = new AgentId("chen");
    private final ConversationId conversation = ConversationId.random();

    private static AgentInstance at(String id, AgentId agent, double x, double y) {
        return new AgentInstance(new InstanceId(id), agent, new Point(x, y), Behaviour.WANDER);
    }

    private static CanvasScene scene(List<AgentInstance> instances, Map<ConversationId, List<InstanceId>> mapping) {
        return new CanvasScene(instances, List.of(), Camera.DEFAULT, SceneSettings.DEFAULTS, mapping, Map.of());
    }

    @Test
    void aConversationGoesBackOnTheInstancesItRanOnEvenWhenAnAgentIsPlacedTwice() {
        CanvasScene saved = scene(List.of(at("a1", ADA, 0, 0), at("a2", ADA, 500, 0), at("b1", BRUNO, 600, 0)),
                Map.of(conversation, List.of(new InstanceId("a2"), new InstanceId("b1"))));

        CanvasScene restored = SceneRestore.placeParticipants(saved,
                List.of(new SceneRestore.Resumable(conversation, List.of(ADA, BRUNO))), agent -> true);

        assertThat(restored.instances()).hasSize(3);
        assertThat(restored.conversationInstances().get(conversation))
                .containsExactly(new InstanceId("a2"), new InstanceId("b1"));
    }

    @Test
    void participantsWithNoInstancePlacedNearEachOtherInFreeSpace() {
        CanvasScene saved = scene(List.of(at("a1", ADA, 0, 0)), Map.of());

        CanvasScene restored = SceneRestore.placeParticipants(saved,
                List.of(new SceneRestore.Resumable(conversation, List.of(ADA, BRUNO, CHEN))), agent -> true);

        List<InstanceId> ids = restored.conversationInstances().get(conversation);
        assertThat(ids).hasSize(3).doesNotHaveDuplicates();
        assertThat(ids.get(0)).isEqualTo(new InstanceId("a1"));
        AgentInstance bruno = find(restored, ids.get(1));
        AgentInstance chen = find(restored, ids.get(2));
        assertThat(bruno.agentId()).isEqualTo(BRUNO);
        assertThat(chen.agentId()).isEqualTo(CHEN);
        assertThat(bruno.behaviour()).isEqualTo(Behaviour.STATIONARY);
        for (AgentInstance placed : List.of(bruno, chen)) {
            assertThat(placed.position().distanceTo(new Point(0, 0))).isGreaterThanOrEqualTo(Placement.SPACING * 0.9)
                    .isLessThan(Placement.SPACING * 4);
        }
        assertThat(bruno.position().distanceTo(chen.position())).isEqualTo(Placement.SPACING);
    }

    @Test
    void aConversationWithAVanishedAgentGetsNoInstancesSoResumeCanEndIt() {
        CanvasScene saved = scene(List.of(), Map.of());

        CanvasScene restored = SceneRestore.placeParticipants(saved,
                List.of(new SceneRestore.Resumable(conversation, List.of(ADA, BRUNO))), Set.of(ADA)::contains);

        assertThat(restored.instances()).isEmpty();
        assertThat(restored.conversationInstances()).doesNotContainKey(conversation);
    }

    @Test
    void aStaleMappingToAnInstanceThatWasRemovedFallsBackToAnotherInstanceOfTheAgent() {
        CanvasScene saved = scene(List.of(at("a1", ADA, 0, 0), at("b9", BRUNO, 300, 0)),
                Map.of(conversation, List.of(new InstanceId("a1"), new InstanceId("b-gone"))));

        CanvasScene restored = SceneRestore.placeParticipants(saved,
                List.of(new SceneRestore.Resumable(conversation, List.of(ADA, BRUNO))), agent -> true);

        assertThat(restored.conversationInstances().get(conversation))
                .containsExactly(new InstanceId("a1"), new InstanceId("b9"));
        assertThat(restored.instances()).hasSize(2);
    }

    private static AgentInstance find(CanvasScene scene, InstanceId id) {
        return scene.instances().stream().filter(instance -> instance.id().equals(id)).findFirst().orElseThrow();
    }
}
