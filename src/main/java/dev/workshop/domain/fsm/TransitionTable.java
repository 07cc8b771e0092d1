package dev.workshop.domain.fsm;

import static dev.workshop.domain.fsm.AgentState.COOLDOWN;
import static dev.workshop.domain.fsm.AgentState.CONVERSING;
import static dev.workshop.domain.fsm.AgentState.DRAGGED;
import static dev.workshop.domain.fsm.AgentState.IDLE;
import static dev.workshop.domain.fsm.AgentState.PATROLLING;
import static dev.workshop.domain.fsm.AgentState.READING;
import static dev.workshop.domain.fsm.AgentState.THINKING;
import static dev.workshop.domain.fsm.AgentState.WANDERING;
import static dev.workshop.domain.fsm.AgentTrigger.BEHAVIOUR_CHANGED;
import static dev.workshop.domain.fsm.AgentTrigger.CONVERSATION_END;
import static dev.workshop.domain.fsm.AgentTrigger.CONVERSATION_STOPPED;
import static dev.workshop.domain.fsm.AgentTrigger.CONVERSATION_START;
import static dev.workshop.domain.fsm.AgentTrigger.COOLDOWN_OVER;
import static dev.workshop.domain.fsm.AgentTrigger.NEWS;
import static dev.workshop.domain.fsm.AgentTrigger.NEWS_READ;
import static dev.workshop.domain.fsm.AgentTrigger.OTHER_TURN_START;
import static dev.workshop.domain.fsm.AgentTrigger.PICK_UP;
import static dev.workshop.domain.fsm.AgentTrigger.PUT_DOWN;
import static dev.workshop.domain.fsm.AgentTrigger.TURN_END;
import static dev.workshop.domain.fsm.AgentTrigger.TURN_START;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The agents' state machine as data: every allowed (state, trigger) pair and where it leads. A trigger with
 * no row in the current state is ignored (a second conversation starting while one runs, a put-down with
 * nothing picked up). {@code REST} is the state of the agent's behaviour: idle, wandering or patrolling.
 */
final class TransitionTable {
    private static final Target REST = new Target.Rest();
    private static final List<Transition> ROWS = build();

    private TransitionTable() {
    }

    private static List<Transition> build() {
        List<Transition> rows = new ArrayList<>();
        for (AgentState resting : List.of(IDLE, WANDERING, PATROLLING)) {
            rows.add(row(resting, PICK_UP, DRAGGED));
            rows.add(new Transition(resting, BEHAVIOUR_CHANGED, REST));
            rows.add(row(resting, CONVERSATION_START, CONVERSING));
            rows.add(row(resting, NEWS, READING));
        }
        // Reading what changed on an element is short, and a conversation that starts meanwhile takes the agent.
        rows.add(new Transition(READING, NEWS_READ, REST));
        rows.add(row(READING, CONVERSATION_START, CONVERSING));
        rows.add(new Transition(DRAGGED, PUT_DOWN, REST));
        rows.add(row(DRAGGED, CONVERSATION_START, CONVERSING));
        rows.add(row(CONVERSING, TURN_START, THINKING));
        rows.add(row(CONVERSING, OTHER_TURN_START, READING));
        rows.add(row(READING, TURN_START, THINKING));
        rows.add(row(READING, TURN_END, CONVERSING));
        rows.add(row(THINKING, OTHER_TURN_START, READING));
        rows.add(row(THINKING, TURN_END, CONVERSING));
        for (AgentState talking : List.of(CONVERSING, READING, THINKING)) {
            rows.add(row(talking, CONVERSATION_END, COOLDOWN));
            rows.add(new Transition(talking, CONVERSATION_STOPPED, REST));
        }
        rows.add(new Transition(COOLDOWN, COOLDOWN_OVER, REST));
        rows.add(row(COOLDOWN, CONVERSATION_START, CONVERSING));
        rows.add(row(COOLDOWN, PICK_UP, DRAGGED));
        return List.copyOf(rows);
    }

    private static Transition row(AgentState from, AgentTrigger trigger, AgentState to) {
        return new Transition(from, trigger, new Target.To(to));
    }

    public static List<Transition> rows() {
        return ROWS;
    }

    public static Optional<Transition> find(AgentState from, AgentTrigger trigger) {
        for (Transition row : ROWS) {
            if (row.from() == from && row.trigger() == trigger) {
                return Optional.of(row);
            }
        }
        return Optional.empty();
    }

    /** The table as a Mermaid state diagram, for docs/agent-fsm.md. */
    public static String toMermaid() {
        StringBuilder diagram = new StringBuilder("stateDiagram-v2\n    [*] --> IDLE\n");
        for (Transition row : ROWS) {
            diagram.append("    ").append(row.from().name()).append(" --> ").append(row.to().describe())
                    .append(" : ").append(row.trigger().eventName()).append('\n');
        }
        diagram.append("    note right of REST : IDLE, WANDERING or PATROLLING, by the agent's behaviour\n");
        return diagram.toString();
    }
}
