package dev.workshop.domain.tool;

import java.util.Objects;

/**
 * One step of an outside tool call's life, each recorded in the conversation's log before what follows it happens
 * (docs/decisions/0029): asked by the model, decided by the user when it needs approval, sent, answered, and settled
 * by the user when a crash left it in doubt.
 */
public sealed interface OutsideStep {

    /**
     * The model asked for the call. Without approval needed this is also its pending record: the call is sent
     * right after it is durable.
     *
     * @param callId the model's id for the call (its answer goes back under it)
     * @param agent  the id of the agent whose call it is (its grants decide whether it needs approval)
     */
    record Asked(String callId, String agent, String server, String tool, String arguments, ToolHints hints,
                 boolean needsApproval) implements OutsideStep {
        public Asked {
            Objects.requireNonNull(callId, "callId");
            agent = agent == null ? "" : agent;
            Objects.requireNonNull(server, "server");
            Objects.requireNonNull(tool, "tool");
            arguments = arguments == null || arguments.isBlank() ? "{}" : arguments;
            hints = hints == null ? ToolHints.NONE : hints;
        }
    }

    /**
     * The user's decision on a call that needed approval: who, the arguments it runs with (edited or as asked), the
     * edit as a diff (empty when none), and the reason given with a denial (the model reads it).
     */
    record Decided(boolean approved, String by, String arguments, String diff, String reason) implements OutsideStep {
        public Decided {
            by = by == null ? "" : by;
            arguments = arguments == null || arguments.isBlank() ? "{}" : arguments;
            diff = diff == null ? "" : diff;
            reason = reason == null ? "" : reason;
        }
    }

    /** The call is about to be sent (after an approval, or the user's "run again"): its pending record. */
    record Sent() implements OutsideStep {
    }

    /** What the server answered (or why the call failed before it could run), told to the model. */
    record Answered(String result, boolean error) implements OutsideStep {
        public Answered {
            result = result == null ? "" : result;
        }
    }

    /** The user's word on a call a crash left in doubt. */
    record Settled(Settlement settlement, String by) implements OutsideStep {
        public Settled {
            Objects.requireNonNull(settlement, "settlement");
            by = by == null ? "" : by;
        }
    }
}
