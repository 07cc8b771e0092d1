package dev.workshop.orchestration;

/** What an abort leaves: a conversation that can be resumed, or one that is over. */
public enum AbortOutcome {
    INTERRUPT,
    COMPLETE
}
