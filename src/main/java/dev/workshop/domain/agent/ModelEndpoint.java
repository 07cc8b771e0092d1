package dev.workshop.domain.agent;

/**
 * Where an agent's model is served and how it is called: an OpenAI-compatible base URL, sampling settings,
 * and the <em>name</em> of the environment variable that holds the API key (the key itself is never stored).
 *
 * @param temperature {@code null} for the server's default
 * @param maxTokens   {@code null} for the server's default
 * @param apiKeyEnv   empty when the endpoint needs no key (a local Ollama or llama.cpp server)
 * @param firstTokenTimeoutSeconds how long an attempt may wait for the first word; {@code null} for the default
 * @param idleTimeoutSeconds how long a reply may fall silent between two pieces; {@code null} for the default
 */
public record ModelEndpoint(String baseUrl, Double temperature, Integer maxTokens, String apiKeyEnv,
                            Integer firstTokenTimeoutSeconds, Integer idleTimeoutSeconds) {
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
        requireTimeout("first-token", firstTokenTimeoutSeconds);
        requireTimeout("idle", idleTimeoutSeconds);
    }

    /** An endpoint with the gateway's default timeouts. */
    public ModelEndpoint(String baseUrl, Double temperature, Integer maxTokens, String apiKeyEnv) {
        this(baseUrl, temperature, maxTokens, apiKeyEnv, null, null);
    }

    private static void requireTimeout(String which, Integer seconds) {
        if (seconds != null && (seconds < 1 || seconds > 3600)) {
            throw new IllegalArgumentException("The " + which + " timeout must be 1 to 3600 seconds, was " + seconds);
        }
    }
}
