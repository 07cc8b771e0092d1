package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.ResumeStarted;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Lifecycle;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.ResumeCause;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.gateway.GatewayRequest;
import dev.workshop.gateway.offline.OfflineGateway;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Resume at launch, with a real store, restarted as the app would be. */
class ResumeTest {
    @TempDir
    Path dir;

    private EngineFixture engine;

    @AfterEach
    void close() {
        if (engine != null) {
            engine.close();
        }
    }

    /** A conversation as a crash would leave it: {@code recorded} messages in strict rotation, maybe a turn in doubt. */
    private ConversationId crashedConversation(List<AgentDefinition> agents, String task, int maxTurns, int recorded,
                                               boolean turnInDoubt) {
        List<Participant> participants = agents.stream().map(a -> new Participant(a.id(), a.name())).toList();
        List<ConversationEvent> events = new ArrayList<>();
        events.add(new ConversationStarted(ConversationKind.CONVERSATION, participants, task, maxTurns));
        for (int turn = 0; turn < recorded; turn++) {
            Participant speaker = participants.get(turn % participants.size());
            events.add(new TurnStarted(turn, speaker.agentId(), false));
            events.add(new MessageRecorded(turn, speaker.agentId(), speaker.name(), "Reply " + turn));
        }
        if (turnInDoubt) {
            events.add(new TurnStarted(recorded, participants.get(recorded % participants.size()).agentId(), false));
        }
        ConversationId id = ConversationId.random();
        engine.append(id, events);
        return id;
    }

    /** What {@code times} restarts leave that each asked turn {@code turn} again and were killed before its reply. */
    private static List<ConversationEvent> killedWhileAsking(int turn, AgentDefinition speaker, int times) {
        List<ConversationEvent> events = new ArrayList<>();
        events.add(new TurnStarted(turn, speaker.id(), false));
        for (int restart = 1; restart <= times; restart++) {
            events.add(new ResumeStarted(restart));
            events.add(new TurnStarted(turn, speaker.id(), true));
        }
        return events;
    }

    private void restartAndResume() throws InterruptedException {
        engine.open();
        engine.engine().resumeInterruptedConversations();
        engine.engine().awaitAll();
    }

    @ParameterizedTest(name = "{0} participants")
    @ValueSource(ints = {2, 3, 5})
    void resumesWithTheSpeakerAfterTheLastRecordedTurnAfterEveryTurnIndex(int size) throws InterruptedException {
        engine = new EngineFixture(dir).open();
        List<AgentDefinition> agents = engine.participants(size);
        int maxTurns = 2 * size + 1;
        for (int recorded = 0; recorded < maxTurns; recorded++) {
            for (boolean inDoubt : new boolean[] {false, true}) {
                engine.open();
                ConversationId id = crashedConversation(agents, "Plan a picnic", maxTurns, recorded, inDoubt);
                restartAndResume();

                List<MessageRecorded> messages = engine.messages(id);
                assertThat(messages).as("%d recorded, in doubt %s", recorded, inDoubt).hasSize(maxTurns);
                for (int turn = 0; turn < maxTurns; turn++) {
                    assertThat(messages.get(turn).turnIndex()).isEqualTo(turn);
                    assertThat(messages.get(turn).speakerId()).as("speaker of turn %d after resuming at %d", turn, recorded)
                            .isEqualTo(agents.get(turn % size).id());
                }
                assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
                int resumedAt = recorded;
                List<Boolean> resumedFlags = engine.history(id).stream().filter(TurnStarted.class::isInstance)
                        .map(e -> ((TurnStarted) e)).filter(t -> t.turnIndex() == resumedAt).map(TurnStarted::resumed)
                        .toList();
                assertThat(resumedFlags).as("turn %d asked again is marked resumed", recorded)
                        .isEqualTo(inDoubt ? List.of(false, true) : List.of(false));
            }
        }
    }

