package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.ModelEndpoint;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.tool.ToolPolicy;
import dev.workshop.domain.tool.ToolServer;
import dev.workshop.gateway.openai.FakeChatServer;
import dev.workshop.orchestration.Workspace;
import dev.workshop.testing.mcp.CountingToolServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Workshop killed with SIGKILL between an outside call's pending record and its answer, the test's MCP server
 * counting what really ran: a read-only call is sent again after the restart, once, under the same idempotency key;
 * a side-effecting one is never sent again by itself — it waits, in doubt, for the user's word. And an approval
 * the user has not given yet comes back pending after a kill.
 */
@dev.workshop.testing.Slow
class OutsideToolsKillNineTest {
    @TempDir
    Path dir;

    private FakeChatServer model;
    private Path executions;
    private ChildWorkshop child;
    private String rita;

    @BeforeEach
    void start() throws Exception {
        model = new FakeChatServer();
        executions = dir.resolve("executions.txt");
        child = new ChildWorkshop(dir.resolve("data"));
        try (Workspace workspace = Wiring.openWorkspace(dir.resolve("data"))) {
            for (String name : List.of("Rita", "Basil")) {
                workspace.agents().add(new AgentDefinition(new AgentId("agent-" + name.toLowerCase(java.util.Locale.ROOT)), name, "You are " + name + ".",
                        AgentDefinition.OPENAI_COMPATIBLE, "model", null, new ModelEndpoint(model.baseUrl(), 0.7, 64,
                        "")));
            }
            rita = workspace.agents().findByIdOrName("Rita").orElseThrow().id().value();
            Map.Entry<String, List<String>> command = CountingToolServer.command(executions, "");
            workspace.engine().calls().toolbox().saveServer(ToolServer.stdio("counting", command.getKey(),
                    command.getValue(), Map.of()));
        }
    }

    @AfterEach
    void stop() {
        model.close();
    }

    /** The model calls {@code tool} when its request holds no answer of a tool yet, and then says it is done. */
    private void modelCalls(String tool) {
        for (int i = 0; i < 6; i++) {
            model.then((exchange, request) -> (request.toString().contains("\"role\":\"tool\"")
                    ? FakeChatServer.stream("Done.") : FakeChatServer.toolCalls("counting__" + tool,
                    "{\"text\":\"otter\"}")).answer(exchange, request));
        }
    }

    private void grant(String tool, ToolPolicy policy) throws Exception {
        try (Workspace workspace = Wiring.openWorkspace(dir.resolve("data"))) {
            workspace.engine().calls().toolbox().grant(new AgentId(rita), "counting/" + tool, policy);
        }
    }

    /** Runs Rita's one turn and kills Workshop (with its tool server) once the call has reached the server. */
    private void runAndKillMidCall() throws Exception {
        Files.writeString(CountingToolServer.blocker(executions), "block");
        Process run = child.start(List.of("run", "--agents", "Rita,Basil", "--prompt", "Look into otters",
                "--max-turns", "1"));
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> !CountingToolServer.executions(executions).isEmpty());
        } finally {
            run.descendants().forEach(ProcessHandle::destroyForcibly);
            run.destroyForcibly();
            assertThat(run.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        Files.delete(CountingToolServer.blocker(executions));
    }

    private ConversationState onlyConversation() throws Exception {
        try (Workspace workspace = Wiring.openWorkspace(dir.resolve("data"))) {
            return workspace.store().list(workspace.tenant()).getFirst();
        }
    }

    @Test
    void aReadOnlyCallCutOffByAKillIsSentAgainOnceWithTheSameKey() throws Exception {
        grant("slow_lookup", ToolPolicy.ALLOW);
        modelCalls("slow_lookup");

        runAndKillMidCall();
        child.run(List.of("resume"));

        ConversationState state = onlyConversation();
        String key = "workshop:" + state.id().value() + ":0:0";
        assertThat(CountingToolServer.executions(executions)).containsExactly("slow_lookup " + key + " {text=otter}",
                "slow_lookup " + key + " {text=otter}");
        assertThat(state.status().wireName()).isEqualTo("completed");
    }

    @Test
    void aSideEffectingCallCutOffByAKillIsInDoubtAndNotSentAgainUntilTheUserSays() throws Exception {
        grant("slow_append", ToolPolicy.ALLOW);
        modelCalls("slow_append");

        runAndKillMidCall();
        child.run(List.of("resume"));

        ConversationState state = onlyConversation();
        assertThat(CountingToolServer.executions(executions)).hasSize(1);
        assertThat(state.statusCause().wireName()).isEqualTo("call_in_doubt");
        JsonNode shown = new ObjectMapper().readTree(child.run(List.of("approve", state.id().value(), "--show")));
        assertThat(shown.path("waits_for").asText()).isEqualTo("word_on_a_call_in_doubt");
        assertThat(shown.path("tool").asText()).isEqualTo("slow_append");

        child.run(List.of("settle", state.id().value(), "ran"));

        assertThat(CountingToolServer.executions(executions)).hasSize(1);
        JsonNode call = new ObjectMapper().readTree(child.run(List.of("show", state.id().value(), "--json")))
                .path("tool_calls").get(0);
        assertThat(call.path("standing").asText()).isEqualTo("done");
        assertThat(call.path("result").asText()).startsWith("The user says this call ran");
        assertThat(onlyConversation().status().wireName()).isEqualTo("completed");
    }

    @Test
    void anApprovalNotYetGivenComesBackPendingAfterAKill() throws Exception {
        modelCalls("lookup");
        Process run = child.start(List.of("run", "--agents", "Rita,Basil", "--prompt", "Look into otters",
                "--max-turns", "1"));
        // Killed as soon as the model has asked for the call: before, while or after the ask is recorded.
        await().atMost(Duration.ofSeconds(60)).until(() -> !model.requests.isEmpty());
        run.descendants().forEach(ProcessHandle::destroyForcibly);
        run.destroyForcibly();
        assertThat(run.waitFor(30, TimeUnit.SECONDS)).isTrue();

        child.run(List.of("resume"));
        ConversationState paused = onlyConversation();
        assertThat(paused.statusCause().wireName()).isEqualTo("approval_needed");
        assertThat(CountingToolServer.executions(executions)).isEmpty();

        child.run(List.of("approve", paused.id().value(), "--edit", "{\"text\":\"seal\"}"));

        assertThat(CountingToolServer.executions(executions)).containsExactly("lookup workshop:"
                + paused.id().value() + ":0:0 {text=seal}");
        assertThat(onlyConversation().status().wireName()).isEqualTo("completed");
    }
}
