package dev.workshop.gateway.mcp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.domain.tool.OutsideTool;
import dev.workshop.domain.tool.ToolHints;
import dev.workshop.domain.tool.ToolServer;
import dev.workshop.gateway.ToolServerException;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;

/** One running outside server and the SDK's client for it. */
final class McpConnection {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JacksonMcpJsonMapper MAPPER = new JacksonMcpJsonMapper(JSON);
    /** At most this long to start and greet a server, whatever its calls' timeout. */
    private static final Duration MAX_START = Duration.ofSeconds(20);

    private final ToolServer server;
    private final McpSyncClient client;
    private final StderrTail stderr;
    /** Its process, watched while an answer is awaited (nothing to watch over HTTP). */
    private final StartWatch watch;
    private volatile boolean broken;

    private McpConnection(ToolServer server, McpSyncClient client, StderrTail stderr, StartWatch watch) {
        this.server = server;
        this.client = client;
        this.stderr = stderr;
        this.watch = watch;
    }

    static McpConnection start(ToolServer server, UnaryOperator<String> secrets) throws ToolServerException {
        StderrTail stderr = new StderrTail();
        StartWatch watch = server.overStdio() ? new StartWatch(server.command()) : StartWatch.none();
        McpClientTransport transport;
        try {
            transport = server.overStdio() ? stdio(server, secrets, stderr) : http(server, secrets);
        } catch (IllegalArgumentException unresolved) {
            throw new ToolServerException("Tool server " + server.name() + " cannot start: " + unresolved.getMessage(),
                    false, null);
        }
        McpSyncClient client = McpClient.sync(transport).requestTimeout(server.timeout())
                .initializationTimeout(server.timeout().compareTo(MAX_START) < 0 ? server.timeout() : MAX_START)
                .clientInfo(new McpSchema.Implementation("Workshop", "1")).build();
        try {
            watch.await(client::initialize);
        } catch (RuntimeException failed) {
            client.close();
            throw new ToolServerException(ServerSentences.couldNotStart(server, failed, stderr.last()), false, failed);
        }
        return new McpConnection(server, client, stderr, watch);
    }

    private static McpClientTransport stdio(ToolServer server, UnaryOperator<String> secrets, StderrTail stderr)
            throws ToolServerException {
        if (!onPath(server.command())) {
            throw new ToolServerException("Tool server " + server.name() + " cannot start: " + server.command()
                    + " was not found", false, null);
        }
        Map<String, String> env = new LinkedHashMap<>();
        server.env().forEach((name, value) -> env.put(name, secrets.apply(value)));
        ServerParameters parameters = ServerParameters.builder(server.command()).args(server.args()).env(env).build();
        StdioClientTransport transport = new StdioClientTransport(parameters, MAPPER);
        transport.setStdErrorHandler(stderr);
        return transport;
    }

    private static McpClientTransport http(ToolServer server, UnaryOperator<String> secrets) {
        HttpRequest.Builder request = HttpRequest.newBuilder();
        server.headers().forEach((name, value) -> request.header(name, secrets.apply(value)));
        return HttpClientStreamableHttpTransport.builder(server.url()).jsonMapper(MAPPER).requestBuilder(request)
                .connectTimeout(server.timeout()).build();
    }

    /** Whether {@code command} names a program that is there: a path, or a name found on PATH. */
    static boolean onPath(String command) {
        if (command.contains("/")) {
            return Files.isExecutable(Path.of(command));
        }
        String path = System.getenv().getOrDefault("PATH", "");
        for (String folder : path.split(java.io.File.pathSeparator)) {
            if (!folder.isEmpty() && Files.isExecutable(Path.of(folder, command))) {
                return true;
            }
        }
        return false;
    }

    boolean usable(ToolServer configured) {
        return !broken && server.equals(configured);
    }

    List<OutsideTool> tools() throws ToolServerException {
        try {
            List<OutsideTool> tools = new ArrayList<>();
            String cursor = null;
            do {
                McpSchema.ListToolsResult page = cursor == null ? client.listTools() : client.listTools(cursor);
                page.tools().forEach(tool -> tools.add(outside(tool)));
                cursor = page.nextCursor();
            } while (cursor != null && !cursor.isEmpty());
            return tools;
        } catch (RuntimeException failed) {
            broken = !(failed instanceof McpError);
            throw new ToolServerException(ServerSentences.failed(server, "list its tools", failed, stderr.last()),
                    false, failed);
        }
    }

    McpSchema.CallToolResult call(String tool, String arguments, String idempotencyKey) throws ToolServerException {
        Map<String, Object> parsed;
        try {
            parsed = JSON.readValue(arguments, new TypeReference<>() { });
        } catch (IOException notJson) {
            throw new ToolServerException("The arguments for " + server.name() + "/" + tool + " are not a JSON"
                    + " object", false, null);
        }
        McpSchema.CallToolRequest request = new McpSchema.CallToolRequest(tool, parsed == null ? Map.of() : parsed,
                Map.of("idempotencyKey", idempotencyKey));
        try {
            return watch.await(() -> client.callTool(request));
        } catch (McpError refused) {
            // The server answered, with an error: the call is over, and the model reads why.
            return McpSchema.CallToolResult.builder().addTextContent("Error: " + refused.getMessage())
                    .isError(true).build();
        } catch (RuntimeException failed) {
            broken = true;
            boolean timedOut = ServerSentences.causedBy(failed, TimeoutException.class);
            throw new ToolServerException(timedOut ? "Tool server " + server.name() + " did not answer " + tool
                    + " within " + server.timeout().toSeconds() + " s" : failed instanceof StartWatch.ServerExited
                    ? "Tool server " + server.name() + " exited while answering " + tool
                    + (stderr.last().isEmpty() ? "" : ", saying: " + stderr.last())
                    : ServerSentences.failed(server, "answer " + tool, failed, stderr.last()), true, failed);
        }
    }

    /** What the model reads of a result: its texts, or its structured content as JSON, or what kind it was. */
    static String text(McpSchema.CallToolResult result) {
        StringBuilder text = new StringBuilder();
        for (McpSchema.Content content : result.content() == null ? List.<McpSchema.Content>of() : result.content()) {
            if (!text.isEmpty()) {
                text.append('\n');
            }
            text.append(content instanceof McpSchema.TextContent piece ? piece.text() : "[" + content.type() + "]");
        }
        if (text.isEmpty() && result.structuredContent() != null) {
            try {
                text.append(JSON.writeValueAsString(result.structuredContent()));
            } catch (IOException e) {
                text.append(result.structuredContent());
            }
        }
        return text.toString();
    }

    private OutsideTool outside(McpSchema.Tool tool) {
        McpSchema.ToolAnnotations hints = tool.annotations();
        String schema;
        try {
            schema = tool.inputSchema() == null ? null : JSON.writeValueAsString(tool.inputSchema());
        } catch (IOException e) {
            schema = null;
        }
        return new OutsideTool(server.name(), tool.name(), tool.description(), schema, hints == null ? ToolHints.NONE
                : new ToolHints(Boolean.TRUE.equals(hints.readOnlyHint()), Boolean.TRUE.equals(hints.idempotentHint()),
                        !Boolean.FALSE.equals(hints.destructiveHint()) && !Boolean.TRUE.equals(hints.readOnlyHint())));
    }

    void close() {
        try {
            client.closeGracefully();
        } catch (RuntimeException ignored) {
            client.close();
        }
    }
}
