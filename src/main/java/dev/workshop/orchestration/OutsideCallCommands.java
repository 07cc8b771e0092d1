package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationEvent.OutsideCallStep;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Lifecycle;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.tool.OutsideCalls;
import dev.workshop.domain.tool.OutsideStep;
import dev.workshop.domain.tool.Settlement;
import dev.workshop.domain.tool.ToolPolicy;
import java.util.List;
import java.util.Optional;

/**
 * The user's word on an outside tool call a turn waits for: approve (as asked, or edited), deny with a reason the
 * model reads, or — for a call a crash left in doubt — say whether it ran. Each is an event in the log, recorded in
 * one append with the resume that goes on from it, so a word given is never lost and never given twice.
 */
public final class OutsideCallCommands {
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
            new com.fasterxml.jackson.databind.ObjectMapper();
    private final TeamLog log;
    private final Resumption resumption;
    private final Toolbox toolbox;

    OutsideCallCommands(TeamLog log, Resumption resumption, Toolbox toolbox) {
        this.log = log;
        this.resumption = resumption;
        this.toolbox = toolbox;
    }

    public Toolbox toolbox() {
        return toolbox;
    }

    /** A call a conversation waits on: its place, the agent that asked, what it asks, and whether it is in doubt. */
    public record WaitingCall(ConversationId conversation, int turn, int index, AgentId agent, String server,
                              String tool, String arguments, boolean inDoubt, boolean safeToRepeat) {
        public String qualifiedTool() {
            return server + "/" + tool;
        }
    }

    /** The call the conversation waits on, if it waits on one. */
    public Optional<WaitingCall> waiting(ConversationId id) {
        ConversationState state = log.stateOf(id);
        if (state.status() != ConversationStatus.WAITING || !Lifecycle.isAboutACall(state.statusCause())) {
            return Optional.empty();
        }
        List<RecordedEvent> history = log.store().history(log.tenant(), id);
        int turn = state.turnInDoubt();
        OutsideCalls calls = new OutsideCalls();
        OutsideRounds.earlier(history, turn).forEach(step -> calls.add(step.callIndex(), step.step()));
        return calls.waitingForTheUser().map(call -> new WaitingCall(id, turn, call.index(),
                new AgentId(call.asked().agent()),
                call.asked().server(), call.asked().tool(), call.arguments(),
                call.standing() != OutsideCalls.Standing.AWAITING_APPROVAL, call.asked().hints().safeToRepeat()));
    }

    /**
     * Approves the call the conversation waits on, with {@code editedArguments} instead of the model's when given
     * (a JSON object), and goes on; {@code always} also allows the agent this tool from now on.
     */
    public void approve(ConversationId id, Optional<String> editedArguments, boolean always, String by) {
        WaitingCall call = awaiting(id, false);
        String arguments = editedArguments.map(OutsideCallCommands::requireObject).orElse(call.arguments());
        if (always) {
            toolbox.grant(call.agent(), call.qualifiedTool(), ToolPolicy.ALLOW);
        }
        goOn(call, new OutsideStep.Decided(true, by, arguments, ArgumentsDiff.between(call.arguments(), arguments),
                ""));
    }

    /** Denies the call the conversation waits on; the model reads {@code reason} and the turn goes on. */
    public void deny(ConversationId id, String reason, String by) {
        WaitingCall call = awaiting(id, false);
        goOn(call, new OutsideStep.Decided(false, by, call.arguments(), "", reason));
    }

    /** The user's word on the call in doubt the conversation waits on; the turn goes on from it. */
    public void settle(ConversationId id, Settlement settlement, String by) {
        goOn(awaiting(id, true), new OutsideStep.Settled(settlement, by));
    }

    private WaitingCall awaiting(ConversationId id, boolean inDoubt) {
        WaitingCall call = waiting(id).orElseThrow(() -> new IllegalStateException("Conversation " + id
                + " is not waiting for your word on a tool call"));
        if (call.inDoubt() != inDoubt) {
            throw new IllegalStateException(inDoubt ? "The call " + call.qualifiedTool() + " waits for approval, not"
                    + " for a word on whether it ran" : "The call " + call.qualifiedTool() + " is in doubt: say"
                    + " whether it ran (ran, did-not-run, run-again) instead");
        }
        return call;
    }

    private void goOn(WaitingCall call, OutsideStep word) {
        resumption.goOnWith(call.conversation(), List.of(new OutsideCallStep(call.turn(), call.index(), word)));
    }

    private static String requireObject(String arguments) {
        String stripped = arguments == null ? "" : arguments.strip();
        if (!stripped.startsWith("{") || !stripped.endsWith("}")) {
            throw new IllegalArgumentException("The arguments must be a JSON object, as {\"path\": \"notes.txt\"}");
        }
        try {
            JSON.readTree(stripped);
        } catch (com.fasterxml.jackson.core.JsonProcessingException notJson) {
            throw new IllegalArgumentException("The arguments are not valid JSON: " + notJson.getOriginalMessage());
        }
        return stripped;
    }
}
