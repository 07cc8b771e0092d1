package dev.workshop.domain.tool;

/** What the model (and the user) is told of a call that did not simply run and answer. */
public final class ToolSentences {
    private ToolSentences() {
    }

    static String denied(String reason) {
        return "Not done: the user did not allow this call" + (reason.isBlank() ? "" : ": " + reason.strip());
    }

    static String ranByTheUsersWord() {
        return "The user says this call ran; its answer was lost when Workshop stopped";
    }

    static String didNotRun() {
        return "Not done: this call did not run (Workshop stopped before it could); call it again if it is still"
                + " needed";
    }

    /** A call the agent may not make. */
    public static String never(OutsideTool tool) {
        return "Not done: this agent may not use " + tool.qualifiedName();
    }

    /** Why the turn waits: a call to approve. */
    public static String awaitingApproval(String agent, OutsideStep.Asked asked) {
        return agent + " wants to call " + asked.server() + "/" + asked.tool() + ": approve, edit or deny it";
    }

    /** Why the turn waits: a call that may have run. */
    public static String inDoubt(String agent, OutsideStep.Asked asked) {
        return agent + "'s call to " + asked.server() + "/" + asked.tool() + " is in doubt: Workshop stopped after"
                + " sending it, before its answer came; did it run?";
    }
}
