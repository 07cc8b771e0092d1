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

    /**
     * Each outside tool call of the conversation, as {@code tool_calls}: its turn and place, the tool, the arguments
     * it ran with, where it stands (waiting for approval, pending, done), what the agent was told, and each recorded
     * step (approvals with who and the edit).
     */
    static void addCalls(ObjectNode shown, java.util.List<dev.workshop.domain.conversation.RecordedEvent> history) {
        java.util.Map<Integer, dev.workshop.domain.tool.OutsideCalls> byTurn = new java.util.TreeMap<>();
        com.fasterxml.jackson.databind.node.ArrayNode steps = JSON.createArrayNode();
        for (dev.workshop.domain.conversation.RecordedEvent recorded : history) {
            recorded.event().asOutsideCall().ifPresent(call -> {
                byTurn.computeIfAbsent(call.turnIndex(), turn -> new dev.workshop.domain.tool.OutsideCalls())
                        .add(call.callIndex(), call.step());
                steps.addObject().put("turn_index", call.turnIndex()).put("call_index", call.callIndex())
                        .put("step", call.step().getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT))
                        .put("at", recorded.recordedAt().toString())
                        .put("by", call.step() instanceof dev.workshop.domain.tool.OutsideStep.Decided decided
                                ? decided.by() : call.step() instanceof dev.workshop.domain.tool.OutsideStep.Settled
                                settled ? settled.by() : "");
            });
        }
        com.fasterxml.jackson.databind.node.ArrayNode calls = shown.putArray("tool_calls");
        byTurn.forEach((turn, turnCalls) -> turnCalls.calls().forEach(call -> calls.addObject()
                .put("turn_index", turn).put("call_index", call.index()).put("server", call.asked().server())
                .put("tool", call.asked().tool()).put("arguments", call.arguments())
                .put("standing", call.standing().name().toLowerCase(java.util.Locale.ROOT))
                .put("result", call.result()).put("error", call.error())));
        shown.set("tool_call_steps", steps);
    }
}
