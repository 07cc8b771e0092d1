package dev.workshop.orchestration;

import static dev.workshop.gateway.openai.FakeChatServer.cutAfter;
import static dev.workshop.gateway.openai.FakeChatServer.malformedChunk;
import static dev.workshop.gateway.openai.FakeChatServer.slowFirstToken;
import static dev.workshop.gateway.openai.FakeChatServer.status;
import static dev.workshop.gateway.openai.FakeChatServer.stream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.ModelEndpoint;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatistics;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.gateway.GatewayResolver;
import dev.workshop.gateway.openai.FakeChatServer;
import dev.workshop.gateway.openai.HttpPolicy;
import dev.workshop.gateway.openai.OpenAiCompatibleGateway;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Conversations through the OpenAI-compatible adapter, against a real HTTP server speaking the wire format. */
class HttpConversationTest {
    /** Short waits for a local server: the tests of the OpenAI adapter's conversations share them. */
    static final HttpPolicy FAST = new HttpPolicy(Duration.ofSeconds(2), Duration.ofMillis(700),
            Duration.ofSeconds(10), 2, Duration.ofMillis(20), Duration.ofMillis(200));
    private static final Map<String, String> ENVIRONMENT = Map.of("FAKE_KEY", "sk-test-123");

    @TempDir
    Path dir;

    private FakeChatServer server;
    private EngineFixture engine;

    @BeforeEach
    void start() throws Exception {
        server = new FakeChatServer();
    }

    @AfterEach
    void stop() {
        if (engine != null) {
            engine.close();
        }
        server.close();
    }

    private GatewayResolver http() {
        OpenAiCompatibleGateway gateway = new OpenAiCompatibleGateway(FAST, ENVIRONMENT::get);
        return agent -> gateway;
    }

    private List<AgentId> remoteAgents(String... names) {
        return java.util.Arrays.stream(names).map(name -> engine.agents().add(new AgentDefinition(
                new AgentId("remote-" + name.toLowerCase()), name, "You are " + name + ", a helpful colleague.",
                AgentDefinition.OPENAI_COMPATIBLE, "model-" + name.toLowerCase(), null,
                new ModelEndpoint(server.baseUrl(), 0.7, 256, "FAKE_KEY"))).id()).toList();
    }

    private ConversationId converse(int turns, String... names) throws InterruptedException {
        engine = new EngineFixture(dir).open(http(), LoopSettings.DEFAULTS);
        List<AgentId> agents = remoteAgents(names);
        ConversationId id = agents.size() == 1
                ? engine.engine().assignTask(agents.getFirst(), "Plan a launch", OptionalInt.of(turns))
                : engine.engine().startConversation(agents, "Plan a launch", OptionalInt.of(turns));
        engine.engine().awaitAll();
        return id;
    }

    @Test
    void threeRemoteAgentsHoldAWholeConversation() throws InterruptedException {
        ConversationId id = converse(6, "Ann", "Ben", "Cy");

        List<MessageRecorded> messages = engine.messages(id);
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(messages).extracting(MessageRecorded::speakerName)
                .containsExactly("Ann", "Ben", "Cy", "Ann", "Ben", "Cy");
        assertThat(messages.getFirst().content()).isEqualTo("Reply from model-ann to Task: Plan a launch");
        assertThat(messages.getFirst().usage().promptTokens()).isEqualTo(42);
        assertThat(messages.getFirst().usage().model()).isEqualTo("fake-model");
        ConversationStatistics statistics = Transcript.of(engine.store().history(EngineFixture.TENANT, id)).statistics();
        assertThat(statistics.messages()).isEqualTo(6);
        assertThat(statistics.promptTokens()).isEqualTo(6 * 42);
        assertThat(statistics.models()).containsExactly("fake-model");

        assertThat(server.requests).hasSize(6);
        assertThat(server.requests.getFirst().path("stream").asBoolean()).isTrue();
        assertThat(server.requests.getFirst().path("temperature").asDouble()).isEqualTo(0.7);
        assertThat(server.requests.getFirst().path("messages").get(0).path("content").asText()).startsWith("You are Ann");
        assertThat(server.authorizations).containsOnly("Bearer sk-test-123");
    }

