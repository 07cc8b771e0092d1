package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.ModelEndpoint;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.element.Action;
import dev.workshop.domain.element.ActionType;
import dev.workshop.domain.element.ElementKind;
import dev.workshop.domain.element.Pin;
import dev.workshop.gateway.GatewayResolver;
import dev.workshop.gateway.openai.FakeChatServer;
import dev.workshop.gateway.openai.HttpPolicy;
import dev.workshop.gateway.openai.OpenAiCompatibleGateway;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Actions as OpenAI function tools, against a real HTTP server streaming tool calls in pieces: carried out, answered
 * (errors for the model to read), recorded before they are applied and applied once, also when a turn is asked again.
 */
class ToolCallsTest {
    private static final HttpPolicy FAST = HttpConversationTest.FAST;

    @TempDir
    Path dir;

    private FakeChatServer server;
    private EngineFixture engine;
    private GatewayResolver http;

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

    private AgentId openWithPinboard(LoopSettings settings) {
        OpenAiCompatibleGateway gateway = new OpenAiCompatibleGateway(FAST, name -> null);
        http = agent -> gateway;
        engine = new EngineFixture(dir).open(http, settings);
        engine.engine().elements().create(ElementKind.PINBOARD, "Plans");
        return engine.agents().add(new AgentDefinition(new AgentId("remote-rita"), "Rita", "You are Rita.",
                AgentDefinition.OPENAI_COMPATIBLE, "model-rita", null,
                new ModelEndpoint(server.baseUrl(), 0.7, 256, ""))).id();
    }

    private ConversationId task(AgentId agent) throws InterruptedException {
        ConversationId id = engine.engine().assignTask(agent, "Plan a launch", OptionalInt.of(1));
        engine.engine().awaitAll();
        return id;
    }

    private List<Pin> pins() {
        return engine.engine().elements().find("Plans").orElseThrow().topPins();
    }

    @Test
    void toolCallsStreamedInPiecesAreCarriedOutAndAnsweredAndTheTurnGoesOn() throws InterruptedException {
        AgentId rita = openWithPinboard(LoopSettings.DEFAULTS);
        server.then(FakeChatServer.toolCalls("pin", "{\"text\":\"Ship on Friday\"}",
                        "launch_rockets", "{}",
                        "forget", "{\"note\":\"three\"}",
                        "read", "{\"element\":\"Plans\"}"))
                .then(FakeChatServer.stream("Pinned it."));

        ConversationId id = task(rita);

        assertThat(pins()).extracting(Pin::text).containsExactly("Ship on Friday");
        JsonNode first = server.requests.getFirst();
        assertThat(first.path("tools")).hasSize(ActionType.values().length);
        JsonNode pin = first.path("tools").get(1).path("function");
        assertThat(pin.path("name").asText()).isEqualTo("pin");
        assertThat(pin.path("parameters").path("required").get(0).asText()).isEqualTo("text");
        List<JsonNode> answered = messages(server.requests.get(1), "tool");
        assertThat(answered).extracting(message -> message.path("content").asText()).containsExactly(
                "Pinned P1 on Plans",
                "Error: there is no tool launch_rockets; the tools are post, pin, vote_up, vote_down, comment, keep,"
                        + " release, send, read, remember, forget",
                "Error: forget's 'note' is a whole number, not three",
                "Pinboard Plans\nP1 (score 0, by Rita) Ship on Friday");
        assertThat(messages(server.requests.get(1), "assistant").getFirst().path("tool_calls").get(0).path("function")
                .path("arguments").asText()).isEqualTo("{\"text\":\"Ship on Friday\"}");
        MessageRecorded message = engine.messages(id).getFirst();
        assertThat(message.content()).isEqualTo("Pinned it.");
        assertThat(message.actions()).containsExactly(Action.of(ActionType.PIN, Map.of("text", "Ship on Friday")),
                Action.of(ActionType.READ, Map.of("element", "Plans")));
        assertThat(engine.history(id)).anyMatch(event -> event.asActionsTaken().isPresent());
    }

    @Test
    void aTurnMakesAtMostTheSettingsToolCallsAndIsThenAskedWithoutTools() throws InterruptedException {
        AgentId rita = openWithPinboard(LoopSettings.DEFAULTS.withMaxToolCalls(1));
        server.then(FakeChatServer.toolCalls("pin", "{\"text\":\"One\"}", "pin", "{\"text\":\"Two\"}"))
                .then(FakeChatServer.stream("Enough."));

        task(rita);

        assertThat(pins()).extracting(Pin::text).containsExactly("One");
        assertThat(messages(server.requests.get(1), "tool").get(1).path("content").asText())
                .isEqualTo("Not done: a turn makes at most 1 tool calls; answer now");
        assertThat(server.requests.get(1).has("tools")).isFalse();
    }

