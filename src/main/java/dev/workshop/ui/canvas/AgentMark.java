package dev.workshop.ui.canvas;

import java.util.Locale;

/**
 * What an agent's conversation says about it beyond its own state machine, shown in place of the state's word
 * and icon (docs/UX.md item 10): waiting in the queue for a free slot, waiting for the user's message, or the
 * turn that failed. The machine goes on underneath; a mark lasts until the agent's conversation starts again.
 * Declared from the least to the most pressing: an agent with several marks shows the last of them.
 */
enum AgentMark {
    NONE(""),
    QUEUED("Queued"),
    WAITING_FOR_YOU("Waiting for you"),
    FAILED("Error");

    private final String label;

    AgentMark(String label) {
        this.label = label;
    }

    /** The pseudo-class the agent's node takes while marked: "mark-queued", "mark-waiting-for-you"… */
    public String pseudoClass() {
        return "mark-" + name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public String label() {
        return label;
    }
}
