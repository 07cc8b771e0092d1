package dev.workshop.domain.fsm;

/** What an agent on the canvas is doing; shown on the canvas as a label, an icon and a glow colour. */
public enum AgentState {
    IDLE("idle", "Idle"),
    WANDERING("wandering", "Wandering"),
    PATROLLING("patrolling", "Patrolling"),
    DRAGGED("dragged", "Moving"),
    CONVERSING("conversing", "In conversation"),
    READING("reading", "Reading"),
    THINKING("thinking", "Thinking"),
    COOLDOWN("cooldown", "Done");

    private final String cssName;
    private final String label;

    AgentState(String cssName, String label) {
        this.cssName = cssName;
        this.label = label;
    }

    /** The CSS pseudo-class name of the state. */
    public String cssName() {
        return cssName;
    }

    public String label() {
        return label;
    }

    public boolean inConversation() {
        return this == CONVERSING || this == READING || this == THINKING;
    }
}
