package dev.workshop.ui.agents;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AvatarPalette;
import dev.workshop.domain.agent.ModelEndpoint;
import java.util.List;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The agent form's fields as the user types them, each a text (a number is checked only when the agent is made
 * from them, {@link AgentFormValues#toDefinition}). FX thread only.
 */
public final class AgentFields {
    final StringProperty name = new SimpleStringProperty("");
    final StringProperty persona = new SimpleStringProperty("");
    final StringProperty provider = new SimpleStringProperty(AgentDefinition.OFFLINE);
    final StringProperty model = new SimpleStringProperty("");
    final StringProperty baseUrl = new SimpleStringProperty("");
    final StringProperty temperature = new SimpleStringProperty("");
    final StringProperty maxTokens = new SimpleStringProperty("");
    final StringProperty apiKeyEnv = new SimpleStringProperty("");
    final StringProperty contextTokens = new SimpleStringProperty("");
    final StringProperty firstTokenTimeout = new SimpleStringProperty("");
    final StringProperty idleTimeout = new SimpleStringProperty("");
    final StringProperty colour = new SimpleStringProperty(AvatarPalette.DEFAULT);

    /** Shows {@code agent}'s settings, or empty fields and {@code newColour} for a new agent (null). */
    void show(AgentDefinition agent, String newColour) {
        name.set(agent == null ? "" : agent.name());
        colour.set(agent == null ? newColour : agent.avatarColor());
        persona.set(agent == null ? "" : agent.persona());
        provider.set(agent == null ? AgentDefinition.OFFLINE : agent.provider());
        model.set(agent == null ? "" : agent.model());
        ModelEndpoint endpoint = agent == null ? ModelEndpoint.NONE : agent.endpoint();
        baseUrl.set(endpoint.baseUrl());
        temperature.set(text(endpoint.temperature()));
        maxTokens.set(text(endpoint.maxTokens()));
        apiKeyEnv.set(endpoint.apiKeyEnv());
        contextTokens.set(text(endpoint.contextTokens()));
        firstTokenTimeout.set(text(endpoint.firstTokenTimeoutSeconds()));
        idleTimeout.set(text(endpoint.idleTimeoutSeconds()));
    }

    private static String text(Object value) {
        return value == null ? "" : String.valueOf(value);
    }

    /** What the fields hold now. */
    AgentFormValues values() {
        return new AgentFormValues(name.get(), colour.get(), persona.get(), provider.get(), model.get(), baseUrl.get(),
                temperature.get(), maxTokens.get(), apiKeyEnv.get(), contextTokens.get(), firstTokenTimeout.get(),
                idleTimeout.get());
    }

    /** The settings an endpoint check is about: a report goes when one of them changes. */
    List<StringProperty> endpointSettings() {
        return List.of(baseUrl, apiKeyEnv, model, provider);
    }

    public StringProperty colourProperty() {
        return colour;
    }

    public StringProperty nameProperty() {
        return name;
    }

    public StringProperty personaProperty() {
        return persona;
    }

    public StringProperty providerProperty() {
        return provider;
    }

    public StringProperty modelProperty() {
        return model;
    }

    public StringProperty baseUrlProperty() {
        return baseUrl;
    }

    public StringProperty temperatureProperty() {
        return temperature;
    }

    public StringProperty maxTokensProperty() {
        return maxTokens;
    }

    /** How many tokens the model takes in; empty for what its server says, else 8192. */
    public StringProperty contextTokensProperty() {
        return contextTokens;
    }

    /** Seconds an attempt waits for the first word; empty for the default (60). */
    public StringProperty firstTokenTimeoutProperty() {
        return firstTokenTimeout;
    }

    /** Seconds a reply may fall silent once it has begun; empty for the default (30). */
    public StringProperty idleTimeoutProperty() {
        return idleTimeout;
    }

    public StringProperty apiKeyEnvProperty() {
        return apiKeyEnv;
    }
}
