package dev.workshop.testing.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * A real MCP server over stdio, built with the SDK, for the tests: it writes one line per execution to a file
 * ({@code tool key arguments}), so a test counts how often each call really ran and under which idempotency key.
 * Tools: {@code lookup} (read-only), {@code append_line} (changes something, not idempotent), {@code set_flag}
 * (idempotent), {@code hang} (never answers), {@code die} (exits mid-call), and {@code slow_lookup} (read-only) and
 * {@code slow_append} that never answer while {@link #blocker} is there. Modes, as the second argument:
 * {@code exit} (says why on stderr and exits at start), {@code garbage} (writes what is not JSON-RPC).
 */
public final class CountingToolServer {
    private static final String SCHEMA = "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}}}";

    private CountingToolServer() {
    }

    public static void main(String[] args) throws Exception {
        Path executions = Path.of(args[0]);
        String mode = args.length > 1 ? args[1] : "";
        if (mode.equals("exit")) {
            System.err.println("starting up");
            System.err.println("fatal: the database file is missing");
            System.exit(3);
        }
        if (mode.equals("garbage")) {
            System.out.println("this is not JSON-RPC");
            System.out.flush();
            new CountDownLatch(1).await();
        }
        JacksonMcpJsonMapper mapper = new JacksonMcpJsonMapper(new ObjectMapper());
        McpServer.sync(new StdioServerTransportProvider(mapper)).serverInfo("counting", "1")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
                .tools(tool(mapper, executions, "lookup", "Looks a word up.", hints(true, false, false)),
                        tool(mapper, executions, "append_line", "Appends a line to the notes.",
                                hints(false, false, false)),
                        tool(mapper, executions, "set_flag", "Sets a flag.", hints(false, true, false)),
                        tool(mapper, executions, "hang", "Never answers.", hints(false, false, false)),
                        tool(mapper, executions, "die", "Exits while answering.", hints(false, false, true)),
                        tool(mapper, executions, "slow_lookup", "Looks up slowly.", hints(true, false, false)),
                        tool(mapper, executions, "slow_append", "Appends slowly.", hints(false, false, false)))
                .build();
        new CountDownLatch(1).await();
    }

    private static McpSchema.ToolAnnotations hints(boolean readOnly, boolean idempotent, boolean destructive) {
        return new McpSchema.ToolAnnotations(null, readOnly, destructive, idempotent, false, null);
    }

    private static McpServerFeatures.SyncToolSpecification tool(JacksonMcpJsonMapper mapper, Path executions,
                                                                String name, String description,
                                                                McpSchema.ToolAnnotations hints) {
        McpSchema.Tool tool = McpSchema.Tool.builder().name(name).description(description)
                .inputSchema(mapper, SCHEMA).annotations(hints).build();
        return new McpServerFeatures.SyncToolSpecification(tool, (exchange, request) -> {
            Object key = request.meta() == null ? null : request.meta().get("idempotencyKey");
            record(executions, name + " " + key + " " + request.arguments());
            switch (name) {
                case "hang" -> sleepForever();
                case "slow_lookup", "slow_append" -> {
                    if (Files.exists(blocker(executions))) {
                        sleepForever();
                    }
                }
                case "die" -> {
                    System.err.println("dying on purpose");
                    System.err.flush();
                    Runtime.getRuntime().halt(7);
                }
                default -> { }
            }
            Object text = request.arguments() == null ? null : request.arguments().get("text");
            return McpSchema.CallToolResult.builder().addTextContent(name + " did " + text).build();
        });
    }

    private static void record(Path executions, String line) {
        try {
            Files.writeString(executions, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.SYNC);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void sleepForever() {
        try {
            new CountDownLatch(1).await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** While this file is there, the slow tools never answer (after recording that they ran). */
    public static Path blocker(Path executions) {
        return executions.resolveSibling(executions.getFileName() + ".block");
    }

    /** The executions recorded so far, one line each. */
    public static List<String> executions(Path executions) throws IOException {
        return Files.exists(executions) ? Files.readAllLines(executions) : List.of();
    }

    /** The server as a Workshop tool server's command line: this JVM's java, its class path, this class. */
    public static Map.Entry<String, List<String>> command(Path executions, String mode) {
        return Map.entry(ProcessHandle.current().info().command().orElse("java"), List.of("-cp",
                System.getProperty("java.class.path"), CountingToolServer.class.getName(), executions.toString(), mode));
    }
}
