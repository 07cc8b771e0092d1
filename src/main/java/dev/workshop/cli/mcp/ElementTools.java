package dev.workshop.cli.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.element.Action;
import dev.workshop.domain.element.ActionType;
import dev.workshop.domain.element.Actor;
import dev.workshop.domain.element.Provenance;
import dev.workshop.domain.tool.ToolHints;
import dev.workshop.orchestration.ActionOutcome;
import dev.workshop.orchestration.Elements;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The element actions of "Agents that act" as MCP tools, each made from its one definition ({@link ActionType}): its
 * schema, its description and its annotations. The host acts as the user. A call with the host's idempotency key is
 * applied once however often it is sent (the key is its provenance); one without is applied each time it is sent.
 * Memory actions are the agents' own and are not offered.
 */
final class ElementTools {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Elements elements;

    ElementTools(Elements elements) {
        this.elements = elements;
    }

    static List<ActionType> offered() {
        return Arrays.stream(ActionType.values())
                .filter(type -> type != ActionType.REMEMBER && type != ActionType.FORGET).toList();
    }

    List<SyncToolSpecification> tools() {
        return offered().stream().map(this::tool).toList();
    }

    private SyncToolSpecification tool(ActionType type) {
        ToolHints hints = type.hints();
        McpSchema.Tool tool = McpSchema.Tool.builder().name(type.toolName()).description(type.description())
                .inputSchema(type.schema()).annotations(ToolResults.hints(hints.readOnly(), hints.idempotent(),
                        hints.destructive())).build();
        return new SyncToolSpecification(tool, (exchange, request) -> ToolResults.answering(request, arguments -> {
            Map<String, Object> given = new LinkedHashMap<>(arguments);
            Action action = Action.of(type, given);
            Optional<String> key = ToolResults.idempotencyKey(request);
            Provenance provenance = key.map(k -> Provenance.of("mcp:" + k, 0, 0)).orElse(Provenance.byHand());
            ActionOutcome outcome = elements.apply(action, Actor.USER, provenance);
            ObjectNode node = JSON.createObjectNode().put("action", type.toolName())
                    .put("result", outcome.result().wireName()).put("said", outcome.sentence());
            outcome.element().ifPresent(element -> node.put("element", element));
            return outcome.applied() ? ToolResults.json(node) : ToolResults.error(outcome.sentence());
        }));
    }
}
