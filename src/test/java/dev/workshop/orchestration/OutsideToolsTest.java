package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.ModelEndpoint;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.OutsideCallStep;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.tool.OutsideStep;
import dev.workshop.domain.tool.Settlement;
import dev.workshop.domain.tool.ToolHints;
import dev.workshop.domain.tool.ToolPolicy;
import dev.workshop.domain.tool.ToolServer;
import dev.workshop.gateway.GatewayResolver;
import dev.workshop.gateway.mcp.McpToolServers;
import dev.workshop.gateway.openai.FakeChatServer;
import dev.workshop.gateway.openai.OpenAiCompatibleGateway;
import dev.workshop.store.file.JsonToolSettings;
import dev.workshop.testing.mcp.CountingToolServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Outside tools in a turn, against a real model protocol (an HTTP server streaming tool calls) and a real MCP server
 * (the SDK's, over stdio, counting what really ran): allowed calls run once; calls that need approval pause the turn
 * until the user's word; and a call a crash left pending is sent again only when that is safe, else waits as in doubt.
 */
class OutsideToolsTest {
    @TempDir
    Path dir;

    private FakeChatServer model;
    private EngineFixture engine;
    private GatewayResolver http;
    private AgentId rita;
    private Path executions;

    @BeforeEach
    void start() throws Exception {
        model = new FakeChatServer();
        executions = dir.resolve("executions.txt");
        OpenAiCompatibleGateway gateway = new OpenAiCompatibleGateway(HttpConversationTest.FAST, name -> null);
        http = agent -> gateway;
        open();
        rita = engine.agents().add(new AgentDefinition(new AgentId("remote-rita"), "Rita", "You are Rita.",
                AgentDefinition.OPENAI_COMPATIBLE, "model-rita", null,
                new ModelEndpoint(model.baseUrl(), 0.7, 256, ""))).id();
        Map.Entry<String, List<String>> command = CountingToolServer.command(executions, "");
        toolbox().saveServer(ToolServer.stdio("counting", command.getKey(), command.getValue(), Map.of()));
    }

    /** Opens the engine as a launch does, its toolbox reading the servers and grants from the data directory. */
    private void open() {
        if (engine == null) {
            engine = new EngineFixture(dir);
        }
        engine.open(http, LoopSettings.DEFAULTS);
        toolbox().use(new McpToolServers(value -> value), new JsonToolSettings(dir, warning -> { }));
    }

    private Toolbox toolbox() {
        return engine.engine().calls().toolbox();
    }

    @AfterEach
    void stop() {
        if (engine != null) {
            engine.close();
        }
        model.close();
    }

    private ConversationId task() throws InterruptedException {
        ConversationId id = engine.engine().assignTask(rita, "Look into otters", OptionalInt.of(1));
        engine.engine().awaitAll();
        return id;
    }

    private List<String> ran() throws Exception {
        return CountingToolServer.executions(executions);
    }

    @Test
    void anAllowedCallRunsOnceAndTheModelReadsItsAnswer() throws Exception {
        toolbox().grant(rita, "counting/lookup", ToolPolicy.ALLOW);
        model.then(FakeChatServer.toolCalls("counting__lookup", "{\"text\":\"otter\"}"))
                .then(FakeChatServer.stream("Otters eat fish."));

        ConversationId id = task();

        assertThat(ran()).containsExactly("lookup workshop:" + id.value() + ":0:0 {text=otter}");
        JsonNode offered = model.requests.getFirst().path("tools");
        assertThat(offered.findValuesAsText("name")).contains("counting__lookup", "counting__append_line")
                .doesNotContain("pin");
        assertThat(toolMessages(model.requests.get(1))).containsExactly("lookup did otter");
        assertThat(engine.messages(id).getFirst().content()).isEqualTo("Otters eat fish.");
        assertThat(steps(id)).extracting(step -> step.step().getClass().getSimpleName())
                .containsExactly("Asked", "Answered");
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
    }

    @Test
    void aCallThatNeedsApprovalPausesTheTurnAndRunsAsEditedOnceApproved() throws Exception {
        model.then(FakeChatServer.toolCalls("counting__append_line", "{\"text\":\"draft\"}"));

        ConversationId id = task();

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.WAITING);
        assertThat(engine.state(id).statusCause()).isEqualTo(StatusCause.APPROVAL_NEEDED);
        assertThat(engine.state(id).statusReason()).isEqualTo("Rita wants to call counting/append_line: approve,"
                + " edit or deny it");
        assertThat(ran()).isEmpty();
        OutsideCallCommands.WaitingCall waiting = engine.engine().calls().waiting(id).orElseThrow();
        assertThat(waiting.arguments()).isEqualTo("{\"text\":\"draft\"}");
        assertThat(waiting.inDoubt()).isFalse();

        model.then(FakeChatServer.stream("Noted."));
        engine.engine().calls().approve(id, Optional.of("{\"text\":\"final\"}"), false, "tester");
        engine.engine().awaitAll();

        assertThat(ran()).containsExactly("append_line workshop:" + id.value() + ":0:0 {text=final}");
        assertThat(engine.messages(id).getFirst().content()).isEqualTo("Noted.");
        OutsideStep.Decided decided = steps(id).stream().map(OutsideCallStep::step)
                .flatMap(step -> step instanceof OutsideStep.Decided d ? java.util.stream.Stream.of(d)
                        : java.util.stream.Stream.empty()).findFirst().orElseThrow();
        assertThat(decided).isEqualTo(new OutsideStep.Decided(true, "tester", "{\"text\":\"final\"}",
                "- {\"text\":\"draft\"}\n+ {\"text\":\"final\"}", ""));
        assertThat(toolMessages(model.requests.getLast())).containsExactly("append_line did final");
    }

    @Test
    void aDeniedCallNeverRunsAndTheModelReadsWhy() throws Exception {
        model.then(FakeChatServer.toolCalls("counting__append_line", "{\"text\":\"draft\"}"));
        ConversationId id = task();

        model.then(FakeChatServer.stream("Fine."));
        engine.engine().calls().deny(id, "not today", "tester");
        engine.engine().awaitAll();

        assertThat(ran()).isEmpty();
        assertThat(toolMessages(model.requests.getLast()))
                .containsExactly("Not done: the user did not allow this call: not today");
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
    }

    @Test
    void aToolTheAgentMayNeverUseIsNotOfferedAndAnAlwaysAllowIsKept() throws Exception {
        toolbox().grant(rita, "counting/die", ToolPolicy.NEVER);
        model.then(FakeChatServer.toolCalls("counting__set_flag", "{\"text\":\"on\"}"));
        ConversationId id = task();
        model.then(FakeChatServer.stream("Set."));

        engine.engine().calls().approve(id, Optional.empty(), true, "tester");
        engine.engine().awaitAll();

        assertThat(model.requests.getFirst().path("tools").findValuesAsText("name")).doesNotContain("counting__die");
        assertThat(toolbox().grants().policy(rita.value(), "counting/set_flag")).isEqualTo(ToolPolicy.ALLOW);
        assertThat(new JsonToolSettings(dir, warning -> { }).grants().granted())
                .extracting(grant -> grant.tool() + "=" + grant.policy().wireName())
                .containsExactlyInAnyOrder("counting/die=never", "counting/set_flag=allow");
    }

    @Test
    void aPendingApprovalSurvivesARestartAndIsNotResumedByItself() throws Exception {
        model.then(FakeChatServer.toolCalls("counting__append_line", "{\"text\":\"draft\"}"));
        ConversationId id = task();

        open(); // the restart: what was running is interrupted, what waits keeps waiting
        assertThat(engine.engine().resumeInterruptedConversations()).isEmpty();
        assertThat(engine.state(id).statusCause()).isEqualTo(StatusCause.APPROVAL_NEEDED);
        assertThatThrownBy(() -> engine.engine().calls().settle(id, Settlement.RAN, "tester"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("waits for approval");
        model.then(FakeChatServer.stream("Done."));
        engine.engine().calls().approve(id, Optional.empty(), false, "tester");
        engine.engine().awaitAll();

        assertThat(ran()).hasSize(1);
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
    }

    /** As a crash leaves it: the call recorded as pending (sent, or about to be), no answer, the turn unfinished. */
    private ConversationId crashedWithPending(String tool, ToolHints hints) throws Exception {
        ConversationId source = task();
        ConversationId crashed = ConversationId.random();
        engine.append(crashed, List.of(engine.history(source).getFirst(),
                new ConversationEvent.TurnStarted(0, rita, false),
                new OutsideCallStep(0, 0, new OutsideStep.Asked("call_0", rita.value(), "counting", tool,
                        "{\"text\":\"again\"}", hints, false))));
        model.requests.clear();
        open();
        return crashed;
    }

    @Test
    void aReadOnlyCallLeftPendingByACrashIsSentAgainOnceWithTheSameKey() throws Exception {
        model.then(FakeChatServer.stream("Warm-up."));
        ConversationId crashed = crashedWithPending("lookup", new ToolHints(true, false, false));
        model.then(FakeChatServer.stream("Found it."));

        engine.engine().resume(crashed);
        engine.engine().awaitAll();

        assertThat(ran()).containsExactly("lookup workshop:" + crashed.value() + ":0:0 {text=again}");
        assertThat(toolMessages(model.requests.getFirst())).containsExactly("lookup did again");
        assertThat(engine.state(crashed).status()).isEqualTo(ConversationStatus.COMPLETED);
    }

    @Test
    void aSideEffectingCallLeftPendingByACrashIsInDoubtAndNeverSentSilently() throws Exception {
        model.then(FakeChatServer.stream("Warm-up."));
        ConversationId crashed = crashedWithPending("append_line", ToolHints.NONE);

        engine.engine().resume(crashed);
        engine.engine().awaitAll();

        assertThat(ran()).isEmpty();
        assertThat(model.requests).isEmpty();
        assertThat(engine.state(crashed).statusCause()).isEqualTo(StatusCause.CALL_IN_DOUBT);
        assertThat(engine.state(crashed).statusReason()).isEqualTo("Rita's call to counting/append_line is in doubt:"
                + " Workshop stopped after sending it, before its answer came; did it run?");
        assertThat(engine.engine().calls().waiting(crashed).orElseThrow().inDoubt()).isTrue();

        model.then(FakeChatServer.stream("Appended."));
        engine.engine().calls().settle(crashed, Settlement.RUN_AGAIN, "tester");
        engine.engine().awaitAll();

        assertThat(ran()).containsExactly("append_line workshop:" + crashed.value() + ":0:0 {text=again}");
        assertThat(engine.state(crashed).status()).isEqualTo(ConversationStatus.COMPLETED);
    }

    @Test
    void aCallInDoubtThatTheUserSaysRanIsToldSoAndNotSent() throws Exception {
        model.then(FakeChatServer.stream("Warm-up."));
        ConversationId crashed = crashedWithPending("append_line", ToolHints.NONE);
        engine.engine().resume(crashed);
        engine.engine().awaitAll();
        model.then(FakeChatServer.stream("Good."));

        engine.engine().calls().settle(crashed, Settlement.RAN, "tester");
        engine.engine().awaitAll();

        assertThat(ran()).isEmpty();
        assertThat(toolMessages(model.requests.getLast()))
                .containsExactly("The user says this call ran; its answer was lost when Workshop stopped");
    }

    @Test
    void aSideEffectingCallWhoseServerDiesUnderItEndsInDoubtWithOneSentence() throws Exception {
        toolbox().grant(rita, "counting/die", ToolPolicy.ALLOW);
        model.then(FakeChatServer.toolCalls("counting__die", "{}"));

        ConversationId id = task();

        assertThat(engine.state(id).statusCause()).isEqualTo(StatusCause.CALL_IN_DOUBT);
        assertThat(engine.state(id).statusReason()).startsWith("Tool server counting exited while answering die,"
                + " saying: dying on purpose; Rita's call to counting/die is in doubt");
        assertThat(ran()).hasSize(1);
    }

    @Test
    void anAbortDuringACallStopsTheConversationAsAbortedAndTheCallIsInDoubtWhenItGoesOn() throws Exception {
        toolbox().grant(rita, "counting/hang", ToolPolicy.ALLOW);
        model.then(FakeChatServer.toolCalls("counting__hang", "{}"));
        ConversationId id = engine.engine().assignTask(rita, "Wait for it", OptionalInt.of(1));
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30)).until(() -> !ran().isEmpty());

        engine.engine().abort(id, AbortOutcome.INTERRUPT);
        engine.engine().awaitAll();

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.INTERRUPTED);
        assertThat(engine.state(id).statusCause()).isEqualTo(StatusCause.USER_ABORTED);
        assertThat(steps(id)).extracting(step -> step.step().getClass().getSimpleName()).containsExactly("Asked");

        engine.engine().resume(id);
        engine.engine().awaitAll();

        assertThat(engine.state(id).statusCause()).isEqualTo(StatusCause.CALL_IN_DOUBT);
        assertThat(ran()).hasSize(1);
    }

    private List<OutsideCallStep> steps(ConversationId id) {
        return engine.history(id).stream().flatMap(event -> event.asOutsideCall().stream()).toList();
    }

    private static List<String> toolMessages(JsonNode request) {
        List<String> found = new ArrayList<>();
        request.path("messages").forEach(message -> {
            if (message.path("role").asText().equals("tool")) {
                found.add(message.path("content").asText());
            }
        });
        return found;
    }
}
