package dev.workshop.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.tool.OutsideTool;
import dev.workshop.orchestration.OutsideCallCommands;

/** The JSON the command line prints for outside tools and the calls that wait for the user. */
final class ToolCallJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ToolCallJson() {
    }

    static ObjectNode waiting(OutsideCallCommands.WaitingCall call) {
        ObjectNode node = JSON.createObjectNode().put("conversation_id", call.conversation().value())
                .put("turn_index", call.turn()).put("call_index", call.index()).put("agent_id", call.agent().value())
                .put("server", call.server()).put("tool", call.tool())
                .put("waits_for", call.inDoubt() ? "word_on_a_call_in_doubt" : "approval")
                .put("safe_to_repeat", call.safeToRepeat());
        try {
            node.set("arguments", JSON.readTree(call.arguments()));
        } catch (com.fasterxml.jackson.core.JsonProcessingException notJson) {
            node.put("arguments", call.arguments());
        }
        return node;
    }

    static ObjectNode tool(OutsideTool tool) {
        return JSON.createObjectNode().put("server", tool.server()).put("name", tool.name())
                .put("function", tool.functionName()).put("description", tool.description())
                .put("read_only", tool.hints().readOnly()).put("idempotent", tool.hints().idempotent())
                .put("destructive", tool.hints().destructive());
    }
}
