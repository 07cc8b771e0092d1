package dev.workshop.domain.tool;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The outside tool calls of one turn, folded from their recorded steps: where each stands, the arguments it runs
 * with and, once it is done, what the model is told. A call left {@link Standing#PENDING} by a crash is in doubt:
 * it may have run. The loop decides from here, never from sentences.
 */
public final class OutsideCalls {
    /** Where a call stands. */
    public enum Standing {
        /** Asked by the model, waiting for the user's approval. */
        AWAITING_APPROVAL,
        /** Approved (or to be run again): to be recorded as sent, then sent. */
        TO_SEND,
        /** Sent, no answer recorded: in flight, or — read after a crash — in doubt. */
        PENDING,
        /** Answered, denied or settled: the model is told {@link Call#result()}. */
        DONE
    }

    /** One call as it stands. */
    public record Call(int index, OutsideStep.Asked asked, String arguments, Standing standing, String result,
                       boolean error) {
        /** The key every sending of this call carries, the same each time: the server can tell a repeat. */
        public String idempotencyKey(String conversationId, int turn) {
            return "workshop:" + conversationId + ":" + turn + ":" + index;
        }

        Call with(Standing newStanding, String newArguments, String newResult, boolean newError) {
            return new Call(index, asked, newArguments, newStanding, newResult, newError);
        }
    }

    private final Map<Integer, Call> calls = new TreeMap<>();

    /** Takes in one recorded step of call {@code index}; a step of a call never asked is ignored. */
    public void add(int index, OutsideStep step) {
        Call call = calls.get(index);
        if (step instanceof OutsideStep.Asked asked) {
            calls.put(index, new Call(index, asked, asked.arguments(), asked.needsApproval()
                    ? Standing.AWAITING_APPROVAL : Standing.PENDING, "", false));
            return;
        }
        if (call == null) {
            return;
        }
        calls.put(index, switch (step) {
            case OutsideStep.Asked ignored -> call;
            case OutsideStep.Decided decided when decided.approved() ->
                    call.with(Standing.TO_SEND, decided.arguments(), "", false);
            case OutsideStep.Decided denied -> call.with(Standing.DONE, call.arguments(),
                    ToolSentences.denied(denied.reason()), true);
            case OutsideStep.Sent ignored -> call.with(Standing.PENDING, call.arguments(), "", false);
            case OutsideStep.Answered answered -> call.with(Standing.DONE, call.arguments(), answered.result(),
                    answered.error());
            case OutsideStep.Settled settled -> switch (settled.settlement()) {
                case RAN -> call.with(Standing.DONE, call.arguments(), ToolSentences.ranByTheUsersWord(), false);
                case DID_NOT_RUN -> call.with(Standing.DONE, call.arguments(), ToolSentences.didNotRun(), true);
                case RUN_AGAIN -> call.with(Standing.TO_SEND, call.arguments(), "", false);
            };
        });
    }

    public List<Call> calls() {
        return new ArrayList<>(calls.values());
    }

    /** The number the turn's next call gets. */
    public int nextIndex() {
        return calls.isEmpty() ? 0 : ((TreeMap<Integer, Call>) calls).lastKey() + 1;
    }

    /** The first call that waits for the user: for approval, or — after a crash, not safe to repeat — in doubt. */
    public Optional<Call> waitingForTheUser() {
        return calls.values().stream().filter(call -> call.standing() == Standing.AWAITING_APPROVAL
                || call.standing() == Standing.PENDING && !call.asked().hints().safeToRepeat()).findFirst();
    }

    public Optional<Call> call(int index) {
        return Optional.ofNullable(calls.get(index));
    }
}
