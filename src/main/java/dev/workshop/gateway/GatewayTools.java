package dev.workshop.gateway;

import java.util.List;

/**
 * The tools of one request: whether the model is offered the actions as functions to call, and the calls it
 * made earlier in this turn with their results.
 */
public record GatewayTools(boolean offered, List<ToolExchange> done) {
    public static final GatewayTools NONE = new GatewayTools(false, List.of());

    public GatewayTools {
        done = List.copyOf(done);
    }
}