    @Test
    void aServerThatTakesNoToolsIsAskedAgainWithMarkersTaught() throws InterruptedException {
        AgentId rita = openWithPinboard(LoopSettings.DEFAULTS);
        server.then(FakeChatServer.status(400, "{\"error\":{\"message\":\"tools param requires --jinja flag\"}}", null))
                .then(FakeChatServer.stream("Here we go. [PIN: Hire a baker]"));

        ConversationId id = task(rita);

        assertThat(server.requests.get(1).has("tools")).isFalse();
        assertThat(server.requests.get(1).path("messages").get(0).path("content").asText())
                .contains("[PIN: text]");
        assertThat(pins()).extracting(Pin::text).containsExactly("Hire a baker");
        assertThat(engine.events()).anyMatch(event -> event instanceof LoopEvent.Warning warning
                && warning.message().contains("acts through markers"));
        assertThat(engine.messages(id).getFirst().content()).isEqualTo("Here we go.");
    }

    /** A crash after the calls were recorded, before they were applied: asked again, the turn applies them once. */
    @Test
    void aTurnAskedAgainAppliesWhatItsToolsTookOnceAndTellsTheModel() throws InterruptedException {
        AgentId rita = openWithPinboard(LoopSettings.DEFAULTS);
        ConversationId id = engine.engine().assignTask(rita, "Plan a launch", OptionalInt.of(1));
        engine.engine().awaitAll();
        // The same turn as a crash leaves it: started, its tool calls recorded, nothing applied, no message.
        ConversationId crashed = ConversationId.random();
        engine.append(crashed, List.of(engine.history(id).getFirst(),
                new ConversationEvent.TurnStarted(0, rita, false),
                new ConversationEvent.ActionsTaken(0, 0, List.of(Action.of(ActionType.PIN, Map.of("text", "Once"))))));
        server.requests.clear();
        server.then(FakeChatServer.stream("Done before."));
        engine.open(http, LoopSettings.DEFAULTS); // the restart: what was running is interrupted

        engine.engine().resume(crashed);
        engine.engine().awaitAll();

        assertThat(pins()).extracting(Pin::text).filteredOn("Once"::equals).hasSize(1);
        assertThat(messages(server.requests.getFirst(), "tool")).extracting(message -> message.path("content")
                .asText()).containsExactly("Pinned P" + pins().stream().filter(pin -> pin.text().equals("Once"))
                .findFirst().orElseThrow().id().substring(1) + " on Plans");
        assertThat(engine.messages(crashed).getFirst().actions()).containsExactly(
                Action.of(ActionType.PIN, Map.of("text", "Once")));
    }

    /** The context viewer shows, byte for byte, the request the agent's next turn then sends. */
    @Test
    void theContextViewerShowsExactlyTheRequestTheNextTurnSends() throws Exception {
        AgentId rita = openWithPinboard(LoopSettings.DEFAULTS);
        engine.engine().elements().create(ElementKind.RULEBOOK, "Rules");
        engine.engine().elements().writeRules(engine.engine().elements().find("Rules").orElseThrow().id(),
                "Name a number in every reply.");
        AgentId bruno = engine.agents().add(new AgentDefinition(new AgentId("remote-basil"), "Basil", "You are Basil.",
                AgentDefinition.OPENAI_COMPATIBLE, "model-basil", null,
                new ModelEndpoint(server.baseUrl(), 0.7, 256, ""))).id();
        server.then(FakeChatServer.stream("First point.")).then(FakeChatServer.stream("Second point."))
                .then(server.neverAnswers());
        java.util.concurrent.CountDownLatch third = Heard.latch(engine.engine(), 1, event -> Heard.news(event)
                .flatMap(news -> news.turnStarted()).filter(turn -> turn.turnIndex() == 2).isPresent());
        ConversationId id = engine.engine().startConversation(List.of(rita, bruno), "Plan a launch",
                OptionalInt.of(3));
        Heard.await(third);
        engine.engine().abort(id, AbortOutcome.INTERRUPT);
        engine.engine().awaitAll();

        String shown = engine.engine().contextPreview().next(rita).orElseThrow().request();
        server.then(FakeChatServer.stream("Third point."));
        engine.engine().resume(id);
        engine.engine().awaitAll();

        assertThat(shown).contains("Name a number in every reply.").contains("Second point.");
        assertThat(server.bodies.getLast()).isEqualTo(shown);
    }

    private static List<JsonNode> messages(JsonNode request, String role) {
        List<JsonNode> found = new java.util.ArrayList<>();
        request.path("messages").forEach(message -> {
            if (message.path("role").asText().equals(role)) {
                found.add(message);
            }
        });
        return found;
    }
}
