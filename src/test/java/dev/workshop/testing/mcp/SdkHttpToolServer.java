package dev.workshop.testing.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.startup.Tomcat;

/**
 * A real MCP server over streamable HTTP, built with the SDK's own servlet transport in an embedded Tomcat, for the
 * tests of the client: one tool, {@code record} (not idempotent), which keeps what it ran with and the idempotency
 * key it came under.
 */
public final class SdkHttpToolServer implements AutoCloseable {
    private final Tomcat tomcat = new Tomcat();
    /** Tomcat's working folder, removed at close. */
    private final java.nio.file.Path base;
    private final McpSyncServer server;
    public final List<String> executions = new CopyOnWriteArrayList<>();

    public SdkHttpToolServer() throws LifecycleException, java.io.IOException {
        base = java.nio.file.Files.createTempDirectory("workshop-mcp-tomcat");
        JacksonMcpJsonMapper mapper = new JacksonMcpJsonMapper(new ObjectMapper());
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider
                .builder().jsonMapper(mapper).mcpEndpoint("/mcp").build();
        McpSchema.Tool tool = McpSchema.Tool.builder().name("record").description("Records a line.")
                .inputSchema(mapper, "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}}}")
                .annotations(new McpSchema.ToolAnnotations(null, false, false, false, false, null)).build();
        server = McpServer.sync(transport).serverInfo("sdk-http", "1")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
                .tools(new McpServerFeatures.SyncToolSpecification(tool, (exchange, request) -> {
                    executions.add(request.arguments().get("text") + " " + request.meta().get("idempotencyKey"));
                    return McpSchema.CallToolResult.builder().addTextContent("recorded").build();
                })).build();
        tomcat.setPort(0);
        tomcat.setBaseDir(base.toString());
        Context context = tomcat.addContext("", null);
        Tomcat.addServlet(context, "mcp", transport).setAsyncSupported(true);
        context.addServletMappingDecoded("/*", "mcp");
        tomcat.getConnector();
        tomcat.start();
    }

    public String url() {
        return "http://127.0.0.1:" + tomcat.getConnector().getLocalPort() + "/mcp";
    }

    @Override
    public void close() throws LifecycleException, java.io.IOException {
        server.close();
        tomcat.stop();
        tomcat.destroy();
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(base)) {
            for (java.nio.file.Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                java.nio.file.Files.deleteIfExists(file);
            }
        }
    }
}
