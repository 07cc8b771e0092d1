package dev.workshop.domain.fsm;

import dev.workshop.domain.canvas.Behaviour;

/** Where a transition leads: a fixed state, or the resting state of the agent's behaviour. */
sealed interface Target {
    AgentState resolve(Behaviour behaviour);

    String describe();

    record To(AgentState state) implements Target {
        @Override
        public AgentState resolve(Behaviour behaviour) {
            return state;
        }

        @Override
        public String describe() {
            return state.name();
        }
    }

    /** Idle when stationary, wandering when wandering, patrolling when patrolling. */
    record Rest() implements Target {
        @Override
        public AgentState resolve(Behaviour behaviour) {
            return switch (behaviour) {
                case STATIONARY -> AgentState.IDLE;
                case WANDER -> AgentState.WANDERING;
                case PATROL -> AgentState.PATROLLING;
            };
        }

        @Override
        public String describe() {
            return "REST";
        }
    }
}
