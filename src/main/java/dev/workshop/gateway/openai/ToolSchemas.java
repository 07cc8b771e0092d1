package dev.workshop.gateway.openai;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.element.ActionField;
import dev.workshop.domain.element.ActionType;

/**
 * The actions as OpenAI function tools, each made from its one definition ({@link ActionType}): a name, what it
 * does, and a JSON Schema of its arguments. The same definition checks the arguments a model sends back.
 */
final class ToolSchemas {
    private ToolSchemas() {
    }

    static ArrayNode tools(ObjectMapper json) {
        ArrayNode tools = json.createArrayNode();
        for (ActionType type : ActionType.values()) {
            ObjectNode function = tools.addObject().put("type", "function").putObject("function")
                    .put("name", type.toolName()).put("description", type.description());
            function.set("parameters", schema(json, type));
        }
        return tools;
    }

    static ObjectNode schema(ObjectMapper json, ActionType type) {
        ObjectNode schema = json.createObjectNode().put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = schema.putArray("required");
        for (ActionField field : type.fields()) {
            properties.putObject(field.name()).put("type", field.integer() ? "integer" : "string")
                    .put("description", field.description());
            if (field.required()) {
                required.add(field.name());
            }
        }
        schema.put("additionalProperties", false);
        return schema;
    }
}
