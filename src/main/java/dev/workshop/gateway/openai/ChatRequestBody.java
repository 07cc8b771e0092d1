package dev.workshop.gateway.openai;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.ModelEndpoint;
import dev.workshop.gateway.GatewayRequest;

/** The JSON of a streaming Chat Completions request. */
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
        return body.toString();
    }
}
