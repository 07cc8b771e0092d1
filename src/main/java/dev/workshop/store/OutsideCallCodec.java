package dev.workshop.store;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import dev.workshop.domain.conversation.ConversationEvent.OutsideCallStep;
import dev.workshop.domain.tool.OutsideStep;
import dev.workshop.domain.tool.Settlement;
import dev.workshop.domain.tool.ToolHints;
import java.io.IOException;

/** The JSON of an outside tool call's step ({@link EventCodec} writes the rest), field by field. */
final class OutsideCallCodec {
    private OutsideCallCodec() {
    }

    static void write(JsonGenerator out, OutsideCallStep call) throws IOException {
        out.writeNumberField("turn_index", call.turnIndex());
        out.writeNumberField("call_index", call.callIndex());
        switch (call.step()) {
            case OutsideStep.Asked asked -> {
                out.writeStringField("step", "asked");
                out.writeStringField("call_id", asked.callId());
                out.writeStringField("agent", asked.agent());
                out.writeStringField("server", asked.server());
                out.writeStringField("tool", asked.tool());
                out.writeStringField("arguments", asked.arguments());
                out.writeBooleanField("read_only", asked.hints().readOnly());
                out.writeBooleanField("idempotent", asked.hints().idempotent());
                out.writeBooleanField("destructive", asked.hints().destructive());
                out.writeBooleanField("needs_approval", asked.needsApproval());
            }
            case OutsideStep.Decided decided -> {
                out.writeStringField("step", "decided");
                out.writeBooleanField("approved", decided.approved());
                out.writeStringField("by", decided.by());
                out.writeStringField("arguments", decided.arguments());
                out.writeStringField("diff", decided.diff());
                out.writeStringField("reason", decided.reason());
            }
            case OutsideStep.Sent ignored -> out.writeStringField("step", "sent");
            case OutsideStep.Answered answered -> {
                out.writeStringField("step", "answered");
                out.writeStringField("result", answered.result());
                out.writeBooleanField("error", answered.error());
            }
            case OutsideStep.Settled settled -> {
                out.writeStringField("step", "settled");
                out.writeStringField("settlement", settled.settlement().wireName());
                out.writeStringField("by", settled.by());
            }
        }
    }

    static OutsideCallStep read(JsonNode node) {
        OutsideStep step = switch (node.path("step").asText()) {
            case "asked" -> new OutsideStep.Asked(node.path("call_id").asText(), node.path("agent").asText(""),
                    node.path("server").asText(),
                    node.path("tool").asText(), node.path("arguments").asText("{}"),
                    new ToolHints(node.path("read_only").asBoolean(), node.path("idempotent").asBoolean(),
                            node.path("destructive").asBoolean()), node.path("needs_approval").asBoolean());
            case "decided" -> new OutsideStep.Decided(node.path("approved").asBoolean(), node.path("by").asText(),
                    node.path("arguments").asText("{}"), node.path("diff").asText(""), node.path("reason").asText(""));
            case "sent" -> new OutsideStep.Sent();
            case "answered" -> new OutsideStep.Answered(node.path("result").asText(""),
                    node.path("error").asBoolean());
            case "settled" -> new OutsideStep.Settled(Settlement.fromWireName(node.path("settlement").asText()),
                    node.path("by").asText(""));
            default -> throw new IllegalArgumentException("Unknown step '" + node.path("step").asText()
                    + "' of an outside call: it was written by a newer Workshop");
        };
        return new OutsideCallStep(node.path("turn_index").asInt(), node.path("call_index").asInt(), step);
    }
}
