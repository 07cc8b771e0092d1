package dev.workshop.gateway.mcp;

import dev.workshop.domain.tool.OutsideTool;
import dev.workshop.domain.tool.ToolServer;
import dev.workshop.gateway.ToolServerException;
import dev.workshop.gateway.ToolServers;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Outside tool servers spoken to with the Model Context Protocol's Java SDK (the only package that imports it for
 * the client side): one connection per server, started when first needed and kept; a connection that broke is
 * started again once before a call, and a call whose server died under it ends in doubt.
 */
public final class McpToolServers implements ToolServers {
    /** The SDK tells of every start and greeting at INFO: only its warnings reach Workshop's log. */
    private static final java.util.logging.Logger SDK_LOG = quiet(java.util.logging.Logger.getLogger("io.modelcontextprotocol"));
    private final Map<String, McpConnection> connections = new HashMap<>();
    /** Turns secret references in headers and environment values into the values, just before a server starts. */
    private final UnaryOperator<String> secrets;

    public McpToolServers(UnaryOperator<String> secrets) {
        this.secrets = secrets;
    }

    @Override
    public List<OutsideTool> tools(ToolServer server) throws ToolServerException {
        return connection(server).tools();
    }

    @Override
    public ToolAnswer call(ToolServer server, String tool, String arguments, String idempotencyKey)
            throws ToolServerException {
        McpConnection connection = connection(server);
        McpSchema.CallToolResult result = connection.call(tool, arguments, idempotencyKey);
        return new ToolAnswer(McpConnection.text(result), Boolean.TRUE.equals(result.isError()));
    }

    /** The server's connection, started (or started again, once it broke) as configured now. */
    private McpConnection connection(ToolServer server) throws ToolServerException {
        McpConnection existing;
        synchronized (connections) {
            existing = connections.get(server.name());
        }
        if (existing != null && existing.usable(server)) {
            return existing;
        }
        if (existing != null) {
            existing.close();
        }
        McpConnection started;
        synchronized (McpToolServers.class) {
            // One start at a time in this JVM: a starting server's process is told apart from others by that.
            started = McpConnection.start(server, secrets);
        }
        synchronized (connections) {
            McpConnection raced = connections.put(server.name(), started);
            if (raced != null && raced != existing) {
                raced.close();
            }
        }
        return started;
    }

    private static java.util.logging.Logger quiet(java.util.logging.Logger logger) {
        logger.setLevel(java.util.logging.Level.WARNING);
        return logger;
    }

    @Override
    public void close() {
        List<McpConnection> all;
        synchronized (connections) {
            all = List.copyOf(connections.values());
            connections.clear();
        }
        all.forEach(McpConnection::close);
    }
}