    @Test
    void endsAConversationWhoseAgentNoLongerExists() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        AgentDefinition gone = engine.agents().add(new AgentDefinition(new AgentId("agent-gone"), "Gone", "",
                AgentDefinition.OFFLINE, "", null));
        ConversationId id = crashedConversation(List.of(engine.agents().list().getFirst(), gone), "Plan", 6, 2, false);
        engine.agents().remove(gone.id());

        restartAndResume();

        ConversationState state = engine.state(id);
        assertThat(state.status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(state.statusReason()).isEqualTo("Agent Gone (agent-gone) no longer exists");
        assertThat(engine.messages(id)).hasSize(2);
    }

    @Test
    void aConversationWhoseTurnFailedIsNotAskedAgainAtLaunchAndKeepsItsReason() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        List<AgentDefinition> agents = engine.participants(2);
        ConversationId id = crashedConversation(agents, "Plan", 6, 2, false);
        engine.append(id, killedWhileAsking(2, agents.getFirst(), 3));
        engine.append(id, List.of(new StatusChanged(ConversationStatus.INTERRUPTED, StatusCause.ENDPOINT_UNREACHABLE, "Ann: 127.0.0.1 refused the connection")));

        restartAndResume();

        // Kept as interrupted by an older Workshop: it shows, and waits, as the failure it is.
        ConversationState state = engine.state(id);
        assertThat(Lifecycle.shown(state)).isEqualTo(ConversationStatus.FAILED);
        assertThat(state.statusReason()).isEqualTo("Ann: 127.0.0.1 refused the connection");
        assertThat(engine.messages(id)).hasSize(2);
    }

    @Test
    void aConversationWhoseAgentWasLostWithADamagedListWaitsForItAndGoesOnOnceItIsBack() throws Exception {
        engine = new EngineFixture(dir).open();
        AgentDefinition eve = engine.agents().add(new AgentDefinition(new AgentId("agent-eve"), "Eve", "You review.",
                AgentDefinition.OFFLINE, "", null));
        ConversationId id = crashedConversation(List.of(engine.agents().list().getFirst(), eve), "Plan", 4, 1, false);
        engine.close();
        Path agentsFile = dir.resolve("agents.json");
        byte[] good = java.nio.file.Files.readAllBytes(agentsFile);
        java.nio.file.Files.writeString(agentsFile, "{\"agents\": [{\"id\": \"starter-ada\", \"na");

        restartAndResume();

        ConversationState waiting = engine.state(id);
        assertThat(waiting.status()).isEqualTo(ConversationStatus.FAILED);
        assertThat(waiting.statusCause()).isEqualTo(StatusCause.AGENT_MISSING);
        assertThat(waiting.statusReason()).startsWith("Agent Eve (agent-eve) is missing: the agent list " + agentsFile
                + " could not be read whole (it was moved to ").endsWith("; put the file back or add the agent again,"
                + " then Retry");
        engine.close();
        java.nio.file.Files.write(agentsFile, good);

        restartAndResume();
        assertThat(engine.state(id).status()).as("not asked again by itself").isEqualTo(ConversationStatus.FAILED);
        engine.engine().retry(id);
        engine.engine().awaitAll();

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.messages(id)).extracting(MessageRecorded::speakerName)
                .containsExactly("Ada", "Eve", "Ada", "Eve");
    }

    @Test
    void endsAConversationWithoutATaskPrompt() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        ConversationId id = crashedConversation(engine.participants(2), null, 6, 1, false);

        restartAndResume();

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.state(id).statusReason()).isEqualTo("No task prompt was recorded, so the conversation cannot continue");
        assertThat(engine.messages(id)).hasSize(1);
    }

    @Test
    void takesTheDefaultTurnLimitWhenNoneWasRecorded() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        ConversationId id = crashedConversation(engine.participants(2), "Plan", 0, 2, false);

        restartAndResume();

        assertThat(engine.messages(id)).hasSize(LoopSettings.DEFAULTS.defaultMaxTurns());
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
    }

    @Test
    void completesAConversationThatHadAlreadyTakenAllItsTurns() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        ConversationId id = crashedConversation(engine.participants(2), "Plan", 4, 4, false);

        restartAndResume();

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.state(id).statusReason()).isEqualTo("All 4 turns were already taken");
        assertThat(engine.messages(id)).hasSize(4);
    }

    @Test
    void anAbortDuringResumeStopsItBeforeAnotherTurnIsRecorded() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        ConversationId id = crashedConversation(engine.participants(2), "Plan", 6, 2, false);

        engine.open(EngineFixture.offline(10_000), LoopSettings.DEFAULTS);
        engine.engine().resumeInterruptedConversations();
        engine.engine().abort(id, AbortOutcome.INTERRUPT);
        engine.engine().awaitAll();

        assertThat(engine.messages(id)).hasSize(2);
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.INTERRUPTED);
        assertThat(engine.state(id).statusReason()).isEqualTo("Aborted by the user");
        restartAndResume();
        assertThat(engine.messages(id)).as("a conversation the user aborted is not resumed at launch").hasSize(2);
    }

    @Test
    void eachResumeRecordsWhyItStartedAndOnlyARestartIsAnnouncedAsOne() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        ConversationId crashed = crashedConversation(engine.participants(2), "Plan", 4, 1, false);
        restartAndResume();
        ConversationId stopped = crashedConversation(engine.participants(2), "Name a dog", 4, 1, false);
        engine.append(stopped, List.of(new ConversationEvent.StatusChanged(ConversationStatus.INTERRUPTED,
                StatusCause.USER_ABORTED,
                "Aborted by the user")));
        engine.events().clear();

        assertThat(engine.engine().resume(stopped)).isTrue();
        engine.engine().awaitAll();

        assertThat(engine.history(crashed)).filteredOn(ResumeStarted.class::isInstance)
                .containsExactly(new ResumeStarted(1, ResumeCause.RESTART));
        assertThat(engine.history(stopped)).filteredOn(ResumeStarted.class::isInstance)
                .containsExactly(new ResumeStarted(1, ResumeCause.USER));
        assertThat(engine.events()).filteredOn(LoopEvent.Started.class::isInstance)
                .singleElement().satisfies(started -> assertThat(((LoopEvent.Started) started).resumed())
                        .as("a Resume the user pressed is not \"resumed after restart\"").isFalse());
        assertThat(engine.messages(stopped)).hasSize(4);
    }

    @Test
    void survivesRepeatedRestartsWithTheRightCountAndRotation() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        List<AgentDefinition> agents = engine.participants(3);
        ConversationId id = crashedConversation(agents, "Plan", 12, 1, false);
        for (int restart = 0; restart < 5; restart++) {
            engine.open(EngineFixture.offline(40), LoopSettings.DEFAULTS);
            int before = engine.messages(id).size();
            engine.engine().resumeInterruptedConversations();
            // Each restart gets at least one turn further before it is stopped, as a user quitting would.
            await().atMost(java.time.Duration.ofSeconds(10)).until(() -> engine.messages(id).size() > before);
            // Closing stops the loop as a shutdown would: interrupted, to be resumed at the next launch.
        }
        restartAndResume();

        List<MessageRecorded> messages = engine.messages(id);
        assertThat(messages).hasSize(12);
        for (int turn = 0; turn < 12; turn++) {
            assertThat(messages.get(turn).turnIndex()).isEqualTo(turn);
            assertThat(messages.get(turn).speakerId()).isEqualTo(agents.get(turn % 3).id());
        }
    }

    @Test
    void failsAConversationKilledThreeTimesWhileAskingTheSameTurn() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        List<AgentDefinition> agents = engine.participants(2);
        ConversationId id = crashedConversation(agents, "Plan", 6, 2, false);
        engine.append(id, killedWhileAsking(2, agents.getFirst(), 3));

        restartAndResume();

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.FAILED);
        assertThat(engine.state(id).statusReason()).startsWith("Stopped 3 times in a row while asking turn 3");
        assertThat(engine.messages(id)).hasSize(2);
    }

    @Test
    void countsOnlyUntilTheNextRecordedTurn() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        List<AgentDefinition> agents = engine.participants(2);
        ConversationId id = crashedConversation(agents, "Plan", 4, 1, false);
        engine.append(id, killedWhileAsking(1, agents.get(1), 2));

        restartAndResume();

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.state(id).resumesWithoutProgress()).isZero();
        assertThat(engine.messages(id)).hasSize(4);
    }

    @Test
    void restartsThatNeverAskedATurnAreNotACrashLoop() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        ConversationId id = crashedConversation(engine.participants(2), "Plan", 4, 1, false);
        // Killed five times while it waited in the queue for one of the three places: it never asked a turn.
        for (int restart = 1; restart <= 5; restart++) {
            engine.append(id, List.of(new ResumeStarted(restart), new StatusChanged(ConversationStatus.INTERRUPTED, StatusCause.WORKSHOP_STOPPED, "")));
        }

        restartAndResume();

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.messages(id)).hasSize(4);
    }

    @Test
    void aReplyThatWasStreamingWhenKilledIsNotACrashLoop() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        List<AgentDefinition> agents = engine.participants(2);
        ConversationId id = crashedConversation(agents, "Plan", 4, 1, false);
        // A slow model: each attempt got part of its reply kept before the kill.
        List<ConversationEvent> events = new ArrayList<>(List.of(new TurnStarted(1, agents.get(1).id(), false)));
        for (int restart = 1; restart <= 4; restart++) {
            events.add(new ConversationEvent.ReplyChunk(1, "Part of a long reply " + restart));
            events.add(new ResumeStarted(restart));
            events.add(new TurnStarted(1, agents.get(1).id(), true));
        }
        engine.append(id, events);

        restartAndResume();

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.messages(id)).hasSize(4);
    }

    @Test
    void theUserCanRetryAConversationTheGuardStopped() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        List<AgentDefinition> agents = engine.participants(2);
        ConversationId id = crashedConversation(agents, "Plan", 4, 2, false);
        engine.append(id, killedWhileAsking(2, agents.getFirst(), 3));
        restartAndResume();
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.FAILED);

        engine.engine().retry(id);
        engine.engine().awaitAll();

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.messages(id)).extracting(MessageRecorded::turnIndex).containsExactly(0, 1, 2, 3);
    }

    @Test
    void aResumedLongConversationPromptsWithItsLastMessagesInOrder() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        ConversationId id = crashedConversation(engine.participants(2), "Plan a picnic", 22, 20, false);
        List<GatewayRequest> asked = new CopyOnWriteArrayList<>();
        OfflineGateway offline = new OfflineGateway(0);
        engine.open(agent -> (request, tokens) -> {
            asked.add(request);
            return offline.reply(request, tokens);
        }, LoopSettings.DEFAULTS.withMessageWindow(3));

        engine.engine().resumeInterruptedConversations();
        engine.engine().awaitAll();

        assertThat(engine.messages(id)).hasSize(22);
        String first = asked.getFirst().prompt().user();
        String window = first.substring(first.indexOf("Recent exchanges:"), first.indexOf("\nThe previous reply"));
        assertThat(window.lines().skip(1).toList()).containsExactly("Bruno: Reply 17", "Ada: Reply 18", "Bruno: Reply 19");
        assertThat(first).contains("The previous reply, from Bruno, was:\nReply 19");
        // The window moves on with the turns the resumed loop records itself.
        String second = asked.get(1).prompt().user();
        assertThat(second).contains("Ada: Reply 18\nBruno: Reply 19\nAda: ").doesNotContain("Reply 17");
    }
}
