package dev.workshop.ui.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.ModelEndpoint;
import dev.workshop.domain.canvas.Camera;
import dev.workshop.domain.canvas.CanvasScene;
import dev.workshop.domain.canvas.SceneSettings;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.fsm.AgentState;
import dev.workshop.gateway.openai.FakeChatServer;
import dev.workshop.orchestration.Heard;
import dev.workshop.orchestration.LoopEvent;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The mark of an agent whose turn failed a conversation: shown, kept over a restart, and taken away. */
class CanvasFailureMarksTest extends CanvasFixture {
    /**
     * Ann, an agent of {@code server}, placed at the origin: her key is read from FAKE_KEY, which tests leave
     * unset, so every turn of hers fails before it reaches the server (which would refuse her first call too).
     */
    private AgentNodeModel placeAnnWhoseKeyIsRefused(FakeChatServer server) {
        return placeAnn(server, "FAKE_KEY");
    }

    /** Ann, an agent of {@code server} that needs no key, placed at the origin; her first call is refused. */
    private AgentNodeModel placeAnnWhoseFirstCallIsRefused(FakeChatServer server) {
        return placeAnn(server, "");
    }

    private AgentNodeModel placeAnn(FakeChatServer server, String keyVariable) {
        refuseTheKey(server);
        AgentId remote = workspace.agentDirectory().save(new AgentDefinition(new AgentId("remote-ann"), "Ann",
                "You are Ann, a helpful colleague.", AgentDefinition.OPENAI_COMPATIBLE, "model-ann", null,
                new ModelEndpoint(server.baseUrl(), 0.7, 256, keyVariable))).id();
        fx.run(() -> canvas.refreshPalette());
        return place(remote, 0, 0);
    }

    private static void refuseTheKey(FakeChatServer server) {
        server.then(FakeChatServer.status(401, "{\"error\":{\"message\":\"Incorrect API key provided\"}}", null));
    }

    @Test
    void theAgentWhoseTurnFailedIsMarkedUntilTheConversationIsDeleted() throws Exception {
        try (FakeChatServer server = new FakeChatServer()) {
            AgentNodeModel ann = placeAnnWhoseKeyIsRefused(server);
            AgentNodeModel ada = place(ADA, 200, 0);

            fx.run(() -> canvas.conversations().start(List.of(ann, ada), "Plan a launch", 4));

            loopsDone();
            assertThat(fx.call(() -> ann.mark())).isEqualTo(AgentMark.FAILED);
            assertThat(fx.call(() -> ada.mark())).as("only the agent whose turn failed").isEqualTo(AgentMark.NONE);
            ConversationId id = workspace.engine().conversations().getFirst().id();
            workspace.engine().delete(id, Duration.ofSeconds(5));
            fx.settle();
            assertThat(fx.call(() -> ann.mark())).isEqualTo(AgentMark.NONE);
        }
    }

    @Test
    void theErrorMarkOfAFailedConversationComesBackAfterARestartUntilItsAgentStartsAgain() throws Exception {
        try (FakeChatServer server = new FakeChatServer()) {
            AgentNodeModel ann = placeAnnWhoseKeyIsRefused(server);
            AgentNodeModel ada = place(ADA, 200, 0);
            fx.run(() -> canvas.conversations().start(List.of(ann, ada), "Plan a launch", 4));
            loopsDone();
            assertThat(fx.call(() -> ann.mark())).isEqualTo(AgentMark.FAILED);
            ConversationId failed = workspace.engine().conversations().getFirst().id();
            assertThat(workspace.engine().state(failed).orElseThrow().status()).isEqualTo(ConversationStatus.FAILED);

            restartCanvas();
            assertThat(fx.call(() -> canvas.find(ann.id()).orElseThrow().mark())).as("shown again after a restart")
                    .isEqualTo(AgentMark.FAILED);
            assertThat(fx.call(() -> canvas.find(ada.id()).orElseThrow().mark())).isEqualTo(AgentMark.NONE);
            // Her menu leads to the conversation whose error she shows; Ada's, at rest, to none.
            assertThat(fx.call(() -> canvas.waysOut().conversationOf(canvas.find(ann.id()).orElseThrow()))).contains(failed);
            assertThat(fx.call(() -> canvas.waysOut().conversationOf(canvas.find(ada.id()).orElseThrow()))).isEmpty();

            // Ann starts something else: the error is behind her, and a restart does not bring it back.
            AgentNodeModel annAgain = fx.call(() -> canvas.find(ann.id()).orElseThrow());
            AgentNodeModel adaAgain = fx.call(() -> canvas.find(ada.id()).orElseThrow());
            refuseTheKey(server);
            fx.run(() -> canvas.conversations().start(List.of(adaAgain, annAgain), "Plan a party", 2));
            loopsDone();
            assertThat(workspace.engine().conversations()).hasSize(2)
                    .allSatisfy(state -> assertThat(state.status().isFinal()).isTrue());
            assertThat(fx.call(() -> annAgain.mark())).isEqualTo(AgentMark.FAILED);
            ConversationId party = workspace.engine().conversations().stream()
                    .filter(state -> !state.id().equals(failed)).findFirst().orElseThrow().id();
            workspace.engine().delete(party, Duration.ofSeconds(5));
            fx.settle();
            assertThat(fx.call(() -> annAgain.mark())).isEqualTo(AgentMark.NONE);

            restartCanvas();
            assertThat(fx.call(() -> canvas.find(ann.id()).orElseThrow().mark()))
                    .as("the first failure was cleared when her next conversation started").isEqualTo(AgentMark.NONE);
        }
    }

