package dev.workshop.gateway;

import dev.workshop.domain.agent.EndpointReport;

/**
 * "Test connection": whether a model server answers for an agent's settings (reachable, the key taken, the model
 * there) and which models it offers. Blocks; called off the UI thread.
 */
public interface EndpointChecker {
    EndpointReport check(String baseUrl, String apiKeyEnv, String model) throws InterruptedException;
}
