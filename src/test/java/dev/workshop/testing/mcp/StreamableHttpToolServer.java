package dev.workshop.testing.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * A real MCP server over streamable HTTP for the tests, on the JDK's HttpServer: JSON-RPC posted to {@code /mcp},
 * answered as {@code application/json} (which the transport allows beside SSE), with a session id. One tool,
 * {@code echo} (read-only). It refuses, with 401, a request whose {@code Authorization} is not the one expected,
 * and keeps every header it got, so a test can see what a secret reference became on the wire.
 */
public final class StreamableHttpToolServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpServer server;
    private final String authorization;
    public final List<String> authorizations = new CopyOnWriteArrayList<>();

    public StreamableHttpToolServer(String authorization) throws IOException {
        this.authorization = authorization;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/mcp", this::handle);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/mcp";
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            if (!exchange.getRequestMethod().equals("POST")) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            if (!authorization.equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                send(exchange, 401, "{\"error\":\"unauthorized\"}");
                return;
            }
            JsonNode request = JSON.readTree(exchange.getRequestBody().readAllBytes());
            if (!request.has("id")) {
                exchange.sendResponseHeaders(202, -1);
                return;
            }
            ObjectNode reply = JSON.createObjectNode().put("jsonrpc", "2.0");
            reply.set("id", request.get("id"));
            ObjectNode result = reply.putObject("result");
            switch (request.path("method").asText()) {
                case "initialize" -> {
                    result.put("protocolVersion", request.path("params").path("protocolVersion").asText());
                    result.putObject("capabilities").putObject("tools");
                    result.putObject("serverInfo").put("name", "http-echo").put("version", "1");
                    exchange.getResponseHeaders().add("Mcp-Session-Id", "session-1");
                }
                case "tools/list" -> {
                    ObjectNode tool = result.putArray("tools").addObject().put("name", "echo")
                            .put("description", "Says it back.");
                    tool.putObject("inputSchema").put("type", "object");
                    tool.putObject("annotations").put("readOnlyHint", true);
                }
                case "tools/call" -> result.putArray("content").addObject().put("type", "text")
                        .put("text", "echo: " + request.path("params").path("arguments").path("text").asText());
                default -> result.removeAll();
            }
            send(exchange, 200, reply.toString());
        }
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
