package dev.workshop.gateway;

import dev.workshop.domain.tool.OutsideTool;
import java.util.List;

/**
 * The tools of one request: whether the model is offered functions to call (the actions on the shared elements when
 * there are elements, and the outside tools the agent may use), and the calls it made earlier in this turn with
 * their results.
 */
public record GatewayTools(boolean offered, List<ToolExchange> done, List<OutsideTool> outside) {
    public static final GatewayTools NONE = new GatewayTools(false, List.of(), List.of());

    public GatewayTools {
        done = List.copyOf(done);
        outside = List.copyOf(outside);
    }
}
