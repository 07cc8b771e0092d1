package dev.workshop.ui.canvas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.ModelEndpoint;
import dev.workshop.domain.canvas.Behaviour;
import dev.workshop.domain.canvas.Bounds;
import dev.workshop.domain.canvas.Camera;
import dev.workshop.domain.canvas.CanvasScene;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.canvas.Rope;
import dev.workshop.domain.canvas.SceneSettings;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.fsm.AgentState;
import dev.workshop.gateway.openai.FakeChatServer;
import dev.workshop.domain.fsm.AgentTrigger;
import dev.workshop.domain.fsm.Transition;
import dev.workshop.domain.conversation.News;
import dev.workshop.orchestration.Heard;
import dev.workshop.orchestration.LoopEvent;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.ui.fx.Background;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The canvas view-model on a real workspace (H2 + journal + offline agents), without JavaFX nodes. */
class CanvasViewModelTest {
    private static final AgentId ADA = new AgentId("starter-ada");
    private static final AgentId BRUNO = new AgentId("starter-bruno");

    @TempDir
    Path dir;
    private final FxThread fx = new FxThread();
    private final List<Map.Entry<InstanceId, Transition>> transitions = new CopyOnWriteArrayList<>();
    private Workspace workspace;
    private CanvasViewModel canvas;

