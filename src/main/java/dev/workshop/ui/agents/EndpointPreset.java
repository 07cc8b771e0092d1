package dev.workshop.ui.agents;

import java.util.List;

/**
 * A server people commonly point an agent at, with its base URL in the exact form the gateway expects (ending
 * in {@code /v1}) and the environment variable its key usually lives in (none for local servers).
 *
 * @param name      what the menu shows
 * @param baseUrl   the OpenAI-compatible base URL
 * @param apiKeyEnv the key's usual variable, or "" when the server takes none
 */
record EndpointPreset(String name, String baseUrl, String apiKeyEnv) {
    /** Local servers first: they work without an account or a key. */
    public static final List<EndpointPreset> ALL = List.of(
            new EndpointPreset("Ollama on this computer", "http://localhost:11434/v1", ""),
            new EndpointPreset("LM Studio on this computer", "http://localhost:1234/v1", ""),
            new EndpointPreset("llama.cpp server on this computer", "http://localhost:8080/v1", ""),
            new EndpointPreset("OpenAI", "https://api.openai.com/v1", "OPENAI_API_KEY"),
            new EndpointPreset("OpenRouter", "https://openrouter.ai/api/v1", "OPENROUTER_API_KEY"),
            new EndpointPreset("Groq", "https://api.groq.com/openai/v1", "GROQ_API_KEY"));
}
