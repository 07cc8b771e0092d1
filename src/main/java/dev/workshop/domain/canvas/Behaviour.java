package dev.workshop.domain.canvas;

/** What an agent does on the canvas while it is not in a conversation. */
public enum Behaviour {
    STATIONARY("Stationary"),
    WANDER("Wander"),
    PATROL("Patrol");

    private final String label;

    Behaviour(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
