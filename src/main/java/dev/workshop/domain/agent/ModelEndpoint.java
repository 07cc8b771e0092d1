package dev.workshop.domain.agent;

/**
 * Where an agent's model is served and how it is called: an OpenAI-compatible base URL, sampling settings,
 * and the <em>name</em> of the environment variable that holds the API key (the key itself is never stored).
 *
 * @param temperature {@code null} for the server's default
 * @param maxTokens   {@code null} for the server's default
 * @param apiKeyEnv   empty when the endpoint needs no key (a local Ollama or llama.cpp server)
 */
public record ModelEndpoint(String baseUrl, Double temperature, Integer maxTokens, String apiKeyEnv) {
    public static final ModelEndpoint NONE = new ModelEndpoint("", null, null, "");

    public ModelEndpoint {
        baseUrl = baseUrl == null ? "" : baseUrl.strip();
        apiKeyEnv = apiKeyEnv == null ? "" : apiKeyEnv.strip();
        if (temperature != null && (temperature < 0 || temperature > 2)) {
            throw new IllegalArgumentException("The temperature must be between 0 and 2, was " + temperature);
        }
        if (maxTokens != null && maxTokens < 1) {
            throw new IllegalArgumentException("Max tokens must be at least 1, was " + maxTokens);
        }
    }
}
