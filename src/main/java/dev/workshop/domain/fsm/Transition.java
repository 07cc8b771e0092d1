package dev.workshop.domain.fsm;

/** One row of the {@link TransitionTable}. */
public record Transition(AgentState from, AgentTrigger trigger, Target to) {
}
