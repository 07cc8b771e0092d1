package dev.workshop.gateway.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.ModelEndpoint;
import dev.workshop.gateway.AgentGateway;
import dev.workshop.gateway.GatewayException;
import dev.workshop.gateway.GatewayReply;
import dev.workshop.gateway.GatewayRequest;
import dev.workshop.gateway.ReplyListener;
import dev.workshop.gateway.RetryNotice;
import dev.workshop.gateway.SecretStore;
import dev.workshop.gateway.SecretStoreException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;

/**
 * Streams a reply from any OpenAI-compatible Chat Completions endpoint (Ollama, llama.cpp server, vLLM,
 * LM Studio, OpenAI) with the JDK's HTTP client (see docs/decisions/0003-openai-compatible-gateway.md).
 * Partial text of a failed attempt is never returned: a reply is only what one whole stream produced.
 */
public final class OpenAiCompatibleGateway implements AgentGateway {
    /**
     * Made on the first request: building the JDK's HTTP client (its selector thread, its SSL set-up) took a
     * cold JVM about 150 ms, which every command and every start of the app paid, although most
     * conversations never leave the machine.
     */
    private HttpClient client;
    /** How the servers in use word a prompt over the context (OpenAI, llama.cpp, vLLM, Ollama, LM Studio). */
    private static final java.util.regex.Pattern CONTEXT_EXCEEDED = java.util.regex.Pattern.compile(
            "context|too long|too many tokens|maximum.*length|exceed", java.util.regex.Pattern.CASE_INSENSITIVE);
    /** What a server that calls no functions says of a request that offers them. */
    private static final java.util.regex.Pattern TOOLS = java.util.regex.Pattern.compile(
            "tool|function", java.util.regex.Pattern.CASE_INSENSITIVE);
    private final HttpPolicy policy;
    private final UnaryOperator<String> environment;
    private final SecretStore secrets;
    private final ObjectMapper json = new ObjectMapper();
    private final Random random = new Random();
    /** What each server said of its context when asked, by base URL (empty: it did not say). */
    private final java.util.Map<String, OptionalInt> contexts = new java.util.concurrent.ConcurrentHashMap<>();
    private static final Duration PROPS_TIMEOUT = Duration.ofSeconds(3);

    /** @param environment reads an environment variable by name (the keys live there, never in our files) */
    public OpenAiCompatibleGateway(HttpPolicy policy, UnaryOperator<String> environment) {
        this(policy, environment, SecretStore.none("No secret store is used here"));
    }

    /** @param secrets where a key typed in the agent editor is kept */
    public OpenAiCompatibleGateway(HttpPolicy policy, UnaryOperator<String> environment, SecretStore secrets) {
        this.policy = policy;
        this.environment = environment;
        this.secrets = secrets;
    }

    /** Never blocks on I/O: a virtual thread holding this monitor pins its carrier only for that moment. */
    private synchronized HttpClient client() {
        if (client == null) {
            client = HttpClient.newBuilder().connectTimeout(policy.connectTimeout())
                    .version(HttpClient.Version.HTTP_1_1).build();
        }
        return client;
    }