    /** Ann answering through {@code policy}; the loop's events are gathered in {@code events}. */
    private ConversationId converseWith(HttpPolicy policy, List<LoopEvent> events) throws InterruptedException {
        OpenAiCompatibleGateway gateway = new OpenAiCompatibleGateway(policy, ENVIRONMENT::get);
        engine = new EngineFixture(dir).open(agent -> gateway, LoopSettings.DEFAULTS);
        engine.engine().subscribe(events::add);
        ConversationId id = engine.engine().assignTask(remoteAgents("Ann").getFirst(), "Plan a launch",
                OptionalInt.of(1));
        engine.engine().awaitAll();
        return id;
    }

    private static final HttpPolicy IMPATIENT = new HttpPolicy(Duration.ofSeconds(2), Duration.ofMillis(700),
            Duration.ofMillis(300), Duration.ofSeconds(10), 2, Duration.ofMillis(20), Duration.ofMillis(200));

    private static List<LoopEvent.TurnRetry> retries(List<LoopEvent> events) {
        return events.stream().filter(LoopEvent.TurnRetry.class::isInstance).map(LoopEvent.TurnRetry.class::cast)
                .toList();
    }

    @Test
    void aReplyThatFallsSilentHalfwayIsAskedAgainAndTheRetryIsAnnounced() throws InterruptedException {
        server.then(server.stallAfter("Half a"));
        List<LoopEvent> events = new java.util.concurrent.CopyOnWriteArrayList<>();

        ConversationId id = converseWith(IMPATIENT, events);

        assertThat(engine.messages(id)).extracting(MessageRecorded::content)
                .containsExactly("Reply from model-ann to Task: Plan a launch");
        assertThat(retries(events)).singleElement().satisfies(retry -> {
            assertThat(retry.speakerName()).isEqualTo("Ann");
            assertThat(retry.attempt()).isEqualTo(2);
            assertThat(retry.attempts()).isEqualTo(3);
            assertThat(retry.reason()).isEqualTo("127.0.0.1 stopped sending mid-reply for 300 ms (timed out)");
        });
        // The retry comes between the failed attempt's tokens and the next attempt's.
        int retryAt = events.indexOf(retries(events).getFirst());
        assertThat(events.subList(0, retryAt)).filteredOn(LoopEvent.Token.class::isInstance)
                .extracting(event -> ((LoopEvent.Token) event).text()).containsExactly("Half a");
    }

