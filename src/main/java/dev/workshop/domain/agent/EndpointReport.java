package dev.workshop.domain.agent;

import java.util.List;

/**
 * What "Test connection" found at a model server: whether an agent could use it as set up, a sentence for the
 * user that names what is wrong (unreachable, key refused, no such model), and the models the server offers.
 */
public record EndpointReport(boolean usable, String message, List<String> models) {
    public EndpointReport {
        models = List.copyOf(models);
    }

    public static EndpointReport problem(String message) {
        return new EndpointReport(false, message, List.of());
    }
}
