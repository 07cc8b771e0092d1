package dev.workshop.domain.agent;

import java.util.List;
import java.util.Objects;

/**
 * An agent as the user defines it. The id is stable for the agent's whole life (conversations refer to it
 * across restarts); the provider names the gateway that answers for it ({@code offline} needs no network).
 */
public record AgentDefinition(AgentId id, String name, String persona, String provider, String model,
                              String avatarColor, ModelEndpoint endpoint) {
    public static final String OFFLINE = "offline";
    /** Any server that speaks the OpenAI Chat Completions API: Ollama, llama.cpp, vLLM, LM Studio, OpenAI. */
    public static final String OPENAI_COMPATIBLE = "openai";
    /** Every provider this Workshop has a gateway for, in the order the agent editor offers them. */
    public static final List<String> PROVIDERS = List.of(OFFLINE, OPENAI_COMPATIBLE);

    /** An agent without a model endpoint (the offline provider needs none). */
    public AgentDefinition(AgentId id, String name, String persona, String provider, String model, String avatarColor) {
        this(id, name, persona, provider, model, avatarColor, ModelEndpoint.NONE);
    }

    public AgentDefinition {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("An agent needs a name");
        }
        persona = persona == null ? "" : persona;
        provider = provider == null || provider.isBlank() ? OFFLINE : provider;
        model = model == null ? "" : model;
        if (avatarColor == null || avatarColor.isBlank()) {
            avatarColor = AvatarPalette.DEFAULT;
        } else if (!AvatarPalette.isValid(avatarColor)) {
            throw new IllegalArgumentException("An avatar colour is written #rrggbb, such as #0969da; \""
                    + avatarColor + "\" is not");
        } else {
            avatarColor = avatarColor.toLowerCase(java.util.Locale.ROOT);
        }
        endpoint = endpoint == null ? ModelEndpoint.NONE : endpoint;
    }

    /** This agent reaching its model through {@code other}. */
    public AgentDefinition withEndpoint(ModelEndpoint other) {
        return new AgentDefinition(id, name, persona, provider, model, avatarColor, other);
    }
}
