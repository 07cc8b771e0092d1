package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.OutsideCallStep;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.element.Actor;
import dev.workshop.domain.tool.OutsideCalls;
import dev.workshop.domain.tool.OutsideStep;
import dev.workshop.domain.tool.OutsideTool;
import dev.workshop.domain.tool.ToolPolicy;
import dev.workshop.domain.tool.ToolSentences;
import dev.workshop.gateway.ToolCall;
import dev.workshop.gateway.ToolExchange;
import dev.workshop.gateway.ToolServerException;
import dev.workshop.gateway.ToolServers;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The outside tool calls of one turn (docs/decisions/0029). Each step is in the log before what follows it: the
 * call asked (its pending record when it needs no approval), the user's decision, sent, answered. A call that needs
 * approval pauses the turn; one a crash left pending is sent again only when its tool reads only or is idempotent
 * (with the same idempotency key), and otherwise pauses the turn as in doubt. Never sent twice silently.
 */
final class OutsideRounds {
    private final ConversationId id;
    private final int turn;
    private final Actor actor;
    private final Toolbox toolbox;
    private final Consumer<ConversationEvent> record;
    private final OutsideCalls calls = new OutsideCalls();

    OutsideRounds(ConversationId id, int turn, Actor actor, Toolbox toolbox, Consumer<ConversationEvent> record) {
        this.id = id;
        this.turn = turn;
        this.actor = actor;
        this.toolbox = toolbox;
        this.record = record;
    }

    /** The outside call steps turn {@code turn} recorded before it was asked again. */
    static List<OutsideCallStep> earlier(List<dev.workshop.domain.conversation.RecordedEvent> history, int turn) {
        return history.stream().flatMap(recorded -> recorded.event().asOutsideCall().stream())
                .filter(step -> step.turnIndex() == turn).toList();
    }

    /**
     * Goes on from the turn's recorded calls: those done are told again, those approved (or to run again) are sent,
     * a pending one is sent again when that is safe; one that waits for the user pauses the turn.
     *
     * @return every call of the turn with what the model is told of it, in order
     */
    List<ToolExchange> resume(List<OutsideCallStep> earlier) {
        earlier.forEach(step -> calls.add(step.callIndex(), step.step()));
        calls.waitingForTheUser().ifPresent(this::pause);
        List<ToolExchange> told = new ArrayList<>();
        for (OutsideCalls.Call call : calls.calls()) {
            String result = switch (call.standing()) {
                case DONE -> call.result();
                case TO_SEND -> send(call, true);
                // Safe to repeat (waitingForTheUser took the others): sent again under the same key.
                case PENDING -> send(call, true);
                case AWAITING_APPROVAL -> throw new IllegalStateException("paused above");
            };
            told.add(exchange(call, result));
        }
        return told;
    }

    /** Carries out a call the model just made: asked, then decided by the policy, then sent and answered. */
    String carryOut(ToolCall asked, OutsideTool tool) {
        ToolPolicy policy = toolbox.policy(new dev.workshop.domain.agent.AgentId(actor.id()), tool);
        if (policy == ToolPolicy.NEVER) {
            return ToolSentences.never(tool);
        }
        int index = calls.nextIndex();
        OutsideStep.Asked step = new OutsideStep.Asked(asked.id(), actor.id(), tool.server(), tool.name(), asked.arguments(),
                tool.hints(), policy == ToolPolicy.ASK);
        add(index, step);
        if (step.needsApproval()) {
            pause(calls.call(index).orElseThrow());
        }
        return send(calls.call(index).orElseThrow(), false);
    }

    private String send(OutsideCalls.Call call, boolean recordSent) {
        if (recordSent) {
            add(call.index(), new OutsideStep.Sent());
        }
        String key = call.idempotencyKey(id.value(), turn);
        try {
            return answered(call, toolbox.call(call.asked().server(), call.asked().tool(), call.arguments(), key));
        } catch (ToolServerException failed) {
            if (!failed.sent()) {
                return answered(call, new ToolServers.ToolAnswer("Error: " + failed.getMessage(), true));
            }
            if (!call.asked().hints().safeToRepeat() || Thread.currentThread().isInterrupted()) {
                // Sent, and no answer: it may have run. Only the user can say.
                throw new TurnPaused(StatusCause.CALL_IN_DOUBT, failed.getMessage() + "; "
                        + ToolSentences.inDoubt(actor.name(), call.asked()));
            }
            return sendOnceMore(call, key, failed);
        }
    }

    /** A safe call whose server died or stalled under it: the server started again and the call sent once more. */
    private String sendOnceMore(OutsideCalls.Call call, String key, ToolServerException first) {
        try {
            return answered(call, toolbox.call(call.asked().server(), call.asked().tool(), call.arguments(), key));
        } catch (ToolServerException again) {
            return answered(call, new ToolServers.ToolAnswer("Error: " + first.getMessage() + ", and again after"
                    + " starting it anew: " + again.getMessage(), true));
        }
    }

    private String answered(OutsideCalls.Call call, ToolServers.ToolAnswer answer) {
        add(call.index(), new OutsideStep.Answered(answer.text(), answer.error()));
        return answer.text();
    }

    private void add(int index, OutsideStep step) {
        record.accept(new OutsideCallStep(turn, index, step));
        calls.add(index, step);
    }

    private void pause(OutsideCalls.Call call) {
        throw call.standing() == OutsideCalls.Standing.AWAITING_APPROVAL
                ? new TurnPaused(StatusCause.APPROVAL_NEEDED, ToolSentences.awaitingApproval(actor.name(), call.asked()))
                : new TurnPaused(StatusCause.CALL_IN_DOUBT, ToolSentences.inDoubt(actor.name(), call.asked()));
    }

    private static ToolExchange exchange(OutsideCalls.Call call, String result) {
        OutsideTool tool = new OutsideTool(call.asked().server(), call.asked().tool(), "", null, call.asked().hints());
        return new ToolExchange(new ToolCall(call.asked().callId(), tool.functionName(), call.arguments()), result);
    }

    int count() {
        return calls.calls().size();
    }
}
