package dev.workshop.ui.agents;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.ModelEndpoint;

/** The agent editor's fields as typed: what they say as an agent, or what is wrong with them. */
record AgentFormValues(String name, String colour, String persona, String provider, String model, String baseUrl,
                       String temperature, String maxTokens, String apiKeyEnv, String contextTokens,
                       String firstTokenTimeout, String idleTimeout) {

    /**
     * The agent these fields describe, under {@code id}.
     *
     * @throws IllegalArgumentException saying, for the user, which field is wrong and how
     */
    AgentDefinition toDefinition(AgentId id) {
        boolean remote = provider.equals(AgentDefinition.OPENAI_COMPATIBLE);
        if (!AgentDefinition.PROVIDERS.contains(provider)) {
            throw new IllegalArgumentException("Choose a provider: \"" + provider + "\" is not one Workshop knows");
        }
        if (name.isBlank()) {
            throw new IllegalArgumentException("Give the agent a name");
        }
        if (remote && (baseUrl.isBlank() || model.isBlank())) {
            throw new IllegalArgumentException("An OpenAI-compatible agent needs a base URL and a model");
        }
        ModelEndpoint endpoint = remote ? new ModelEndpoint(baseUrl, number(temperature, "Temperature"),
                integer(maxTokens, "Max tokens", "512"), apiKeyEnv,
                integer(firstTokenTimeout, "The wait for the first word", "60"),
                integer(idleTimeout, "The silence allowed mid-reply", "30"),
                integer(contextTokens, "The context", "8192")) : ModelEndpoint.NONE;
        return new AgentDefinition(id, name.strip(), persona, provider, model.strip(), colour, endpoint);
    }

    private static Double number(String text, String what) {
        if (text.isBlank()) {
            return null;
        }
        try {
            return Double.valueOf(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a number such as 0.7");
        }
    }

    /** A field's whole number, or null when it is empty (the default then applies). */
    private static Integer integer(String text, String what, String example) {
        if (text.isBlank()) {
            return null;
        }
        try {
            return Integer.valueOf(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a whole number such as " + example);
        }
    }
}