    @Test
    void aServerThatNeverAnswersIsAskedAgainOnceTheFirstTokenIsLate() throws InterruptedException {
        server.then(server.neverAnswers());
        List<LoopEvent> events = new java.util.concurrent.CopyOnWriteArrayList<>();

        ConversationId id = converseWith(IMPATIENT, events);

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.messages(id)).hasSize(1);
        assertThat(retries(events)).singleElement().extracting(retry -> retry.reason())
                .isEqualTo(server.baseUrl() + "/chat/completions did not answer within 700 ms");
    }

    @Test
    void anEmptyReplyIsAFailedAttemptAndOnlyEmptyRepliesFailTheTurn() throws InterruptedException {
        server.then(FakeChatServer.emptyReply()).then(FakeChatServer.emptyReply()).then(FakeChatServer.emptyReply());
        List<LoopEvent> events = new java.util.concurrent.CopyOnWriteArrayList<>();

        ConversationId id = converseWith(IMPATIENT, events);

        assertThat(engine.messages(id)).isEmpty();
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.FAILED);
        assertThat(engine.state(id).statusReason()).isEqualTo("Ann: 127.0.0.1 answered with an empty reply (gave up"
                + " after 3 attempts; check the agent's model and persona, then Retry)");
        assertThat(retries(events)).hasSize(2);
        assertThat(server.requests).hasSize(3);
    }

    @Test
    void oneEmptyReplyIsAskedAgain() throws InterruptedException {
        server.then(FakeChatServer.emptyReply());

        ConversationId id = converseWith(IMPATIENT, new java.util.concurrent.CopyOnWriteArrayList<>());

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.messages(id)).extracting(MessageRecorded::content)
                .containsExactly("Reply from model-ann to Task: Plan a launch");
    }

    @Test
    void anAgentsOwnTimeoutsTakeThePlaceOfTheDefaults() throws InterruptedException {
        HttpPolicy patient = new HttpPolicy(Duration.ofSeconds(2), Duration.ofMinutes(5), Duration.ofMinutes(5),
                Duration.ofMinutes(10), 2, Duration.ofMillis(20), Duration.ofMillis(200));
        OpenAiCompatibleGateway gateway = new OpenAiCompatibleGateway(patient, ENVIRONMENT::get);
        engine = new EngineFixture(dir).open(agent -> gateway, LoopSettings.DEFAULTS);
        List<LoopEvent> events = new java.util.concurrent.CopyOnWriteArrayList<>();
        engine.engine().subscribe(events::add);
        AgentId quick = engine.agents().add(new AgentDefinition(new AgentId("remote-quick"), "Quick", "You are Quick.",
                AgentDefinition.OPENAI_COMPATIBLE, "model-quick", null,
                new ModelEndpoint(server.baseUrl(), null, null, "", 1, 1))).id();
        server.then(server.stallAfter("Half a"));

        ConversationId id = engine.engine().assignTask(quick, "Plan a launch", OptionalInt.of(1));
        engine.engine().awaitAll();

        assertThat(engine.messages(id)).hasSize(1);
        assertThat(retries(events)).singleElement().extracting(retry -> retry.reason())
                .isEqualTo("127.0.0.1 stopped sending mid-reply for 1 s (timed out)");
    }

    /** Ann and Ben, six long messages in, as a crash would leave them; resumed against the server. */
    private ConversationId resumedLongConversation(List<LoopEvent> events) throws InterruptedException {
        engine = new EngineFixture(dir).open(http(), LoopSettings.DEFAULTS);
        List<AgentId> agents = remoteAgents("Ann", "Ben");
        ConversationId id = ConversationId.random();
        List<dev.workshop.domain.conversation.ConversationEvent> log = new java.util.ArrayList<>();
        log.add(new dev.workshop.domain.conversation.ConversationEvent.ConversationStarted(
                dev.workshop.domain.conversation.ConversationKind.CONVERSATION,
                List.of(new dev.workshop.domain.conversation.Participant(agents.get(0), "Ann"),
                        new dev.workshop.domain.conversation.Participant(agents.get(1), "Ben")), "Plan a launch", 7));
        for (int turn = 0; turn < 6; turn++) {
            log.add(new MessageRecorded(turn, agents.get(turn % 2), turn % 2 == 0 ? "Ann" : "Ben",
                    "Point " + turn + ": " + "a long argument. ".repeat(120)));
        }
        engine.append(id, log);
        engine.open(http(), LoopSettings.DEFAULTS);
        engine.engine().subscribe(events::add);
        engine.engine().resumeInterruptedConversations();
        engine.engine().awaitAll();
        return id;
    }

    @Test
    void aPromptTooLongForTheServersContextIsCutAndAskedAgain() throws InterruptedException {
        server.withContextOf(6_000);
        List<LoopEvent> events = new java.util.concurrent.CopyOnWriteArrayList<>();

        ConversationId id = resumedLongConversation(events);

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.messages(id)).hasSize(7);
        assertThat(retries(events)).isNotEmpty().allSatisfy(retry -> assertThat(retry.reason())
                .contains("as too long for the model's context (HTTP 400: the request exceeds the available context")
                .contains("; asking again with the prompt cut to about"));
        List<Integer> sizes = server.requests.stream().map(request -> request.path("messages").get(1).path("content")
                .asText().length()).toList();
        assertThat(sizes.getLast()).isLessThanOrEqualTo(6_000).isLessThan(sizes.getFirst());
    }

    @Test
    void aPromptIsFittedToTheContextTheServerSaysItHas() throws InterruptedException {
        server.withContextOf(6_000).withPropsContext(1_600);
        List<LoopEvent> events = new java.util.concurrent.CopyOnWriteArrayList<>();

        ConversationId id = resumedLongConversation(events);

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(retries(events)).as("fitted before it was sent").isEmpty();
        assertThat(server.propsAsked).as("asked once").containsExactly("/props");
        assertThat(server.requests.getFirst().path("messages").get(1).path("content").asText())
                .contains("Earlier, in short:\nAnn: Point 0: a long argument.\n");
    }

    @Test
    void aPromptNoCutMakesShortEnoughFailsTheTurnSayingWhatToChange() throws InterruptedException {
        server.withContextOf(100);

        ConversationId id = resumedLongConversation(new java.util.concurrent.CopyOnWriteArrayList<>());

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.FAILED);
        assertThat(engine.state(id).statusReason()).contains("too long for the model's context")
                .contains("give the agent a larger context (agents add --context-tokens)");
        assertThat(engine.messages(id)).hasSize(6);
    }

    @Test
    void aReplyCutAtTheTokenLimitIsRecordedAsSoAndExportedSo() throws InterruptedException {
        server.then(FakeChatServer.cutAtTokenLimit("The plan has three parts: first"));

        ConversationId id = converse(2, "Ann", "Ben");
        engine.open(http(), LoopSettings.DEFAULTS); // read back from the journal

        List<MessageRecorded> messages = engine.messages(id);
        assertThat(messages.get(0).usage().cutAtTokenLimit()).isTrue();
        assertThat(messages.get(1).usage().cutAtTokenLimit()).isFalse();
        List<dev.workshop.domain.conversation.RecordedEvent> history = engine.store().history(EngineFixture.TENANT, id);
        assertThat(ConversationExport.withMessages(EngineFixture.TENANT, engine.state(id), history).path("messages")
                .get(0).path("usage").path("finish_reason").asText()).isEqualTo("length");
        assertThat(ConversationExport.markdown(engine.state(id), history))
                .contains("The plan has three parts: first\n\n*(cut at the token limit)*");
    }

    @Test
    void aServerAnsweringWithAnotherModelIsSaidOncePerAgent() throws InterruptedException {
        engine = new EngineFixture(dir).open(http(), LoopSettings.DEFAULTS);
        List<AgentId> agents = remoteAgents("Ann", "Ben");
        AgentId fake = engine.agents().add(new AgentDefinition(new AgentId("remote-fake"), "Fay", "You are Fay.",
                AgentDefinition.OPENAI_COMPATIBLE, "fake", null, new ModelEndpoint(server.baseUrl(), null, null, "")))
                .id();
        List<LoopEvent> events = new java.util.concurrent.CopyOnWriteArrayList<>();
        engine.engine().subscribe(events::add);

        engine.engine().startConversation(List.of(agents.get(0), agents.get(1), fake), "Plan a launch",
                OptionalInt.of(6));
        engine.engine().awaitAll();

        // The server serves "fake-model" whatever is asked: "fake" is the same model under a shorter name.
        assertThat(events).filteredOn(LoopEvent.Warning.class::isInstance)
                .extracting(event -> ((LoopEvent.Warning) event).message()).containsExactly(
                        "Ann asked " + server.baseUrl() + " for the model model-ann, and fake-model answered; its"
                                + " replies are recorded with the model that answered",
                        "Ben asked " + server.baseUrl() + " for the model model-ben, and fake-model answered; its"
                                + " replies are recorded with the model that answered");
    }

    @Test
    void aSlowFirstTokenIsRetriedAndOnlyTheWholeReplyIsKept() throws InterruptedException {
        server.then(slowFirstToken(2000, "too late"));
        ConversationId id = converse(1, "Ann");
        assertThat(engine.messages(id)).extracting(MessageRecorded::content)
                .containsExactly("Reply from model-ann to Task: Plan a launch");
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
    }

    @Test
    void aStreamCutHalfwayIsNeverRecordedAndTheTurnIsAskedAgain() throws InterruptedException {
        server.then(cutAfter("Partial words that must never be"));
        ConversationId id = converse(2, "Ann", "Ben");
        assertThat(engine.messages(id)).extracting(MessageRecorded::content).containsExactly(
                "Reply from model-ann to Task: Plan a launch", "Reply from model-ben to Task: Plan a launch");
        assertThat(server.requests).hasSize(3);
    }

    @Test
    void whenTheEndpointStaysDownTheTurnFailsAndRetryGoesOnOnceItIsBack() throws InterruptedException {
        server.then(cutAfter("a")).then(cutAfter("b")).then(cutAfter("c"));
        ConversationId id = converse(2, "Ann", "Ben");
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.FAILED);
        assertThat(engine.state(id).statusReason()).startsWith("Ann: the stream from 127.0.0.1 was cut before it finished")
                .contains("gave up after 3 attempts; Retry once 127.0.0.1 answers again");
        assertThat(engine.messages(id)).isEmpty();

        engine.open(http(), LoopSettings.DEFAULTS);
        assertThat(engine.engine().resumeInterruptedConversations()).as("not asked again at every launch").isEmpty();
        engine.engine().retry(id);
        engine.engine().awaitAll();
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.messages(id)).hasSize(2);
    }

    @Test
    void honoursRetryAfterOnTooManyRequests() throws InterruptedException {
        server.then(status(429, "{\"error\":{\"message\":\"Rate limit reached\"}}", "1"));
        long started = System.nanoTime();
        ConversationId id = converse(1, "Ann");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.messages(id)).hasSize(1);
    }

    @Test
    void retriesAServerError() throws InterruptedException {
        server.then(status(500, "{\"error\":{\"message\":\"upstream crashed\"}}", null));
        ConversationId id = converse(1, "Ann");
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(server.requests).hasSize(2);
    }

    @Test
    void aRefusedKeyFailsTheConversationNamingTheAgentAndItsVariable() throws InterruptedException {
        server.then(status(401, "{\"error\":{\"message\":\"Incorrect API key provided\"}}", null));
        ConversationId id = converse(2, "Ann", "Ben");
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.FAILED);
        assertThat(engine.state(id).statusReason()).isEqualTo("127.0.0.1 refused the API key of agent Ann (HTTP 401: "
                + "Incorrect API key provided). Check the key in the environment variable FAKE_KEY.");
        assertThat(engine.messages(id)).isEmpty();
        assertThat(server.requests).hasSize(1);
    }

    @Test
    void aServerThatWantsAKeyWhenNoneIsNamedSaysWhereToNameOne() throws InterruptedException {
        server.then(status(401, "{\"error\":{\"message\":\"Missing API key\"}}", null));
        engine = new EngineFixture(dir).open(http(), LoopSettings.DEFAULTS);
        AgentId ann = engine.agents().add(new AgentDefinition(new AgentId("remote-ann"), "Ann", "You are Ann.",
                AgentDefinition.OPENAI_COMPATIBLE, "model-ann", null, new ModelEndpoint(server.baseUrl(), null, null, "")))
                .id();
        ConversationId id = engine.engine().assignTask(ann, "Plan a launch", OptionalInt.of(1));
        engine.engine().awaitAll();

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.FAILED);
        assertThat(engine.state(id).statusReason()).isEqualTo("127.0.0.1 refused to answer agent Ann without a key"
                + " (HTTP 401: Missing API key). Name the environment variable that holds the key (API key variable in"
                + " Agents…, or --api-key-env).");
    }

    @Test
    void anUnknownModelFailsNamingTheModelAndEndpoint() throws InterruptedException {
        server.then(status(404, "{\"error\":{\"message\":\"model not found\"}}", null));
        ConversationId id = converse(1, "Ann");
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.FAILED);
        assertThat(engine.state(id).statusReason()).isEqualTo("Model model-ann was not found at " + server.baseUrl()
                + "/chat/completions (HTTP 404): model not found");
    }

    @Test
    void aMalformedChunkIsRetried() throws InterruptedException {
        server.then(malformedChunk());
        ConversationId id = converse(1, "Ann");
        assertThat(engine.messages(id)).extracting(MessageRecorded::content)
                .containsExactly("Reply from model-ann to Task: Plan a launch");
    }

    @Test
    void aKeyKeptInTheSecretStoreIsSentAndOneNoLongerThereFailsBeforeAnyRequest() throws InterruptedException {
        dev.workshop.gateway.InMemorySecretStore store = new dev.workshop.gateway.InMemorySecretStore();
        java.util.Map<AgentId, String> keys = store.keys();
        engine = new EngineFixture(dir).open(agent -> new OpenAiCompatibleGateway(FAST, name -> null, store),
                LoopSettings.DEFAULTS);
        AgentDefinition ann = engine.agents().add(new AgentDefinition(new AgentId("remote-ann"), "Ann", "",
                AgentDefinition.OPENAI_COMPATIBLE, "model-ann", null,
                new ModelEndpoint(server.baseUrl(), 0.7, 256, "").withKeyInSecretStore(true)));
        keys.put(ann.id(), "sk-from-the-keyring");
        ConversationId kept = engine.engine().assignTask(ann.id(), "Plan", OptionalInt.of(1));
        engine.engine().awaitAll();
        assertThat(engine.state(kept).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(server.authorizations).containsOnly("Bearer sk-from-the-keyring");

        keys.clear();
        int asked = server.requests.size();
        ConversationId gone = engine.engine().assignTask(ann.id(), "Plan again", OptionalInt.of(1));
        engine.engine().awaitAll();
        assertThat(engine.state(gone).status()).isEqualTo(ConversationStatus.FAILED);
        assertThat(engine.state(gone).statusReason()).isEqualTo("The API key of agent Ann is no longer in the"
                + " desktop's secret store: give it again in Agents…");
        assertThat(server.requests).hasSize(asked);
    }

    /**
     * The desktop's secret store goes away while a conversation runs (the keyring stopped, locked): the next turn
     * fails before any request, with the store's own sentence, the messages so far kept; it waits for Retry, which
     * goes on once the store answers again (issue #48 item 4).
     */
    @Test
    void aSecretStoreThatGoesAwayMidConversationFailsTheNextTurnAndRetryGoesOn() throws InterruptedException {
        dev.workshop.gateway.InMemorySecretStore keyring = new dev.workshop.gateway.InMemorySecretStore();
        java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicBoolean away = new java.util.concurrent.atomic.AtomicBoolean();
        dev.workshop.gateway.SecretStore store = new dev.workshop.gateway.SecretStore() {
            @Override
            public java.util.Optional<String> key(AgentId agent) throws dev.workshop.gateway.SecretStoreException {
                // Gone after the first turn's read, until the test brings it back.
                if (reads.incrementAndGet() > 1 && away.get()) {
                    throw new dev.workshop.gateway.SecretStoreException("No keyring is running: start one, or give"
                            + " the key in an environment variable");
                }
                return keyring.key(agent);
            }

            @Override
            public void keep(AgentId agent, String agentName, String key) {
                keyring.keep(agent, agentName, key);
            }

            @Override
            public void forget(AgentId agent) {
                keyring.forget(agent);
            }
        };
        engine = new EngineFixture(dir).open(agent -> new OpenAiCompatibleGateway(FAST, name -> null, store),
                LoopSettings.DEFAULTS);
        AgentDefinition ann = engine.agents().add(new AgentDefinition(new AgentId("remote-ann"), "Ann", "",
                AgentDefinition.OPENAI_COMPATIBLE, "model-ann", null,
                new ModelEndpoint(server.baseUrl(), 0.7, 256, "").withKeyInSecretStore(true)));
        keyring.keep(ann.id(), "Ann", "sk-from-the-keyring");
        away.set(true);

        ConversationId id = engine.engine().assignTask(ann.id(), "Plan", OptionalInt.of(2));
        engine.engine().awaitAll();
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.FAILED);
        assertThat(engine.state(id).statusReason()).isEqualTo("Agent Ann's API key could not be read: No keyring is"
                + " running: start one, or give the key in an environment variable");
        assertThat(engine.messages(id)).hasSize(1);
        assertThat(server.requests).hasSize(1);

        away.set(false);
        engine.engine().retry(id);
        engine.engine().awaitAll();
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.messages(id)).hasSize(2);
        assertThat(server.authorizations).containsOnly("Bearer sk-from-the-keyring");
    }

    @Test
    void aMissingKeyVariableFailsBeforeAnyRequest() throws InterruptedException {
        engine = new EngineFixture(dir).open(agent -> new OpenAiCompatibleGateway(FAST, name -> null),
                LoopSettings.DEFAULTS);
        ConversationId id = engine.engine().assignTask(remoteAgents("Ann").getFirst(), "Plan", OptionalInt.of(1));
        engine.engine().awaitAll();
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.FAILED);
        assertThat(engine.state(id).statusReason())
                .isEqualTo("Agent Ann reads its API key from the environment variable FAKE_KEY, which is not set");
        assertThat(server.requests).isEmpty();
    }

    @Test
    void abortClosesTheStreamAtOnce() throws InterruptedException {
        server.then(slowFirstToken(600, "slow"));
        engine = new EngineFixture(dir).open(agent -> new OpenAiCompatibleGateway(new HttpPolicy(Duration.ofSeconds(2),
                Duration.ofSeconds(30), Duration.ofSeconds(60), 0, Duration.ofMillis(10), Duration.ofMillis(10)),
                ENVIRONMENT::get), LoopSettings.DEFAULTS);
        ConversationId id = engine.engine().assignTask(remoteAgents("Ann").getFirst(), "Plan", OptionalInt.of(1));
        // The request reached the server, which holds the stream open before its first word.
        await().atMost(Duration.ofSeconds(10)).until(() -> server.requests.size() == 1);
        long started = System.nanoTime();
        engine.engine().abort(id, AbortOutcome.INTERRUPT);
        engine.engine().awaitAll();
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(500));
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.INTERRUPTED);
        assertThat(engine.messages(id)).isEmpty();
    }
}
