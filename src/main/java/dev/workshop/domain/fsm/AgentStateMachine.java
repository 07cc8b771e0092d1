package dev.workshop.domain.fsm;

import dev.workshop.domain.canvas.Behaviour;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/** The state of one agent instance, moved only by the rows of the {@link TransitionTable}. */
public final class AgentStateMachine {
    private AgentState state;
    private Behaviour behaviour;
    private final Consumer<Transition> onTransition;

    public AgentStateMachine(Behaviour behaviour, Consumer<Transition> onTransition) {
        this.behaviour = Objects.requireNonNull(behaviour, "behaviour");
        this.state = new Target.Rest().resolve(behaviour);
        this.onTransition = Objects.requireNonNull(onTransition, "onTransition");
    }

    public AgentStateMachine(Behaviour behaviour) {
        this(behaviour, transition -> { });
    }

    public AgentState state() {
        return state;
    }

    public Behaviour behaviour() {
        return behaviour;
    }

    /** Applies the trigger; returns the row taken, or empty when the table has none for the current state. */
    public Optional<Transition> fire(AgentTrigger trigger) {
        Optional<Transition> row = TransitionTable.find(state, trigger);
        row.ifPresent(transition -> {
            state = transition.to().resolve(behaviour);
            onTransition.accept(transition);
        });
        return row;
    }

    /** Records the new behaviour and lets the table decide whether the state changes now or after the talk. */
    public Optional<Transition> changeBehaviour(Behaviour newBehaviour) {
        behaviour = Objects.requireNonNull(newBehaviour, "newBehaviour");
        return fire(AgentTrigger.BEHAVIOUR_CHANGED);
    }
}
