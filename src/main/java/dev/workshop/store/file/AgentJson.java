package dev.workshop.store.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.ModelEndpoint;

/**
 * An agent definition as JSON: the agent list's entries and the definitions a session held in git carries. Only
 * the <em>name</em> of a key's variable, or that the secret store holds the key, is written: a key never reaches
 * a file or a commit of ours.
 */
public final class AgentJson {
    private AgentJson() {
    }

    /** Writes {@code agent}'s fields into {@code node} and returns it. */
    public static ObjectNode write(AgentDefinition agent, ObjectNode node) {
        node.put("id", agent.id().value()).put("name", agent.name()).put("persona", agent.persona())
                .put("provider", agent.provider()).put("model", agent.model()).put("avatar_color", agent.avatarColor());
        ModelEndpoint endpoint = agent.endpoint();
        if (!endpoint.equals(ModelEndpoint.NONE)) {
            ObjectNode saved = node.putObject("endpoint").put("base_url", endpoint.baseUrl())
                    .put("temperature", endpoint.temperature()).put("max_tokens", endpoint.maxTokens())
                    .put("api_key_env", endpoint.apiKeyEnv());
            if (endpoint.firstTokenTimeoutSeconds() != null) {
                saved.put("first_token_timeout_s", endpoint.firstTokenTimeoutSeconds());
            }
            if (endpoint.idleTimeoutSeconds() != null) {
                saved.put("idle_timeout_s", endpoint.idleTimeoutSeconds());
            }
            if (endpoint.contextTokens() != null) {
                saved.put("context_tokens", endpoint.contextTokens());
            }
            if (endpoint.keyInSecretStore()) {
                saved.put("api_key_in_secret_store", true);
            }
        }
        return node;
    }

    /**
     * The agent {@code node} describes, with {@code colour} as its avatar colour (the caller decides what to do
     * with one it cannot draw).
     *
     * @throws IllegalArgumentException when a field is not valid (no name, a temperature out of range…)
     */
    public static AgentDefinition read(JsonNode node, String colour) {
        JsonNode endpoint = node.path("endpoint");
        return new AgentDefinition(new AgentId(node.path("id").asText()), node.path("name").asText(),
                node.path("persona").asText(""), node.path("provider").asText(""), node.path("model").asText(""),
                colour, new ModelEndpoint(endpoint.path("base_url").asText(""),
                endpoint.hasNonNull("temperature") ? endpoint.get("temperature").asDouble() : null,
                endpoint.hasNonNull("max_tokens") ? endpoint.get("max_tokens").asInt() : null,
                endpoint.path("api_key_env").asText(""),
                endpoint.hasNonNull("first_token_timeout_s") ? endpoint.get("first_token_timeout_s").asInt() : null,
                endpoint.hasNonNull("idle_timeout_s") ? endpoint.get("idle_timeout_s").asInt() : null,
                endpoint.hasNonNull("context_tokens") ? endpoint.get("context_tokens").asInt() : null,
                endpoint.path("api_key_in_secret_store").asBoolean(false)));
    }
}
