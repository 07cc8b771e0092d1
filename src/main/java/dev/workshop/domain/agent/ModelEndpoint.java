package dev.workshop.domain.agent;

/**
 * Where an agent's model is served and how it is called: an OpenAI-compatible base URL, sampling settings,
 * and where the API key is: the <em>name</em> of the environment variable that holds it, or the desktop's secret
 * store (the key itself is never in Workshop's files).
 *
 * @param temperature {@code null} for the server's default
 * @param maxTokens   {@code null} for the server's default
 * @param apiKeyEnv   empty when the endpoint needs no key (a local Ollama or llama.cpp server)
 * @param firstTokenTimeoutSeconds how long an attempt may wait for the first word; {@code null} for the default
 * @param idleTimeoutSeconds how long a reply may fall silent between two pieces; {@code null} for the default
 * @param contextTokens how many tokens the model takes in (prompt and reply); {@code null} for
 *                      {@link #DEFAULT_CONTEXT_TOKENS}. A prompt is fitted into it, and cut further when the server
 *                      says it is still too long.
 * @param keyInSecretStore whether the key was typed in and is kept in the desktop's secret store (under the agent's
 *                         id; never in Workshop's files), which then takes the place of {@code apiKeyEnv}
 */
public record ModelEndpoint(String baseUrl, Double temperature, Integer maxTokens, String apiKeyEnv,
                            Integer firstTokenTimeoutSeconds, Integer idleTimeoutSeconds, Integer contextTokens,
                            boolean keyInSecretStore) {
    /** Most servers take at least this; a smaller one says so, and the prompt is cut again. */
    public static final int DEFAULT_CONTEXT_TOKENS = 8192;
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
        if (contextTokens != null && (contextTokens < 512 || contextTokens > 10_000_000)) {
            throw new IllegalArgumentException("The context must be 512 to 10000000 tokens, was " + contextTokens);
        }
    }

    /** An endpoint whose key, if any, is in an environment variable. */
    public ModelEndpoint(String baseUrl, Double temperature, Integer maxTokens, String apiKeyEnv,
                         Integer firstTokenTimeoutSeconds, Integer idleTimeoutSeconds, Integer contextTokens) {
        this(baseUrl, temperature, maxTokens, apiKeyEnv, firstTokenTimeoutSeconds, idleTimeoutSeconds, contextTokens,
                false);
    }

    /** This endpoint with its key kept in the secret store, or not. */
    public ModelEndpoint withKeyInSecretStore(boolean kept) {
        return new ModelEndpoint(baseUrl, temperature, maxTokens, apiKeyEnv, firstTokenTimeoutSeconds,
                idleTimeoutSeconds, contextTokens, kept);
    }

    /** An endpoint with the default context. */
    public ModelEndpoint(String baseUrl, Double temperature, Integer maxTokens, String apiKeyEnv,
                         Integer firstTokenTimeoutSeconds, Integer idleTimeoutSeconds) {
        this(baseUrl, temperature, maxTokens, apiKeyEnv, firstTokenTimeoutSeconds, idleTimeoutSeconds, null);
    }

    /**
     * The tokens a prompt may take: the context, less what the reply may take (its limit, or a quarter of the
     * context when none is set).
     */
    public int promptBudgetTokens() {
        return promptBudgetTokens(DEFAULT_CONTEXT_TOKENS);
    }

    /** As {@link #promptBudgetTokens()}, with {@code serverContext} where the agent sets no context of its own. */
    public int promptBudgetTokens(int serverContext) {
        int context = contextTokens == null ? serverContext : contextTokens;
        int reply = maxTokens != null ? maxTokens : context / 4;
        return Math.max(256, context - reply);
    }

    /** An endpoint with the gateway's default timeouts. */
    public ModelEndpoint(String baseUrl, Double temperature, Integer maxTokens, String apiKeyEnv) {
        this(baseUrl, temperature, maxTokens, apiKeyEnv, null, null, null);
    }

    private static void requireTimeout(String which, Integer seconds) {
        if (seconds != null && (seconds < 1 || seconds > 3600)) {
            throw new IllegalArgumentException("The " + which + " timeout must be 1 to 3600 seconds, was " + seconds);
        }
    }
}
