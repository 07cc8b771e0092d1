package dev.workshop.gateway;

import dev.workshop.domain.agent.EndpointReport;

/**
 * "Test connection": whether a model server answers for an agent's settings (reachable, the key taken, the model
 * there) and which models it offers. Blocks; called off the UI thread.
 */
public interface EndpointChecker {
    EndpointReport check(String baseUrl, String apiKeyEnv, String model) throws InterruptedException;

    /**
     * As {@link #check}, sending {@code key} itself (typed in the agent editor, or read from the secret store);
     * {@code keyIs} says where it came from, for a refusal ("the key in the secret store").
     */
    EndpointReport checkWithKey(String baseUrl, String key, String keyIs, String model) throws InterruptedException;
}
