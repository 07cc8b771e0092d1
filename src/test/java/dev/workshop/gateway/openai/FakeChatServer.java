package dev.workshop.gateway.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * A real HTTP server on loopback that speaks the Chat Completions streaming wire format: each request takes
 * the next scripted answer (a stream, an error status, a stream cut halfway…); when the script is empty it
 * streams a normal reply naming the turn it was asked for.
 */
public final class FakeChatServer implements AutoCloseable {
    public interface Answer {
        void answer(HttpExchange exchange, JsonNode request) throws IOException, InterruptedException;
    }

    private final HttpServer server;
    private final ConcurrentLinkedQueue<Answer> script = new ConcurrentLinkedQueue<>();
    public final List<JsonNode> requests = new CopyOnWriteArrayList<>();
    /** Each request's body as it came, byte for byte (what the context viewer is compared with). */
    public final List<String> bodies = new CopyOnWriteArrayList<>();
    public final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final ObjectMapper json = new ObjectMapper();
    private final long replyDelayMillis;
    /** Released at close: answers that hold a connection open without a word wait on it, not on a timer. */
    private final java.util.concurrent.CountDownLatch closed = new java.util.concurrent.CountDownLatch(1);

    public FakeChatServer() throws IOException {
        this(0, 0);
    }

    /** @param port 0 for any free port; @param replyDelayMillis how long each default reply takes */
    public FakeChatServer(int port, long replyDelayMillis) throws IOException {
        this.replyDelayMillis = replyDelayMillis;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.createContext("/v1/chat/completions", this::handle);
        server.createContext("/props", this::props);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** Says, as llama.cpp's {@code /props} does, that each request gets {@code tokens} of context. */
    public FakeChatServer withPropsContext(int tokens) {
        propsContext = tokens;
        return this;
    }

    private volatile int propsContext;
    public final List<String> propsAsked = new CopyOnWriteArrayList<>();

    private void props(HttpExchange exchange) throws IOException {
        try (exchange) {
            propsAsked.add(exchange.getRequestURI().getPath());
            if (propsContext == 0) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            byte[] body = ("{\"default_generation_settings\":{\"n_ctx\":" + propsContext + "},\"total_slots\":1}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
        }
    }

    /** Refuses, as llama.cpp does, every prompt whose messages hold more than {@code chars} characters in all. */
    public FakeChatServer withContextOf(int chars) {
        contextChars = chars;
        return this;
    }

    private volatile int contextChars = Integer.MAX_VALUE;

    public FakeChatServer then(Answer answer) {
        script.add(answer);
        return this;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            bodies.add(body);
            JsonNode request = json.readTree(body);
            requests.add(request);
            authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            int promptChars = 0;
            for (JsonNode message : request.path("messages")) {
                promptChars += message.path("content").asText().length();
            }
            if (promptChars > contextChars) {
                status(400, "{\"error\":{\"code\":400,\"message\":\"the request exceeds the available context size,"
                        + " try increasing it\",\"type\":\"exceed_context_size_error\"}}", null).answer(exchange, request);
                return;
            }
            Answer answer = script.poll();
            if (answer == null && replyDelayMillis > 0) {
                Thread.sleep(replyDelayMillis);
            }
            (answer != null ? answer : stream("Reply from " + request.path("model").asText() + " to "
                    + lastUserLine(request))).answer(exchange, request);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException clientWentAway) {
            // The client cancelled or timed out: nothing left to send.
        }
    }

    private static String lastUserLine(JsonNode request) {
        JsonNode messages = request.path("messages");
        String user = messages.path(messages.size() - 1).path("content").asText();
        return user.lines().filter(line -> line.startsWith("Task: ")).findFirst().orElse("?");
    }

    static String chunk(String content) {
        return "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"model\":\"fake-model\",\"choices\":"
                + "[{\"index\":0,\"delta\":{\"content\":" + new ObjectMapper().valueToTree(content) + "}}]}\n\n";
    }

    static String usageChunk(int prompt, int completion) {
        return "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"model\":\"fake-model\",\"choices\":[],"
                + "\"usage\":{\"prompt_tokens\":" + prompt + ",\"completion_tokens\":" + completion + "}}\n\n";
    }

    private static OutputStream openStream(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        return exchange.getResponseBody();
    }

    private static void send(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** A whole reply, word by word, usage in the last chunk, then [DONE]. */
    public static Answer stream(String reply) {
        return (exchange, request) -> {
            OutputStream out = openStream(exchange);
            String[] words = reply.split(" ");
            for (int i = 0; i < words.length; i++) {
                send(out, chunk(i == 0 ? words[i] : " " + words[i]));
            }
            send(out, usageChunk(42, words.length));
            send(out, "data: [DONE]\n\n");
        };
    }

    /**
     * A reply of tool calls, as OpenAI streams them: each call's id and name first, its arguments in three pieces,
     * the calls' pieces interleaved, then {@code finish_reason: tool_calls} and [DONE]. {@code calls} holds pairs
     * of name and arguments.
     */
    public static Answer toolCalls(String... calls) {
        return (exchange, request) -> {
            OutputStream out = openStream(exchange);
            ObjectMapper json = new ObjectMapper();
            for (int i = 0; i < calls.length / 2; i++) {
                send(out, toolChunk(json, i, "{\"id\":\"call_" + i + "\",\"type\":\"function\",\"function\":{\"name\":"
                        + json.valueToTree(calls[2 * i]) + ",\"arguments\":\"\"}}"));
            }
            for (int piece = 0; piece < 3; piece++) {
                for (int i = 0; i < calls.length / 2; i++) {
                    String arguments = calls[2 * i + 1];
                    int from = arguments.length() * piece / 3;
                    int to = arguments.length() * (piece + 1) / 3;
                    send(out, toolChunk(json, i, "{\"function\":{\"arguments\":"
                            + json.valueToTree(arguments.substring(from, to)) + "}}"));
                }
            }
            send(out, "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"model\":\"fake-model\","
                    + "\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n");
            send(out, "data: [DONE]\n\n");
        };
    }

    private static String toolChunk(ObjectMapper json, int index, String call) throws IOException {
        ObjectNode delta = (ObjectNode) json.readTree(call);
        delta.put("index", index);
        return "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"model\":\"fake-model\",\"choices\":"
                + "[{\"index\":0,\"delta\":{\"tool_calls\":[" + delta + "]}}]}\n\n";
    }

    /** A reply that stops at the token limit: its words, then {@code finish_reason: length}, then [DONE]. */
    public static Answer cutAtTokenLimit(String reply) {
        return (exchange, request) -> {
            OutputStream out = openStream(exchange);
            for (String word : reply.split(" ")) {
                send(out, chunk(word + " "));
            }
            send(out, "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"model\":\"fake-model\","
                    + "\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"length\"}]}\n\n");
            send(out, "data: [DONE]\n\n");
        };
    }

    /** Waits before the first byte, then streams normally. */
    public static Answer slowFirstToken(long millis, String reply) {
        return (exchange, request) -> {
            OutputStream out = openStream(exchange);
            Thread.sleep(millis);
            stream(reply).answer(exchange, request);
        };
    }

    /** Streams part of a reply and drops the connection. */
    public static Answer cutAfter(String partial) {
        return (exchange, request) -> {
            OutputStream out = openStream(exchange);
            send(out, chunk(partial));
            out.close();
            exchange.close();
        };
    }

    public static Answer status(int code, String body, String retryAfter) {
        return (exchange, request) -> {
            if (retryAfter != null) {
                exchange.getResponseHeaders().add("Retry-After", retryAfter);
            }
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(code, bytes.length);
            exchange.getResponseBody().write(bytes);
        };
    }

    /** Headers and a first piece, then silence with the connection open: a server that stalled mid-reply. */
    public Answer stallAfter(String partial) {
        return (exchange, request) -> {
            OutputStream out = openStream(exchange);
            send(out, chunk(partial));
            closed.await(2, java.util.concurrent.TimeUnit.MINUTES);
        };
    }

    /** Takes the request and never answers it: not even the response's headers. */
    public Answer neverAnswers() {
        return (exchange, request) -> closed.await(2, java.util.concurrent.TimeUnit.MINUTES);
    }

    /** A whole, well-formed stream with no word in it (usage and [DONE] only). */
    public static Answer emptyReply() {
        return (exchange, request) -> {
            OutputStream out = openStream(exchange);
            send(out, usageChunk(42, 0));
            send(out, "data: [DONE]\n\n");
        };
    }

    public static Answer malformedChunk() {
        return (exchange, request) -> {
            OutputStream out = openStream(exchange);
            send(out, chunk("Half"));
            send(out, "data: {\"choices\":[{\"delta\":{\"content\": \"oops\"\n\n");
            send(out, "data: [DONE]\n\n");
        };
    }

    @Override
    public void close() {
        closed.countDown();
        server.stop(0);
    }
}
