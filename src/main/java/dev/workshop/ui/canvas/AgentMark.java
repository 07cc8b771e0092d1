package dev.workshop.ui.canvas;

/**
 * What an agent's conversation says about it beyond its own state machine, shown in place of the state's word
 * and icon (docs/UX.md item 10): waiting in the queue for a free slot, waiting for the user's message, or the
 * turn that failed. The machine goes on underneath; a mark lasts until the agent's conversation starts again.
 */
public enum AgentMark {
    NONE("", ""),
    QUEUED("queued", "Queued"),
    WAITING_FOR_YOU("waiting", "Waiting for you"),
    FAILED("failed", "Error");

    private final String cssName;
    private final String label;

    AgentMark(String cssName, String label) {
        this.cssName = cssName;
        this.label = label;
    }

    /** The pseudo-class the agent's node takes while marked ("mark-" + this). */
    public String cssName() {
        return cssName;
    }

    public String label() {
        return label;
    }
}
