package dev.workshop.gateway.openai;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.element.ActionType;
import dev.workshop.domain.tool.OutsideTool;

/**
 * The actions as OpenAI function tools, each made from its one definition ({@link ActionType}): a name, what it
 * does, and a JSON Schema of its arguments. The same definition checks the arguments a model sends back.
 */
final class ToolSchemas {
    private ToolSchemas() {
    }

    /**
     * The actions (when there are elements to act on) and the outside tools, each under its function name; an
     * outside tool's schema as its server gave it, or any object when that is not JSON.
     */
    static ArrayNode tools(ObjectMapper json, boolean actions, java.util.List<OutsideTool> outside) {
        ArrayNode tools = json.createArrayNode();
        for (OutsideTool tool : outside) {
            ObjectNode function = tools.addObject().put("type", "function").putObject("function")
                    .put("name", tool.functionName()).put("description", tool.description());
            try {
                function.set("parameters", json.readTree(tool.inputSchema()));
            } catch (com.fasterxml.jackson.core.JsonProcessingException notJson) {
                function.putObject("parameters").put("type", "object");
            }
        }
        for (ActionType type : actions ? ActionType.values() : new ActionType[0]) {
            ObjectNode function = tools.addObject().put("type", "function").putObject("function")
                    .put("name", type.toolName()).put("description", type.description());
            function.set("parameters", schema(json, type));
        }
        return tools;
    }

    static ObjectNode schema(ObjectMapper json, ActionType type) {
        return json.valueToTree(type.schema());
    }
}
