package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.Wiring;
import dev.workshop.domain.element.ElementKind;
import dev.workshop.orchestration.Workspace;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code workshop mcp} in a child JVM, driven by the MCP Java SDK's own client over stdio: every tool, with the
 * annotations a host decides by, the elements as resources, and a subscription told when a board changes.
 */
@dev.workshop.testing.Slow
class WorkshopMcpServerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private McpSyncClient client;
    private String boardUri;
    private final CountDownLatch boardChanged = new CountDownLatch(1);

    @BeforeEach
    void start() {
        try (Workspace workspace = Wiring.openWorkspace(dir)) {
            String board = workspace.engine().elements().create(ElementKind.BOARD, "Ideas").value();
            workspace.engine().elements().create(ElementKind.PINBOARD, "Plans");
            boardUri = "workshop://board/" + board;
        }
        ServerParameters workshop = ServerParameters.builder(ProcessHandle.current().info().command().orElse("java"))
                .args("-cp", System.getProperty("java.class.path"), "dev.workshop.Main", "--data-dir", dir.toString(),
                        "mcp").build();
        client = McpClient.sync(new StdioClientTransport(workshop, new JacksonMcpJsonMapper(JSON)))
                .requestTimeout(Duration.ofSeconds(90)).initializationTimeout(Duration.ofSeconds(60))
                .resourcesUpdateConsumer(contents -> contents.stream().filter(c -> c.uri().equals(boardUri))
                        .findFirst().ifPresent(c -> boardChanged.countDown()))
                .build();
        client.initialize();
    }

    @AfterEach
    void stop() {
        client.closeGracefully();
    }

    private JsonNode call(String tool, Map<String, Object> arguments, String key) throws Exception {
        McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest(tool, arguments,
                key == null ? null : Map.of("idempotencyKey", key)));
        String text = ((McpSchema.TextContent) result.content().getFirst()).text();
        assertThat(result.isError()).as(text).isFalse();
        return JSON.readTree(text);
    }

    @Test
    void offersEveryToolWithTheAnnotationsAHostDecidesBy() {
        Map<String, McpSchema.Tool> tools = client.listTools().tools().stream()
                .collect(Collectors.toMap(McpSchema.Tool::name, Function.identity()));

        assertThat(tools.keySet()).containsExactlyInAnyOrder("list_conversations", "read_conversation",
                "start_conversation", "continue_conversation", "post", "pin", "vote_up", "vote_down", "comment",
                "keep", "release", "send", "read");
        assertThat(tools.get("read_conversation").annotations().readOnlyHint()).isTrue();
        assertThat(tools.get("read").annotations().readOnlyHint()).isTrue();
        assertThat(tools.get("post").annotations().idempotentHint()).isFalse();
        assertThat(tools.get("vote_up").annotations().idempotentHint()).isFalse();
        assertThat(tools.get("keep").annotations().idempotentHint()).isTrue();
        assertThat(tools.get("release").annotations().idempotentHint()).isTrue();
        assertThat(tools.get("start_conversation").annotations().readOnlyHint()).isFalse();
        assertThat(tools.get("pin").inputSchema().get("required")).isEqualTo(List.of("text"));
    }

    @Test
    void startsReadsListsAndContinuesAConversationOnceWhateverTheHostResends() throws Exception {
        Map<String, Object> start = Map.of("agents", List.of("Ada", "Bruno"), "task", "Name a bakery",
                "max_turns", 2, "wait_seconds", 60);

        JsonNode started = call("start_conversation", start, "start-1");
        JsonNode again = call("start_conversation", start, "start-1");
        String id = started.path("conversation_id").asText();
        JsonNode read = call("read_conversation", Map.of("conversation_id", id), null);
        JsonNode followed = call("continue_conversation", Map.of("conversation_id", id.substring(0, 8),
                "message", "Shorter names, please", "wait_seconds", 60), null);
        JsonNode list = call("list_conversations", Map.of(), null);

        assertThat(started.path("status").asText()).isEqualTo("completed");
        assertThat(again.path("conversation_id").asText()).isEqualTo(id);
        assertThat(again.path("already_started").asBoolean()).isTrue();
        assertThat(read.path("messages")).hasSize(2);
        assertThat(read.path("messages").get(0).path("speaker").asText()).isEqualTo("Ada");
        assertThat(followed.path("status").asText()).isEqualTo("completed");
        assertThat(call("read_conversation", Map.of("conversation_id", id), null).path("messages").size())
                .isGreaterThan(2);
        assertThat(list).hasSize(1);
        assertThat(list.get(0).path("conversation_id").asText()).isEqualTo(id);
    }

    @Test
    void aSubscribedHostIsToldWhenABoardChangesAndAResentPostIsPostedOnce() throws Exception {
        assertThat(client.listResources().resources()).extracting(McpSchema.Resource::uri).contains(boardUri);
        client.subscribeResource(new McpSchema.SubscribeRequest(boardUri));

        call("post", Map.of("text", "Croissants on Sundays"), "post-1");
        call("post", Map.of("text", "Croissants on Sundays"), "post-1");

        assertThat(boardChanged.await(30, TimeUnit.SECONDS)).isTrue();
        String board = ((McpSchema.TextResourceContents) client.readResource(new McpSchema.ReadResourceRequest(
                boardUri)).contents().getFirst()).text();
        assertThat(JSON.readTree(board).path("posts")).as(board).hasSize(1);
        assertThat(JSON.readTree(board).path("history").get(1).path("provenance").path("conversation_id").asText())
                .isEqualTo("mcp:post-1");
        McpSchema.CallToolResult missing = client.callTool(new McpSchema.CallToolRequest("vote_up",
                Map.of("pin", "P99")));
        assertThat(missing.isError()).isTrue();
    }

    @Test
    void everyElementActionWorksThroughItsTool() throws Exception {
        assertThat(call("pin", Map.of("text", "Open on Sunday"), null).path("said").asText()).startsWith("Pinned P1");
        for (String tool : List.of("vote_up", "vote_down", "keep", "release")) {
            assertThat(call(tool, Map.of("pin", "P1"), null).path("result").asText()).as(tool).isEqualTo("applied");
        }
        call("comment", Map.of("pin", "P1", "text", "Sunday mornings only"), null);
        call("send", Map.of("to", "Ada", "text", "Can you bake on Sundays?"), null);
        JsonNode read = call("read", Map.of("element", "Plans"), null);

        assertThat(read.path("said").asText()).contains("Open on Sunday");
        String plans = client.listResources().resources().stream().filter(r -> r.name().equals("Plans"))
                .findFirst().orElseThrow().uri();
        JsonNode pinboard = JSON.readTree(((McpSchema.TextResourceContents) client.readResource(
                new McpSchema.ReadResourceRequest(plans)).contents().getFirst()).text());
        assertThat(pinboard.toString()).contains("Sunday mornings only");
        assertThat(client.listResources().resources()).extracting(McpSchema.Resource::uri)
                .anyMatch(uri -> uri.startsWith("workshop://inbox/"));
    }
}