    @Test
    void anAgentInTwoConversationsShowsTheOneUnderWayAndTheOtherOnesErrorOnceThatOneEnds() throws Exception {
        reopenWithSlowReplies();
        try (FakeChatServer server = new FakeChatServer()) {
            AnnInTwo two = annFailsInOneConversationWhileTheOtherGoesOn(server);
            AgentNodeModel ann = two.ann();
            assertThat(fx.call(() -> ann.conversations())).doesNotContain(two.launch());

            assertThat(fx.call(() -> ann.mark())).as("the picnic, under way, has her attention").isEqualTo(AgentMark.NONE);
            assertThat(fx.call(() -> ann.state())).as("Ada is writing in the picnic; Ann's failed turn is over")
                    .isEqualTo(AgentState.READING);
            assertThat(fx.call(() -> canvas.waysOut().conversationOf(ann))).contains(two.picnic());

            workspace.engine().abort(two.picnic(), dev.workshop.orchestration.AbortOutcome.COMPLETE);

            loopsDone();
            assertThat(fx.call(() -> ann.mark())).isEqualTo(AgentMark.FAILED);
            assertThat(fx.call(() -> canvas.waysOut().conversationOf(ann))).as("her menu leads to the failure").contains(two.launch());
            assertThat(fx.call(() -> two.ada().mark())).isEqualTo(AgentMark.NONE);
            assertThat(fx.call(() -> two.bruno().mark())).as("only the agent whose turn failed").isEqualTo(AgentMark.NONE);
        }
    }

    @Test
    void anotherConversationResumingAfterARestartLeavesTheErrorMarkInPlace() throws Exception {
        reopenWithSlowReplies();
        try (FakeChatServer server = new FakeChatServer()) {
            AnnInTwo two = annFailsInOneConversationWhileTheOtherGoesOn(server);

            // Workshop stops while the picnic is under way; at the next start it resumes.
            restartCanvas();
            assertThat(fx.call(() -> canvas.find(two.ann().id()).orElseThrow().mark())).isEqualTo(AgentMark.FAILED);
            assertThat(workspace.engine().resumeInterruptedConversations()).containsExactly(two.picnic());
            loopsDone();
            assertThat(workspace.engine().state(two.picnic()).orElseThrow().status()).isEqualTo(ConversationStatus.COMPLETED);

            AgentNodeModel annNow = fx.call(() -> canvas.find(two.ann().id()).orElseThrow());
            assertThat(fx.call(() -> annNow.conversations())).isEmpty();
            assertThat(fx.call(() -> annNow.mark())).as("the picnic went on; the launch still failed").isEqualTo(AgentMark.FAILED);
            assertThat(fx.call(() -> canvas.waysOut().conversationOf(annNow))).contains(two.launch());
        }
    }

    private record AnnInTwo(AgentNodeModel ann, AgentNodeModel ada, AgentNodeModel bruno, ConversationId picnic,
                            ConversationId launch) {
    }

    /**
     * Ann waits for her turn in a picnic where Ada speaks first (and takes seconds), while her own first turn in
     * a launch with Bruno is refused: returns once the launch has failed.
     */
    private AnnInTwo annFailsInOneConversationWhileTheOtherGoesOn(FakeChatServer server) throws InterruptedException {
        AgentNodeModel ann = placeAnnWhoseFirstCallIsRefused(server);
        AgentNodeModel ada = place(ADA, 200, 0);
        AgentNodeModel bruno = place(BRUNO, 0, 200);
        var picnicStarted = Heard.latch(workspace.engine(), 1, LoopEvent.Started.class::isInstance);
        fx.run(() -> canvas.conversations().start(List.of(ada, ann), "Plan a picnic", 4));
        ConversationId picnic = conversation("Plan a picnic");
        heard(picnicStarted);
        assertThat(fx.call(() -> ann.conversations())).contains(picnic);
        fx.run(() -> canvas.conversations().start(List.of(ann, bruno), "Plan a launch", 4));
        ConversationId launch = conversation("Plan a launch");
        assertThat(workspace.engine().await(launch, Duration.ofSeconds(30))).as("the launch stopped").isTrue();
        fx.settle();
        assertThat(workspace.engine().state(launch).orElseThrow().status().isFinal()).isTrue();
        return new AnnInTwo(ann, ada, bruno, picnic, launch);
    }

    /** The id of the conversation started with {@code task} (the canvas starts it before it returns). */
    private ConversationId conversation(String task) {
        return workspace.engine().conversations().stream().filter(state -> task.equals(state.taskPrompt()))
                .map(ConversationState::id).findFirst().orElseThrow();
    }

    @Test
    void aFailedMarkIsDroppedWhenItsConversationIsNoLongerFailedAtLaunch() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        ConversationId gone = ConversationId.random();
        fx.run(() -> canvas.load(new CanvasScene(List.of(ada.toInstance()), List.of(), Camera.DEFAULT,
                SceneSettings.DEFAULTS, Map.of(), Map.of(gone, List.of(ada.id())))));

        fx.run(() -> canvas.showAtLaunch(List.of()));

        assertThat(fx.call(() -> canvas.find(ada.id()).orElseThrow().mark())).isEqualTo(AgentMark.NONE);
        assertThat(fx.call(() -> canvas.snapshot().failedMarks())).isEmpty();
    }
}
