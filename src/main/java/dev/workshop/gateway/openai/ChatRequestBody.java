package dev.workshop.gateway.openai;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.ModelEndpoint;
import dev.workshop.gateway.GatewayRequest;
import dev.workshop.gateway.ToolExchange;

/**
 * The JSON of a streaming Chat Completions request: the prompt, the turn's tool calls so far with their results,
 * and the actions as tools when they are offered.
 */
final class ChatRequestBody {
    private ChatRequestBody() {
    }

    static String of(ObjectMapper json, GatewayRequest request) {
        AgentDefinition agent = request.agent();
        ModelEndpoint endpoint = agent.endpoint();
        ObjectNode body = json.createObjectNode().put("model", agent.model()).put("stream", true);
        body.putObject("stream_options").put("include_usage", true);
        if (endpoint.temperature() != null) {
            body.put("temperature", endpoint.temperature());
        }
        if (endpoint.maxTokens() != null) {
            body.put("max_tokens", endpoint.maxTokens());
        }
        ArrayNode messages = body.putArray("messages");
        if (!request.prompt().system().isBlank()) {
            messages.addObject().put("role", "system").put("content", request.prompt().system());
        }
        messages.addObject().put("role", "user").put("content", request.prompt().user());
        // The calls of this turn so far, each answered: the model goes on from what its tools did.
        for (ToolExchange exchange : request.tools().done()) {
            ObjectNode asked = messages.addObject().put("role", "assistant");
            asked.putNull("content");
            asked.putArray("tool_calls").addObject().put("id", exchange.call().id()).put("type", "function")
                    .putObject("function").put("name", exchange.call().name())
                    .put("arguments", exchange.call().arguments());
            messages.addObject().put("role", "tool").put("tool_call_id", exchange.call().id())
                    .put("content", exchange.result());
        }
        if (request.tools().offered()) {
            body.set("tools", ToolSchemas.tools(json, !request.environment().isEmpty(), request.tools().outside()));
        }
        return body.toString();
    }
}
