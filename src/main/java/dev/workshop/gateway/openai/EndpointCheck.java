package dev.workshop.gateway.openai;

import dev.workshop.gateway.EndpointChecker;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.domain.agent.EndpointReport;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * "Test connection" for an OpenAI-compatible server: asks it for its models ({@code GET <base>/models}, which
 * Ollama, llama.cpp's server, vLLM, LM Studio and OpenAI all answer) and says in one sentence what stands in
 * the way of an agent using it, or that nothing does.
 */
public final class EndpointCheck implements EndpointChecker {
    /** The most model names a report quotes in its sentence; all of them are in its list. */
    private static final int NAMED_MODELS = 8;
    private final Duration timeout;
    private final UnaryOperator<String> environment;
    private final ObjectMapper json = new ObjectMapper();

    /** @param environment reads an environment variable by name (where the API key lives) */
    public EndpointCheck(Duration timeout, UnaryOperator<String> environment) {
        this.timeout = timeout;
        this.environment = environment;
    }

    /** Blocks for at most about twice the timeout (connecting, then answering); call it off the UI thread. */
    @Override
    public EndpointReport check(String baseUrl, String apiKeyEnv, String model) throws InterruptedException {
        String variable = apiKeyEnv == null ? "" : apiKeyEnv.strip();
        String key = variable.isEmpty() ? null : environment.apply(variable);
        if (!variable.isEmpty() && (key == null || key.isBlank())) {
            return EndpointReport.problem("The environment variable " + variable + " is not set where Workshop runs,"
                    + " so there is no key to send. Set it and start Workshop again, or clear the field if the"
                    + " server needs no key.");
        }
        return checkWithKey(baseUrl, key, variable.isEmpty() ? "" : "the key in " + variable, model);
    }

    @Override
    public EndpointReport checkWithKey(String baseUrl, String key, String keyIs, String model)
            throws InterruptedException {
        String base = baseUrl == null ? "" : baseUrl.strip();
        if (base.isEmpty()) {
            return EndpointReport.problem("Enter the server's base URL first, such as http://localhost:11434/v1");
        }
        URI uri;
        try {
            uri = new URI(base.endsWith("/") ? base + "models" : base + "/models");
            if (uri.getScheme() == null || !uri.getScheme().matches("https?") || uri.getHost() == null) {
                return EndpointReport.problem(base + " is not an http:// or https:// address");
            }
        } catch (URISyntaxException e) {
            return EndpointReport.problem(base + " is not a URL: " + e.getReason());
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout).GET();
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        HttpResponse<String> response;
        try (HttpClient client = HttpClient.newBuilder().connectTimeout(timeout)
                .version(HttpClient.Version.HTTP_1_1).build()) {
            response = client.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (HttpTimeoutException e) {
            return EndpointReport.problem(uri.getHost() + " did not answer within " + timeout.toSeconds() + " s");
        } catch (ConnectException e) {
            return EndpointReport.problem("Cannot reach " + uri.getScheme() + "://" + uri.getAuthority()
                    + ": the connection was refused. Is the server running?");
        } catch (IOException e) {
            return EndpointReport.problem("Cannot reach " + uri.getScheme() + "://" + uri.getAuthority() + ": "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        }
        return report(uri, key == null ? "" : keyIs, model == null ? "" : model.strip(), response);
    }

    private EndpointReport report(URI uri, String keyIs, String model, HttpResponse<String> response) {
        int status = response.statusCode();
        if (status == 401 || status == 403) {
            return EndpointReport.problem(uri.getHost() + " refused " + (keyIs.isEmpty() ? "to answer without a key"
                    : keyIs) + " (HTTP " + status + ")." + (keyIs.isEmpty()
                    ? " Give the key (API key), or name the environment variable that holds it." : " Check that key."));
        }
        if (status == 404) {
            return EndpointReport.problem(uri + " was not found (HTTP 404): the base URL of an OpenAI-compatible"
                    + " server usually ends in /v1");
        }
        if (status != 200) {
            return EndpointReport.problem(uri.getHost() + " answered HTTP " + status + firstLine(response.body()));
        }
        List<String> models = models(response.body());
        if (models == null) {
            return EndpointReport.problem(uri.getHost() + " answered, but not with a list of models: is " + uri
                    + " an OpenAI-compatible endpoint?");
        }
        if (model.isEmpty()) {
            return new EndpointReport(true, "Connected: the server offers " + count(models) + ". Pick one as the model.",
                    models);
        }
        if (models.stream().anyMatch(offered -> sameModel(offered, model))) {
            return new EndpointReport(true, "Connected: " + model + " is there (" + count(models) + " in all).", models);
        }
        return new EndpointReport(false, "Connected, but the server has no model " + model + "."
                + (models.isEmpty() ? " It offers none: pull or load one first." : " It offers: " + named(models)),
                models);
    }

    /** Ollama lists "llama3.2:latest" for a model asked for as "llama3.2". */
    private static boolean sameModel(String offered, String asked) {
        return offered.equals(asked) || offered.equals(asked + ":latest");
    }

    /** The ids of {@code {"data": [{"id": …}, …]}}, or null when the body is not that. */
    private List<String> models(String body) {
        try {
            JsonNode data = json.readTree(body).path("data");
            if (!data.isArray()) {
                return null;
            }
            List<String> ids = new ArrayList<>();
            data.forEach(entry -> {
                String id = entry.path("id").asText("");
                if (!id.isBlank()) {
                    ids.add(id);
                }
            });
            return ids;
        } catch (IOException e) {
            return null;
        }
    }

    private static String count(List<String> models) {
        return models.size() == 1 ? "1 model" : models.size() + " models";
    }

    private static String named(List<String> models) {
        String shown = String.join(", ", models.subList(0, Math.min(NAMED_MODELS, models.size())));
        return models.size() > NAMED_MODELS ? shown + " and " + (models.size() - NAMED_MODELS) + " more" : shown;
    }

    private static String firstLine(String body) {
        String line = body == null ? "" : body.strip().lines().findFirst().orElse("");
        return line.isEmpty() ? "" : ": " + (line.length() > 200 ? line.substring(0, 200) + "…" : line);
    }
}