    @Override
    public GatewayReply reply(GatewayRequest request, ReplyListener tokens)
            throws GatewayException, InterruptedException {
        AgentDefinition agent = request.agent();
        URI uri = endpoint(agent);
        String key = key(agent);
        String body = ChatRequestBody.of(json, request);
        HttpPolicy timing = policy.forEndpoint(agent.endpoint());
        int attempts = policy.maxRetries() + 1;
        StreamFailure last = null;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            if (last != null) {
                Duration delay = policy.backoff(attempt - 1, last.retryAfter(), random);
                tokens.retrying(new RetryNotice(attempt, attempts, last.getMessage(), delay));
                Thread.sleep(delay.toMillis());
            }
            try {
                return stream(agent, uri, key, body, tokens, timing, request.tools().offered());
            } catch (StreamFailure failure) {
                last = failure;
            }
        }
        if (last.emptyReply()) {
            throw new GatewayException(agent.name() + ": " + last.getMessage() + " (gave up after " + attempts
                    + " attempts; check the agent's model and persona, then Retry)", false, last);
        }
        throw new GatewayException(agent.name() + ": " + last.getMessage() + " (gave up after " + attempts
                + " attempts; Retry once " + uri.getHost() + " answers again)", true, last);
    }

    /**
     * The context llama.cpp's server reports ({@code GET /props}, {@code default_generation_settings.n_ctx}: per
     * slot, which is what one request gets), asked once per server; other servers do not say, and are left empty.
     */
    @Override
    public OptionalInt contextTokens(AgentDefinition agent) throws InterruptedException {
        String base = agent.endpoint().baseUrl();
        if (base.isBlank()) {
            return OptionalInt.empty();
        }
        OptionalInt known = contexts.get(base);
        if (known != null) {
            return known;
        }
        OptionalInt asked = askContext(base);
        contexts.put(base, asked);
        return asked;
    }

    private OptionalInt askContext(String base) throws InterruptedException {
        try {
            URI root = URI.create(base.endsWith("/") ? base : base + "/").resolve("/props");
            HttpResponse<String> response = client().send(HttpRequest.newBuilder(root).timeout(PROPS_TIMEOUT).GET()
                    .build(), HttpResponse.BodyHandlers.ofString());
            int context = response.statusCode() != 200 ? 0
                    : json.readTree(response.body()).path("default_generation_settings").path("n_ctx").asInt(0);
            return context > 0 ? OptionalInt.of(context) : OptionalInt.empty();
        } catch (IOException | IllegalArgumentException notSaid) {
            return OptionalInt.empty();
        }
    }

    private URI endpoint(AgentDefinition agent) throws GatewayException {
        ModelEndpoint endpoint = agent.endpoint();
        if (endpoint.baseUrl().isBlank() || agent.model().isBlank()) {
            throw new GatewayException("Agent " + agent.name() + " needs a base URL and a model to reach its "
                    + "OpenAI-compatible endpoint", false);
        }
        String base = endpoint.baseUrl().endsWith("/") ? endpoint.baseUrl() : endpoint.baseUrl() + "/";
        try {
            return URI.create(base).resolve("chat/completions");
        } catch (IllegalArgumentException e) {
            throw new GatewayException("Agent " + agent.name() + " has a base URL that is not a URL: "
                    + endpoint.baseUrl(), false, e);
        }
    }

    private String key(AgentDefinition agent) throws GatewayException {
        if (agent.endpoint().keyInSecretStore()) {
            try {
                return secrets.key(agent.id()).orElseThrow(() -> new GatewayException("The API key of agent "
                        + agent.name() + " is no longer in the desktop's secret store: give it again in Agents…",
                        false));
            } catch (SecretStoreException e) {
                throw new GatewayException("Agent " + agent.name() + "'s API key could not be read: "
                        + e.getMessage(), false, e);
            }
        }
        String variable = agent.endpoint().apiKeyEnv();
        if (variable.isEmpty()) {
            return null;
        }
        String key = environment.apply(variable);
        if (key == null || key.isBlank()) {
            throw new GatewayException("Agent " + agent.name() + " reads its API key from the environment variable "
                    + variable + ", which is not set", false);
        }
        return key;
    }

    private GatewayReply stream(AgentDefinition agent, URI uri, String key, String body, ReplyListener tokens,
                                HttpPolicy timing, boolean offeredTools)
            throws StreamFailure, GatewayException, InterruptedException {
        long started = System.nanoTime();
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(policy.totalTimeout())
                .header("Content-Type", "application/json").header("Accept", "text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (key != null) {
            builder.header("Authorization", "Bearer " + key);
        }
        HttpResponse<InputStream> response = awaitHeaders(client().sendAsync(builder.build(),
                HttpResponse.BodyHandlers.ofInputStream()), uri, timing);
        try (InputStream stream = response.body()) {
            checkStatus(agent, uri, response, offeredTools);
            return readEvents(agent, uri, stream, tokens, started, timing);
        } catch (IOException e) {
            if (Thread.interrupted()) {
                throw new InterruptedException("The reply from " + uri.getHost() + " was cancelled");
            }
            throw new StreamFailure("the connection to " + uri + " failed: " + e.getMessage(), Duration.ZERO, e);
        }
    }

    /** Waits for the response head no longer than the first-token timeout; an abort cancels the request. */
    private HttpResponse<InputStream> awaitHeaders(CompletableFuture<HttpResponse<InputStream>> pending, URI uri,
                                                   HttpPolicy timing) throws StreamFailure, InterruptedException {
        try {
            return pending.get(timing.firstTokenTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            pending.cancel(true);
            throw e;
        } catch (TimeoutException e) {
            pending.cancel(true);
            throw new StreamFailure(uri + " did not answer within " + seconds(timing.firstTokenTimeout()),
                    Duration.ZERO, e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            String what = cause instanceof HttpTimeoutException ? "did not answer in time"
                    : cause instanceof java.net.ConnectException ? "refused the connection (is the server running?)"
                    : "could not be reached: " + cause;
            throw new StreamFailure(uri + " " + what, Duration.ZERO, cause);
        }
    }

    private void checkStatus(AgentDefinition agent, URI uri, HttpResponse<InputStream> response, boolean offeredTools)
            throws StreamFailure, GatewayException, IOException {
        int status = response.statusCode();
        if (status == 200) {
            return;
        }
        String detail = errorDetail(response.body());
        if (status == 401 || status == 403) {
            String variable = agent.endpoint().apiKeyEnv();
            // Read in the app and on the command line alike: the hint names both places a key variable is set.
            throw new GatewayException(variable.isEmpty()
                    ? uri.getHost() + " refused to answer agent " + agent.name() + " without a key (HTTP " + status
                            + detail + "). Name the environment variable that holds the key (API key variable in "
                            + "Agents…, or --api-key-env)."
                    : uri.getHost() + " refused the API key of agent " + agent.name() + " (HTTP " + status + detail
                            + "). Check the key in the environment variable " + variable + ".", false);
        }
        if (status == 404) {
            throw new GatewayException("Model " + agent.model() + " was not found at " + uri + " (HTTP 404)" + detail,
                    false);
        }
        if ((status == 400 || status == 413) && CONTEXT_EXCEEDED.matcher(detail).find()) {
            throw GatewayException.promptTooLong(uri.getHost() + " refused the prompt for agent " + agent.name()
                    + " as too long for the model's context (HTTP " + status + detail + ")");
        }
        if (status == 400 && offeredTools && TOOLS.matcher(detail).find()) {
            throw GatewayException.toolsRefused(uri.getHost() + " does not take tools for agent " + agent.name()
                    + " (HTTP 400" + detail + ")");
        }
        if (status == 429 || status >= 500) {
            throw new StreamFailure(uri.getHost() + " answered HTTP " + status + detail, retryAfter(response), null);
        }
        throw new GatewayException(uri + " refused the request for agent " + agent.name() + " (HTTP " + status + ")"
                + detail, false);
    }

    private static Duration retryAfter(HttpResponse<?> response) {
        return response.headers().firstValue("Retry-After").map(value -> {
            try {
                return Duration.ofSeconds(Math.min(300, Long.parseLong(value.strip())));
            } catch (NumberFormatException httpDate) {
                return Duration.ofSeconds(5);
            }
        }).orElse(Duration.ZERO);
    }

    private String errorDetail(InputStream body) throws IOException {
        byte[] bytes = body.readNBytes(2000);
        if (bytes.length == 0) {
            return "";
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        try {
            JsonNode message = json.readTree(text).path("error").path("message");
            if (!message.isMissingNode()) {
                return ": " + message.asText();
            }
        } catch (IOException notJson) {
            // Show the start of whatever the server said.
        }
        return ": " + text.strip().lines().findFirst().orElse("");
    }

    /**
     * Reads {@code data:} lines until {@code [DONE]}. A watchdog closes the stream when the first word, the next
     * piece or the whole reply is late, which ends the blocking read.
     */
    private GatewayReply readEvents(AgentDefinition agent, URI uri, InputStream stream, ReplyListener tokens,
                                    long started, HttpPolicy timing) throws IOException, StreamFailure {
        StringBuilder text = new StringBuilder();
        String model = agent.model();
        int promptTokens = -1;
        int completionTokens = -1;
        boolean cutAtLimit = false;
        ToolCallPieces calls = new ToolCallPieces();
        Watchdog watchdog = new Watchdog(uri.getHost(), timing, started);
        Thread watching = Thread.ofVirtual().start(() -> watchdog.watch(stream));
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                watchdog.heard();
                if (!line.startsWith("data:")) {
                    continue;
                }
                String data = line.substring(5).strip();
                if (data.equals("[DONE]")) {
                    if (text.toString().isBlank() && calls.isEmpty()) {
                        throw StreamFailure.emptyReply(uri.getHost());
                    }
                    return new GatewayReply(text.toString(), model, promptTokens, completionTokens,
                            Duration.ofNanos(System.nanoTime() - started), cutAtLimit, calls.calls());
                }
                JsonNode chunk = parse(uri, data);
                if (chunk.has("error")) {
                    throw new StreamFailure(uri.getHost() + " reported an error mid-stream: "
                            + chunk.path("error").path("message").asText(chunk.path("error").toString()));
                }
                model = chunk.path("model").asText(model);
                JsonNode usage = chunk.path("usage");
                if (usage.isObject()) {
                    promptTokens = usage.path("prompt_tokens").asInt(-1);
                    completionTokens = usage.path("completion_tokens").asInt(-1);
                }
                cutAtLimit |= "length".equals(chunk.path("choices").path(0).path("finish_reason").asText(""));
                JsonNode toolCalls = chunk.path("choices").path(0).path("delta").path("tool_calls");
                if (toolCalls.isArray()) {
                    watchdog.firstWord();
                    calls.add(toolCalls);
                }
                String token = chunk.path("choices").path(0).path("delta").path("content").asText("");
                if (!token.isEmpty()) {
                    watchdog.firstWord();
                    text.append(token);
                    tokens.accept(token);
                }
            }
        } catch (IOException e) {
            Optional<String> late = watchdog.lateness();
            if (late.isPresent()) {
                throw new StreamFailure(late.get());
            }
            throw e;
        } finally {
            watching.interrupt();
        }
        if (watchdog.lateness().isPresent()) {
            throw new StreamFailure(watchdog.lateness().get());
        }
        throw new StreamFailure("the stream from " + uri.getHost() + " was cut before it finished");
    }

    /** The request body {@link #reply} sends, byte for byte. */
    @Override
    public String preview(GatewayRequest request) {
        return ChatRequestBody.of(json, request);
    }

    static String seconds(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }

    private JsonNode parse(URI uri, String data) throws StreamFailure {
        try {
            return json.readTree(data);
        } catch (IOException e) {
            throw new StreamFailure(uri.getHost() + " sent a chunk that is not JSON: "
                    + (data.length() > 80 ? data.substring(0, 80) + "…" : data), Duration.ZERO, e);
        }
    }
}