    @BeforeEach
    void open() {
        workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(150));
        canvas = new CanvasViewModel(workspace, fx.executor(), Background.direct(),
                (instance, transition) -> transitions.add(Map.entry(instance, transition)));
        canvas.connect();
        fx.run(() -> canvas.load(workspace.scene().initialScene()));
    }

    /** Offline replies that take 3 s, so a test sees a conversation while it runs. */
    private void reopenWithSlowReplies() {
        workspace.close();
        workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(3000));
        canvas = new CanvasViewModel(workspace, fx.executor(), Background.direct(),
                (instance, transition) -> transitions.add(Map.entry(instance, transition)));
        canvas.connect();
        fx.run(() -> canvas.load(CanvasScene.EMPTY));
    }

    @AfterEach
    void close() throws InterruptedException {
        if (workspace != null) {
            workspace.close();
        }
        fx.close();
    }

    /**
     * Waits (at most 30 s each) until every conversation's loop has stopped, then lets the canvas take in all they
     * said.
     */
    private void loopsDone() throws InterruptedException {
        for (ConversationState conversation : workspace.engine().conversations()) {
            assertThat(workspace.engine().await(conversation.id(), Duration.ofSeconds(30)))
                    .as("the loop of " + conversation.title() + " stopped").isTrue();
        }
        fx.settle();
    }

    /** Waits until {@code latch} opens (the canvas was told first), then lets the canvas take it in. */
    private void heard(java.util.concurrent.CountDownLatch latch) throws InterruptedException {
        Heard.await(latch);
        fx.settle();
    }

    private AgentNodeModel place(AgentId agent, double x, double y) {
        return fx.call(() -> canvas.edits().place(agent, new Point(x, y)).orElseThrow());
    }

    private CanvasScene reopenedScene() {
        workspace.close();
        workspace = null;
        try (Workspace again = Wiring.openWorkspace(dir)) {
            return again.scene().initialScene();
        }
    }

    @Test
    void aPlacedAgentIsSelectedSavedAndComesBackWithTheSameId() throws Exception {
        AgentNodeModel ada = place(ADA, 120, 80);

        assertThat(fx.call(() -> canvas.selecting().selection())).containsExactly(ada);
        assertThat(ada.state()).isEqualTo(AgentState.IDLE);
        CanvasScene saved = reopenedScene();
        assertThat(saved.instances()).singleElement().satisfies(instance -> {
            assertThat(instance.id()).isEqualTo(ada.id());
            assertThat(instance.position()).isEqualTo(new Point(120, 80));
            assertThat(instance.behaviour()).isEqualTo(Behaviour.STATIONARY);
        });
    }

    @Test
    void anUnknownAgentIsNotPlaced() throws Exception {
        assertThat(fx.call(() -> canvas.edits().place(new AgentId("nobody"), Point.ORIGIN))).isEmpty();
    }

    @Test
    void draggingPicksTheSelectionUpAndPutsItDownAtItsNewHome() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        fx.run(() -> canvas.selecting().selectWithin(new Bounds(-10, -10, 210, 10), false));
        assertThat(fx.call(() -> canvas.selecting().selection())).containsExactly(ada, bruno);

        fx.run(() -> canvas.edits().pickUp(List.of(ada, bruno)));
        assertThat(ada.state()).isEqualTo(AgentState.DRAGGED);
        fx.run(() -> canvas.edits().dragBy(Map.of(ada, new Point(0, 0), bruno, new Point(200, 0)), 50, 25));
        fx.run(() -> canvas.edits().putDown(List.of(ada, bruno)));

        assertThat(ada.state()).isEqualTo(AgentState.IDLE);
        assertThat(ada.home()).isEqualTo(new Point(50, 25));
        assertThat(bruno.home()).isEqualTo(new Point(250, 25));
        assertThat(reopenedScene().instances()).extracting(instance -> instance.position())
                .containsExactly(new Point(50, 25), new Point(250, 25));
    }

    @Test
    void aWanderingAgentStrolsNearHomeWithoutMovingItsSavedSpot() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        fx.run(() -> canvas.edits().setBehaviour(List.of(ada), Behaviour.WANDER));
        assertThat(ada.state()).isEqualTo(AgentState.WANDERING);

        fx.run(() -> {
            for (int i = 0; i < 120; i++) {
                canvas.advance(1 / 60.0);
            }
        });

        assertThat(ada.position()).isNotEqualTo(Point.ORIGIN);
        assertThat(ada.position().distanceTo(Point.ORIGIN)).isLessThanOrEqualTo(AgentNodeModel.WANDER_RADIUS + 1);
        assertThat(ada.home()).isEqualTo(Point.ORIGIN);
    }

    @Test
    void ropesTieTwoAgentsTakeANewLabelAndGoWithTheirAgent() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);

        Rope rope = fx.call(() -> canvas.edits().link(ada.id(), bruno.id(), "mentors"));
        fx.call(() -> canvas.edits().link(bruno.id(), ada.id(), "argues with"));

        assertThat(fx.call(() -> List.copyOf(canvas.ropes()))).singleElement().satisfies(only -> {
            assertThat(only.id()).isEqualTo(rope.id());
            assertThat(only.label()).isEqualTo("argues with");
        });
        assertThatThrownBy(() -> new Rope("r", ada.id(), bruno.id(), "x".repeat(61)))
                .hasMessageContaining("at most 60 characters");
        fx.run(() -> canvas.edits().remove(List.of(bruno)));
        assertThat(fx.call(() -> List.copyOf(canvas.ropes()))).isEmpty();
    }

    @Test
    void aRopeCanBeRenamedAndCutOnItsOwn() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        Rope rope = fx.call(() -> canvas.edits().link(ada.id(), bruno.id(), "mentors"));

        fx.run(() -> canvas.edits().relabel(rope.id(), "coaches"));
        assertThat(fx.call(() -> canvas.ropes().get(0).label())).isEqualTo("coaches");
        fx.run(() -> canvas.edits().removeRope(rope.id()));

        assertThat(fx.call(() -> List.copyOf(canvas.ropes()))).isEmpty();
        assertThat(fx.call(() -> List.copyOf(canvas.agents()))).containsExactly(ada, bruno);
        assertThat(reopenedScene().ropes()).isEmpty();
    }

    @Test
    void duplicatingMakesANewAgentLikeTheOriginalPlacedClearOfItAndSelectsIt() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        fx.run(() -> canvas.edits().setBehaviour(List.of(ada), Behaviour.PATROL));

        fx.run(() -> canvas.edits().duplicate(List.of(ada)));
        fx.settle();
        assertThat(fx.call(() -> canvas.agents().size())).isEqualTo(2);

        AgentNodeModel copy = fx.call(() -> canvas.agents().get(1));
        AgentDefinition original = workspace.agentDirectory().find(ADA).orElseThrow();
        AgentDefinition made = workspace.agentDirectory().find(copy.agentId()).orElseThrow();
        assertThat(copy.agentId()).as("a new agent, not the same one twice").isNotEqualTo(ADA);
        assertThat(made.name()).isEqualTo("Ada 2");
        assertThat(copy.name()).isEqualTo("Ada 2");
        assertThat(made.persona()).isEqualTo(original.persona());
        assertThat(made.model()).isEqualTo(original.model());
        assertThat(made.avatarColor()).as("a colour of its own").isNotEqualTo(original.avatarColor());
        assertThat(copy.home().distanceTo(ada.home())).as("clear of the original's label")
                .isGreaterThanOrEqualTo(dev.workshop.domain.canvas.Placement.SPACING);
        assertThat(copy.behaviourProperty().get()).isEqualTo(Behaviour.PATROL);
        assertThat(fx.call(() -> canvas.selecting().selection())).containsExactly(copy);
        assertThat(fx.call(() -> canvas.palette().stream().map(AgentDefinition::name).toList())).contains("Ada 2");
        assertThat(reopenedScene().instances()).hasSize(2);

        fx.run(() -> canvas.edits().duplicate(List.of(copy)));
        fx.settle();
        assertThat(fx.call(() -> canvas.agents().size())).isEqualTo(3);
        assertThat(fx.call(() -> canvas.agents().get(2).name())).as("a copy of a copy").isEqualTo("Ada 3");
    }

    @Test
    void aConversationStartedHereIsHandedOnOnceStoredAndATaskToo() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        List<ConversationId> shown = new java.util.concurrent.CopyOnWriteArrayList<>();
        fx.run(() -> canvas.waysOut().setOnShowConversation(shown::add));

        fx.run(() -> canvas.conversations().start(List.of(ada, bruno), "Name a cat", 2));
        fx.run(() -> canvas.conversations().start(List.of(ada), "Name a dog", 1));

        fx.settle();
        assertThat(shown).hasSize(2);
        assertThat(shown).allSatisfy(id -> assertThat(workspace.engine().state(id)).as("stored before it is shown")
                .isPresent());
        assertThat(shown).extracting(id -> workspace.engine().state(id).orElseThrow().task().orElse(""))
                .containsExactlyInAnyOrder("Name a cat", "Name a dog");
    }

    @Test
    void noticesNameAConversationByItsTitleAndFallBackToItsId() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        fx.run(() -> canvas.waysOut().setTitleLookup(id -> java.util.Optional.of(
                "A title far longer than any status bar should have to carry")));
        fx.run(() -> canvas.conversations().start(List.of(ada, bruno), "Name a cat", 2));

        loopsDone();
        assertThat(fx.call(() -> canvas.noticeProperty().get()))
                .isEqualTo("\u201cA title far longer than any status bar…\u201d completed: All 2 turns were taken");

        fx.run(() -> canvas.waysOut().setTitleLookup(id -> java.util.Optional.empty()));
        fx.run(() -> canvas.conversations().start(List.of(ada, bruno), "Name a dog", 2));
        loopsDone();
        ConversationId dog = fx.call(() -> workspace.engine().conversations().stream()
                .filter(conversation -> conversation.task().orElse("").equals("Name a dog")).findFirst().orElseThrow().id());
        assertThat(fx.call(() -> canvas.noticeProperty().get()))
                .isEqualTo("Conversation " + dog.value().substring(0, 8) + " completed: All 2 turns were taken");
    }

    @Test
    void aConversationWaitingForYouKeepsItsRopeAndItsAgentsAfterARestart() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        AgentNodeModel chen = place(new AgentId("starter-chen"), 400, 0);
        fx.run(() -> canvas.conversations().start(List.of(ada, bruno), "Name a dog", 6, true));
        loopsDone();
        assertThat(workspace.engine().conversations()).singleElement()
                .satisfies(state -> assertThat(state.status()).isEqualTo(ConversationStatus.WAITING));
        assertThat(fx.call(() -> ada.mark())).isEqualTo(AgentMark.WAITING_FOR_YOU);
        assertThat(fx.call(() -> bruno.mark())).isEqualTo(AgentMark.WAITING_FOR_YOU);

        // Closing writes the scene, with the instances the conversation runs on.
        restartCanvas();
        List<ConversationState> waiting = workspace.engine().conversations();

        assertThat(fx.call(() -> List.copyOf(canvas.links()))).singleElement().satisfies(link -> {
            assertThat(link.id()).isEqualTo(waiting.getFirst().id());
            assertThat(link.participants()).containsExactly(ada.id(), bruno.id());
        });
        assertThat(fx.call(() -> canvas.find(ada.id()).orElseThrow().state())).isEqualTo(AgentState.CONVERSING);
        assertThat(fx.call(() -> canvas.find(ada.id()).orElseThrow().mark())).as("shown as waiting for you")
                .isEqualTo(AgentMark.WAITING_FOR_YOU);
        assertThat(fx.call(() -> canvas.find(chen.id()).orElseThrow().state())).isEqualTo(AgentState.IDLE);
        assertThat(fx.call(() -> canvas.find(chen.id()).orElseThrow().mark())).isEqualTo(AgentMark.NONE);
    }

    @Test
    void aRestoredConversationPausedBeforeAnAgentsTurnIsNotShownAsWaitingForYou() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        var firstMessage = Heard.latch(workspace.engine(), 1, event -> !Heard.messages(event).isEmpty());
        fx.run(() -> canvas.conversations().start(List.of(ada, bruno), "Name a dog", 6));
        heard(firstMessage);
        ConversationId id = workspace.engine().conversations().getFirst().id();
        workspace.engine().abort(id, dev.workshop.orchestration.AbortOutcome.INTERRUPT);
        loopsDone();
        assertThat(fx.call(() -> List.copyOf(canvas.links()))).isEmpty();
        workspace.engine().restore(id);
        ConversationState paused = workspace.engine().state(id).orElseThrow();
        assertThat(paused.status()).isEqualTo(ConversationStatus.WAITING);

        fx.run(() -> canvas.showAtLaunch(List.of(paused)));

        assertThat(fx.call(() -> List.copyOf(canvas.links()))).as("nothing is under way").isEmpty();
        assertThat(fx.call(() -> ada.mark())).isEqualTo(AgentMark.NONE);
        assertThat(fx.call(() -> bruno.mark())).isEqualTo(AgentMark.NONE);
    }

    @Test
    void agentsBeyondTheConcurrencyLimitAreMarkedQueuedUntilASlotFrees() throws Exception {
        reopenWithSlowReplies();
        List<List<AgentNodeModel>> pairs = new java.util.ArrayList<>();
        java.util.Set<ConversationId> queued = java.util.concurrent.ConcurrentHashMap.newKeySet();
        var queuedHeard = Heard.latch(workspace.engine(), 1, event -> Heard.news(event).flatMap(News::status)
                .filter(status -> status == ConversationStatus.QUEUED).isPresent() && queued.add(event.conversationId()));
        for (int i = 0; i < 4; i++) {
            List<AgentNodeModel> pair = List.of(place(ADA, i * 300, 0), place(BRUNO, i * 300 + 150, 0));
            pairs.add(pair);
            fx.run(() -> canvas.conversations().start(pair, "Name a dog", 4));
            assertThat(workspace.engine().conversations()).hasSize(pairs.size());
        }
        heard(queuedHeard);
        var slotFreed = Heard.latch(workspace.engine(), 1,
                event -> event instanceof LoopEvent.Started && queued.contains(event.conversationId()));
        assertThat(fx.call(() -> pairs.get(3).get(0).mark())).isEqualTo(AgentMark.QUEUED);
        assertThat(fx.call(() -> pairs.get(3).get(1).mark())).isEqualTo(AgentMark.QUEUED);
        assertThat(fx.call(() -> pairs.get(0).get(0).mark())).isEqualTo(AgentMark.NONE);

        ConversationId first = workspace.engine().conversations().stream()
                .filter(state -> state.status() == ConversationStatus.ACTIVE).findFirst().orElseThrow().id();
        workspace.engine().abort(first, dev.workshop.orchestration.AbortOutcome.COMPLETE);

        heard(slotFreed);
        assertThat(fx.call(() -> pairs.get(3).get(0).mark())).isEqualTo(AgentMark.NONE);
        assertThat(fx.call(() -> pairs.get(3).get(0).state())).isNotEqualTo(AgentState.IDLE);
    }

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

    /** Closes the workspace (which saves the scene) and opens it again with a new canvas, as a restart does. */
    private void restartCanvas() {
        workspace.close();
        workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(150));
        canvas = new CanvasViewModel(workspace, fx.executor(), Background.direct(), (instance, transition) -> { });
        canvas.connect();
        List<ConversationState> stored = workspace.engine().conversations();
        fx.run(() -> {
            canvas.load(workspace.scene().initialScene());
            canvas.showAtLaunch(stored);
        });
    }

    @Test
    void theStateMachinesFollowTheConversationAndTheBubblesShowWhatWasSaid() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);

        fx.run(() -> canvas.conversations().start(List.of(ada, bruno), "Name a cat", 4));

        loopsDone();
        assertThat(fx.call(() -> ada.state())).isEqualTo(AgentState.COOLDOWN);
        assertThat(fx.call(() -> bruno.state())).isEqualTo(AgentState.COOLDOWN);
        assertThat(triggersOf(ada)).containsSubsequence(AgentTrigger.CONVERSATION_START, AgentTrigger.TURN_START,
                AgentTrigger.TURN_END, AgentTrigger.OTHER_TURN_START, AgentTrigger.TURN_END, AgentTrigger.TURN_START,
                AgentTrigger.TURN_END, AgentTrigger.OTHER_TURN_START, AgentTrigger.TURN_END,
                AgentTrigger.CONVERSATION_END);
        assertThat(fx.call(() -> bruno.bubbleProperty().get())).isNotEmpty().hasSizeLessThanOrEqualTo(120);
        assertThat(fx.call(() -> List.copyOf(canvas.links()))).isEmpty();
        // Each bubble knows its message, so a click on it can open that message in the sidebar.
        ConversationId id = fx.call(() -> workspace.engine().conversations().getFirst().id());
        List<MessageRef> opened = new java.util.ArrayList<>();
        fx.run(() -> {
            canvas.waysOut().setOnOpenMessage(opened::add);
            canvas.waysOut().openBubble(bruno);
            canvas.waysOut().openBubble(ada);
        });
        assertThat(opened).containsExactly(new MessageRef(id, 3), new MessageRef(id, 2));

        fx.run(() -> canvas.advance(CanvasViewModel.COOLDOWN_SECONDS + 0.1));
        assertThat(ada.state()).isEqualTo(AgentState.IDLE);
        fx.run(() -> canvas.advance(CanvasViewModel.BUBBLE_SECONDS));
        assertThat(bruno.bubbleProperty().get()).isEmpty();
        // A bubble gone has nothing to open.
        fx.run(() -> canvas.waysOut().openBubble(bruno));
        assertThat(opened).hasSize(2);
    }

    @Test
    void whileAConversationRunsItIsLinkedOnTheCanvasWithTheSpeakerMarked() throws Exception {
        reopenWithSlowReplies();
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);

        var adaAsked = Heard.latch(workspace.engine(), 1, event -> !Heard.turnStarts(List.of(event)).isEmpty());
        fx.run(() -> canvas.conversations().start(List.of(ada, bruno), "Name a dog", 4));

        heard(adaAsked);
        assertThat(fx.call(() -> ada.state())).isEqualTo(AgentState.THINKING);
        assertThat(bruno.state()).isEqualTo(AgentState.READING);
        assertThat(fx.call(() -> List.copyOf(canvas.links()))).singleElement().satisfies(link -> {
            assertThat(link.participants()).containsExactly(ada.id(), bruno.id());
            assertThat(link.speaker()).contains(ada.id());
            assertThat(link.resumed()).isFalse();
        });
    }

    @Test
    void removingAnAgentThatIsTalkingEndsItsConversationAsCompletedWithTheReason() throws Exception {
        reopenWithSlowReplies();
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        var started = Heard.latch(workspace.engine(), 1, LoopEvent.Started.class::isInstance);
        fx.run(() -> canvas.conversations().start(List.of(ada, bruno), "Name a dog", 6));
        heard(started);
        var conversation = fx.call(() -> canvas.edits().conversationsOf(List.of(bruno))).iterator().next();

        fx.run(() -> canvas.edits().remove(List.of(bruno)));

        loopsDone();
        assertThat(workspace.engine().state(conversation).orElseThrow().status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(workspace.engine().state(conversation).orElseThrow().statusReason())
                .isEqualTo("Agent Bruno was removed from the canvas");
        assertThat(fx.call(() -> ada.state())).isEqualTo(AgentState.COOLDOWN);
        assertThat(fx.call(() -> canvas.noticeProperty().get())).contains("removed from the canvas");
    }

    @Test
    void selectAllPicksEveryAgentAndIsNotAnUndoStep() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);

        fx.run(() -> canvas.selecting().selectAll());

        assertThat(fx.call(() -> canvas.selecting().selection())).containsExactly(ada, bruno);
        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).isEqualTo("add Bruno");
    }

    @Test
    void tabStepsThroughTheAgentsInReadingOrderAndLetsGoAfterTheLast() throws Exception {
        AgentNodeModel right = place(ADA, 400, 0);
        AgentNodeModel left = place(BRUNO, 0, 10);
        AgentNodeModel below = place(ADA, 0, 300);
        fx.run(() -> canvas.selecting().clearSelection());

        assertThat(fx.call(() -> canvas.selecting().selectNext(false))).contains(left);
        assertThat(fx.call(() -> canvas.selecting().selectNext(false))).as("same row, further right").contains(right);
        assertThat(fx.call(() -> canvas.selecting().selectNext(false))).contains(below);
        assertThat(fx.call(() -> canvas.selecting().selection())).containsExactly(below);
        assertThat(fx.call(() -> canvas.selecting().selectNext(false))).as("past the last: the focus may move on").isEmpty();
        assertThat(fx.call(() -> canvas.selecting().selection())).isEmpty();

        assertThat(fx.call(() -> canvas.selecting().selectNext(true))).as("Shift+Tab starts from the end").contains(below);
        assertThat(fx.call(() -> canvas.selecting().selectNext(true))).contains(right);
        fx.run(() -> canvas.selecting().selectAll());
        assertThat(fx.call(() -> canvas.selecting().selectNext(false))).as("from the last of several selected").isEmpty();
        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).as("selecting is no step").isEqualTo("add Ada");
    }

    @Test
    void startingAgainUsesTheAgentsOnTheCanvasAndPlacesTheOthersInOneStepInTheOrderTheySpoke() throws Exception {
        AgentNodeModel bruno = place(BRUNO, 400, 0);
        List<Participant> wanted = List.of(new Participant(ADA, "Ada"), new Participant(BRUNO, "Bruno"),
                new Participant(new AgentId("gone"), "Gwen"));

        List<AgentNodeModel> chosen = fx.call(() -> canvas.edits().placedFor(wanted, new Point(0, 0)));

        assertThat(chosen).hasSize(2);
        assertThat(chosen.get(0).agentId()).isEqualTo(ADA);
        assertThat(chosen.get(1)).as("the one already there").isSameAs(bruno);
        assertThat(fx.call(() -> canvas.agents().size())).isEqualTo(2);
        assertThat(fx.call(() -> canvas.selecting().selection())).containsExactlyInAnyOrderElementsOf(chosen);
        assertThat(fx.call(() -> canvas.noticeProperty().get())).isEqualTo("No longer an agent here: Gwen");
        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).isEqualTo("add Ada");
        assertThat(fx.call(() -> canvas.edits().placedFor(wanted.subList(0, 2), new Point(0, 0))))
                .as("both there now: nothing more placed").containsExactlyElementsOf(chosen);
        assertThat(fx.call(() -> canvas.agents().size())).isEqualTo(2);
    }

    @Test
    void theKeyboardMovesTheSelectionOneGridStepAtATimeEachAStep() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 40);
        fx.run(() -> canvas.selecting().selectAll());

        fx.run(() -> canvas.edits().nudgeSelection(1, 0));
        fx.run(() -> canvas.edits().nudgeSelection(0, -1));

        assertThat(ada.home()).isEqualTo(new Point(40, -40));
        assertThat(bruno.home()).isEqualTo(new Point(240, 0));
        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).isEqualTo("move Ada and Bruno");
        assertThat(fx.call(() -> canvas.steps().undo())).isTrue();
        assertThat(ada.home()).as("one press, one step").isEqualTo(new Point(40, 0));
        fx.run(() -> canvas.selecting().clearSelection());
        fx.run(() -> canvas.edits().nudgeSelection(1, 0));
        assertThat(ada.home()).as("nothing selected, nothing moves").isEqualTo(new Point(40, 0));
    }

    @Test
    void oneDragIsOneStepThatUndoAndRedoTakeBackAndForthAndTheSavedSceneFollows() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        fx.run(() -> canvas.edits().pickUp(List.of(ada)));
        fx.run(() -> canvas.edits().dragBy(Map.of(ada, new Point(0, 0)), 10, 0));
        fx.run(() -> canvas.edits().dragBy(Map.of(ada, new Point(0, 0)), 50, 25));
        fx.run(() -> canvas.edits().putDown(List.of(ada)));
        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).isEqualTo("move Ada");

        assertThat(fx.call(() -> canvas.steps().undo())).isTrue();
        assertThat(ada.home()).isEqualTo(new Point(0, 0));
        assertThat(ada.position()).isEqualTo(new Point(0, 0));
        assertThat(fx.call(() -> canvas.noticeProperty().get())).isEqualTo("Undone: move Ada");
        assertThat(fx.call(() -> canvas.steps().redoLabelProperty().get())).isEqualTo("move Ada");
        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).isEqualTo("add Ada");

        assertThat(fx.call(() -> canvas.steps().redo())).isTrue();
        assertThat(ada.home()).isEqualTo(new Point(50, 25));
        assertThat(fx.call(() -> canvas.steps().canRedoProperty().get())).isFalse();
        assertThat(reopenedScene().instances()).extracting(instance -> instance.position())
                .containsExactly(new Point(50, 25));
    }

    @Test
    void aClickOnAnAgentWithoutMovingItIsNotAStep() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        fx.run(() -> canvas.edits().pickUp(List.of(ada)));
        fx.run(() -> canvas.edits().putDown(List.of(ada)));
        fx.run(() -> canvas.selecting().select(List.of(ada.id()), false));

        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).isEqualTo("add Ada");
    }

    @Test
    void undoingARemovalBringsTheAgentBackWithItsIdAndRopesAndUndoingTheAddTakesItAway() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        Rope rope = fx.call(() -> canvas.edits().link(ada.id(), bruno.id(), "mentors"));
        fx.run(() -> canvas.edits().remove(List.of(bruno)));
        assertThat(fx.call(() -> canvas.ropes())).isEmpty();

        fx.run(() -> canvas.steps().undo());

        AgentNodeModel back = fx.call(() -> canvas.find(bruno.id())).orElseThrow();
        assertThat(back.home()).isEqualTo(new Point(200, 0));
        assertThat(fx.call(() -> List.copyOf(canvas.ropes()))).containsExactly(rope);
        assertThat(fx.call(() -> canvas.selecting().selection())).containsExactly(back);

        fx.run(() -> canvas.steps().undo());
        assertThat(fx.call(() -> List.copyOf(canvas.ropes()))).isEmpty();
        fx.run(() -> canvas.steps().undo());
        assertThat(fx.call(() -> canvas.find(bruno.id()))).isEmpty();
        assertThat(fx.call(() -> canvas.agents())).containsExactly(ada);
        assertThat(reopenedScene().instances()).extracting(instance -> instance.id()).containsExactly(ada.id());
    }

    @Test
    void theQuickStartPlacesThePalettesFirstTwoAgentsSelectedAsOneStep() throws Exception {
        List<AgentNodeModel> pair = fx.call(() -> canvas.edits().placeStarterPair(new Point(500, 300)));

        assertThat(pair).extracting(AgentNodeModel::name)
                .containsExactlyElementsOf(fx.call(() -> canvas.palette().stream().limit(2).map(agent -> agent.name()).toList()));
        assertThat(pair).extracting(AgentNodeModel::home).containsExactly(new Point(380, 300), new Point(620, 300));
        assertThat(fx.call(() -> canvas.selecting().selection())).containsExactlyElementsOf(pair);
        assertThat(reopenedScene().instances()).hasSize(2);

        fx.run(() -> canvas.steps().undo());
        assertThat(fx.call(() -> canvas.agents())).as("one step takes both off").isEmpty();
    }

    @Test
    void ropeLabelsBehaviourAndDuplicatesAreStepsToo() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        Rope rope = fx.call(() -> canvas.edits().link(ada.id(), bruno.id(), "mentors"));
        fx.run(() -> canvas.edits().relabel(rope.id(), "argues with"));
        fx.run(() -> canvas.edits().setBehaviour(List.of(ada), Behaviour.WANDER));
        fx.run(() -> canvas.edits().duplicate(List.of(ada, bruno)));
        fx.settle();
        assertThat(fx.call(() -> canvas.agents().size())).isEqualTo(4);
        List<AgentNodeModel> copies = fx.call(() -> List.copyOf(canvas.agents().subList(2, 4)));

        // Undoing a Duplicate takes the copies' definitions out of the agent directory first, off the FX thread.
        fx.run(() -> canvas.steps().undo());
        fx.settle();
        assertThat(fx.call(() -> canvas.agents().size())).isEqualTo(2);
        assertThat(fx.call(() -> canvas.agents())).containsExactly(ada, bruno);
        assertThat(fx.call(() -> canvas.find(copies.get(0).id()))).isEmpty();
        fx.run(() -> canvas.steps().undo());
        assertThat(ada.behaviourProperty().get()).isEqualTo(Behaviour.STATIONARY);
        fx.run(() -> canvas.steps().undo());
        assertThat(fx.call(() -> canvas.ropes().get(0).label())).isEqualTo("mentors");
        fx.run(() -> canvas.edits().removeRope(rope.id()));

        assertThat(fx.call(() -> canvas.steps().canRedoProperty().get())).isFalse();
        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).isEqualTo("cut a rope");
    }

    @Test
    void undoNeverTakesOffAnAgentThatIsTalkingAndSaysWhy() throws Exception {
        reopenWithSlowReplies();
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        var started = Heard.latch(workspace.engine(), 1, LoopEvent.Started.class::isInstance);
        fx.run(() -> canvas.conversations().start(List.of(ada, bruno), "Name a dog", 6));
        heard(started);

        assertThat(fx.call(() -> canvas.steps().undo())).isFalse();

        assertThat(fx.call(() -> canvas.find(bruno.id()))).isPresent();
        assertThat(fx.call(() -> canvas.noticeProperty().get()))
                .isEqualTo("Cannot undo \"add Bruno\": Bruno is in a running conversation. Stop it first.");
        assertThat(fx.call(() -> canvas.steps().undoLabelProperty().get())).isEqualTo("add Bruno");
    }

    @Test
    void undoLeavesAloneWhatWasNotAStep() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        // Loading a scene starts a fresh history: what was on it before is not undone.
        fx.run(() -> canvas.load(canvas.snapshot()));
        assertThat(fx.call(() -> canvas.steps().canUndoProperty().get())).isFalse();
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        AgentNodeModel reloadedAda = fx.call(() -> canvas.find(ada.id())).orElseThrow();

        fx.run(() -> canvas.steps().undo());

        assertThat(fx.call(() -> canvas.agents())).containsExactly(reloadedAda);
        assertThat(fx.call(() -> canvas.find(bruno.id()))).isEmpty();
        assertThat(fx.call(() -> canvas.steps().undo())).isFalse();
    }

    @Test
    void withSnapToGridOnAgentsLandOnGridPointsWhenPlacedAndDraggedAndTheSettingIsSaved() throws Exception {
        fx.run(() -> canvas.camera().setSnapToGrid(true));
        AgentNodeModel ada = place(ADA, 55, 61);
        assertThat(ada.home()).isEqualTo(new Point(40, 80));

        fx.run(() -> canvas.edits().pickUp(List.of(ada)));
        fx.run(() -> canvas.edits().dragBy(Map.of(ada, ada.home()), 27, -13));
        assertThat(ada.position()).as("while dragging, where it will land").isEqualTo(new Point(80, 80));
        fx.run(() -> canvas.edits().putDown(List.of(ada)));

        assertThat(ada.home()).isEqualTo(new Point(80, 80));
        CanvasScene saved = reopenedScene();
        assertThat(saved.settings().snapToGrid()).isTrue();
        assertThat(saved.instances()).extracting(instance -> instance.position()).containsExactly(new Point(80, 80));
    }

    @Test
    void theMinimapSettingIsSavedAndCentringMovesTheViewAtTheSameZoom() throws Exception {
        fx.run(() -> canvas.camera().setMinimap(true));
        fx.run(() -> canvas.camera().zoomAt(2, 0, 0));

        fx.run(() -> canvas.camera().centreOn(new Point(1000, 500), 800, 600));

        Camera camera = fx.call(() -> canvas.cameraProperty().get());
        assertThat(camera.zoom()).isEqualTo(2);
        assertThat(camera.toScreen(new Point(1000, 500))).isEqualTo(new Point(400, 300));
        assertThat(reopenedScene().settings().minimap()).isTrue();
    }

    @Test
    void theSystemThemeFollowsWhatTheSystemPrefersAndAChosenThemeDoesNot() throws Exception {
        assertThat(fx.call(() -> canvas.settingsProperty().get().theme())).isEqualTo(SceneSettings.Theme.SYSTEM);
        assertThat(fx.call(() -> canvas.camera().darkProperty().get())).isFalse();

        fx.run(() -> canvas.camera().setSystemPrefersDark(true));
        assertThat(fx.call(() -> canvas.camera().darkProperty().get())).isTrue();

        fx.run(() -> canvas.camera().setTheme(SceneSettings.Theme.LIGHT));
        assertThat(fx.call(() -> canvas.camera().darkProperty().get())).isFalse();
        assertThat(reopenedScene().settings().theme()).isEqualTo(SceneSettings.Theme.LIGHT);
    }

    @Test
    void editAgentAsksTheAppToOpenTheEditorAndARenameOrRecolourThereChangesThePlacedAgents() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel again = place(ADA, 200, 0);
        List<AgentId> edited = new CopyOnWriteArrayList<>();
        fx.run(() -> canvas.waysOut().setOnEditAgent(edited::add));

        fx.run(() -> canvas.waysOut().editAgent(ada));
        var definition = workspace.agentDirectory().find(ADA).orElseThrow();
        workspace.agentDirectory().save(new dev.workshop.domain.agent.AgentDefinition(definition.id(), "Ada Lovelace",
                definition.persona(), definition.provider(), definition.model(), definition.avatarColor()));
        fx.run(() -> canvas.refreshPalette());

        assertThat(edited).containsExactly(ADA);
        assertThat(ada.name()).isEqualTo("Ada Lovelace");
        assertThat(again.name()).isEqualTo("Ada Lovelace");
        assertThat(ada.initials()).isEqualTo("AL");
        assertThat(ada.colour()).isEqualTo("#0969da");

        workspace.agentDirectory().save(new dev.workshop.domain.agent.AgentDefinition(definition.id(), "Ada Lovelace",
                definition.persona(), definition.provider(), definition.model(), "#0E7490"));
        fx.run(() -> canvas.refreshPalette());
        assertThat(ada.colour()).isEqualTo("#0e7490");
        assertThat(again.colour()).isEqualTo("#0e7490");
    }

    @Test
    void anAgentRemovedInTheEditorLeavesTheCanvasWithItsRopes() throws Exception {
        AgentNodeModel ada = place(ADA, 0, 0);
        AgentNodeModel bruno = place(BRUNO, 200, 0);
        fx.run(() -> canvas.edits().link(ada.id(), bruno.id(), "asks"));

        workspace.agentDirectory().remove(BRUNO);
        fx.run(() -> canvas.refreshPalette());

        assertThat(fx.call(() -> List.copyOf(canvas.agents()))).containsExactly(ada);
        assertThat(fx.call(() -> List.copyOf(canvas.ropes()))).isEmpty();
        assertThat(fx.call(() -> canvas.snapshot().instances())).extracting(instance -> instance.agentId())
                .containsExactly(ADA);
    }

    @Test
    void theCameraPansZoomsAndFitsAndIsSaved() throws Exception {
        place(ADA, -400, -100);
        place(BRUNO, 1600, 900);
        fx.run(() -> canvas.camera().pan(100, 50));
        fx.run(() -> canvas.camera().zoomAt(2, 0, 0));
        assertThat(canvas.cameraProperty().get().zoom()).isEqualTo(2);

        fx.run(() -> canvas.fitAll(1000, 700));

        Bounds visible = canvas.cameraProperty().get().visible(1000, 700);
        assertThat(visible.contains(new Point(-400, -100))).isTrue();
        assertThat(visible.contains(new Point(1600, 900))).isTrue();
        double zoom = canvas.cameraProperty().get().zoom();
        assertThat(reopenedScene().camera().zoom()).isEqualTo(zoom);
    }

    private List<AgentTrigger> triggersOf(AgentNodeModel agent) {
        return transitions.stream().filter(entry -> entry.getKey().equals(agent.id()))
                .map(entry -> entry.getValue().trigger()).toList();
    }
}
