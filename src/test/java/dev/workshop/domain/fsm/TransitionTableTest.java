package dev.workshop.domain.fsm;

import static dev.workshop.domain.fsm.AgentState.CONVERSING;
import static dev.workshop.domain.fsm.AgentState.COOLDOWN;
import static dev.workshop.domain.fsm.AgentState.DRAGGED;
import static dev.workshop.domain.fsm.AgentState.IDLE;
import static dev.workshop.domain.fsm.AgentState.PATROLLING;
import static dev.workshop.domain.fsm.AgentState.READING;
import static dev.workshop.domain.fsm.AgentState.THINKING;
import static dev.workshop.domain.fsm.AgentState.WANDERING;
import static dev.workshop.domain.fsm.AgentTrigger.CONVERSATION_END;
import static dev.workshop.domain.fsm.AgentTrigger.CONVERSATION_START;
import static dev.workshop.domain.fsm.AgentTrigger.COOLDOWN_OVER;
import static dev.workshop.domain.fsm.AgentTrigger.OTHER_TURN_START;
import static dev.workshop.domain.fsm.AgentTrigger.PICK_UP;
import static dev.workshop.domain.fsm.AgentTrigger.PUT_DOWN;
import static dev.workshop.domain.fsm.AgentTrigger.TURN_END;
import static dev.workshop.domain.fsm.AgentTrigger.TURN_START;
import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.canvas.Behaviour;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Walks the agents' state machine through every row of its table, checking where each step lands. The last
 * check fails when a row is added that no test exercises.
 */
class TransitionTableTest {
    private static final Set<Transition> EXERCISED = new HashSet<>();

    private static AgentStateMachine machine(Behaviour behaviour) {
        return new AgentStateMachine(behaviour, EXERCISED::add);
    }

    private static void step(AgentStateMachine machine, AgentTrigger trigger, AgentState expected) {
        assertThat(machine.fire(trigger)).as("a row for %s", trigger).isPresent();
        assertThat(machine.state()).isEqualTo(expected);
    }

    @Test
    void aConversationTakesEachBehaviourThroughTurnsAndBackToItsRest() {
        for (Behaviour behaviour : Behaviour.values()) {
            AgentStateMachine agent = machine(behaviour);
            AgentState rest = agent.state();
            step(agent, CONVERSATION_START, CONVERSING);
            step(agent, TURN_START, THINKING);
            step(agent, TURN_END, CONVERSING);
            step(agent, OTHER_TURN_START, READING);
            step(agent, TURN_END, CONVERSING);
            step(agent, CONVERSATION_END, COOLDOWN);
            step(agent, COOLDOWN_OVER, rest);
        }
    }

    @Test
    void aConversationStoppedBeforeItsEndLeavesItsAgentsAtRestNotDone() {
        for (Behaviour behaviour : Behaviour.values()) {
            AgentStateMachine listening = machine(behaviour);
            AgentState rest = listening.state();
            step(listening, CONVERSATION_START, CONVERSING);
            step(listening, AgentTrigger.CONVERSATION_STOPPED, rest);

            AgentStateMachine reading = machine(behaviour);
            step(reading, CONVERSATION_START, CONVERSING);
            step(reading, OTHER_TURN_START, READING);
            step(reading, AgentTrigger.CONVERSATION_STOPPED, rest);

            AgentStateMachine thinking = machine(behaviour);
            step(thinking, CONVERSATION_START, CONVERSING);
            step(thinking, TURN_START, THINKING);
            step(thinking, AgentTrigger.CONVERSATION_STOPPED, rest);
        }
    }

    @Test
    void turnsFollowEachOtherWithoutAnEndBetweenThem() {
        AgentStateMachine agent = machine(Behaviour.STATIONARY);
        step(agent, CONVERSATION_START, CONVERSING);
        step(agent, OTHER_TURN_START, READING);
        step(agent, TURN_START, THINKING);
        step(agent, OTHER_TURN_START, READING);
        step(agent, CONVERSATION_END, COOLDOWN);

        AgentStateMachine speaker = machine(Behaviour.STATIONARY);
        step(speaker, CONVERSATION_START, CONVERSING);
        step(speaker, TURN_START, THINKING);
        step(speaker, CONVERSATION_END, COOLDOWN);

        AgentStateMachine listener = machine(Behaviour.STATIONARY);
        step(listener, CONVERSATION_START, CONVERSING);
        step(listener, CONVERSATION_END, COOLDOWN);
        step(listener, CONVERSATION_START, CONVERSING);
    }

    @Test
    void pickingUpAndPuttingDownReturnsToTheBehavioursRest() {
        for (Behaviour behaviour : Behaviour.values()) {
            AgentStateMachine agent = machine(behaviour);
            AgentState rest = agent.state();
            step(agent, PICK_UP, DRAGGED);
            step(agent, PUT_DOWN, rest);
            step(agent, PICK_UP, DRAGGED);
            step(agent, CONVERSATION_START, CONVERSING);
            assertThat(agent.fire(PUT_DOWN)).as("putting down a talking agent changes nothing").isEmpty();
            assertThat(agent.state()).isEqualTo(CONVERSING);
        }
        AgentStateMachine done = machine(Behaviour.WANDER);
        step(done, CONVERSATION_START, CONVERSING);
        step(done, CONVERSATION_END, COOLDOWN);
        step(done, PICK_UP, DRAGGED);
        step(done, PUT_DOWN, WANDERING);
    }

    @Test
    void aNewBehaviourShowsAtOnceWhenRestingAndAfterTheConversationOtherwise() {
        AgentStateMachine agent = machine(Behaviour.STATIONARY);
        agent.changeBehaviour(Behaviour.WANDER);
        assertThat(agent.state()).isEqualTo(WANDERING);
        agent.changeBehaviour(Behaviour.PATROL);
        assertThat(agent.state()).isEqualTo(PATROLLING);
        agent.changeBehaviour(Behaviour.STATIONARY);
        assertThat(agent.state()).isEqualTo(IDLE);

        step(agent, CONVERSATION_START, CONVERSING);
        assertThat(agent.changeBehaviour(Behaviour.PATROL)).isEmpty();
        assertThat(agent.state()).isEqualTo(CONVERSING);
        step(agent, CONVERSATION_END, COOLDOWN);
        step(agent, COOLDOWN_OVER, PATROLLING);
    }

    @Test
    void aRestingAgentReadsWhatChangedOnAnElementForAMomentAndAConversationTakesItFromThere() {
        for (Behaviour behaviour : Behaviour.values()) {
            AgentStateMachine agent = machine(behaviour);
            AgentState rest = agent.state();
            step(agent, AgentTrigger.NEWS, READING);
            step(agent, AgentTrigger.NEWS_READ, rest);
            step(agent, AgentTrigger.NEWS, READING);
            step(agent, CONVERSATION_START, CONVERSING);
            assertThat(agent.fire(AgentTrigger.NEWS)).as("news does not take a talking agent away").isEmpty();
            step(agent, OTHER_TURN_START, READING);
            step(agent, AgentTrigger.CONVERSATION_STOPPED, rest);
        }
    }

    @Test
    void triggersWithoutARowAreIgnored() {
        AgentStateMachine agent = machine(Behaviour.STATIONARY);
        assertThat(agent.fire(TURN_START)).isEmpty();
        assertThat(agent.fire(CONVERSATION_END)).isEmpty();
        assertThat(agent.fire(PUT_DOWN)).isEmpty();
        assertThat(agent.state()).isEqualTo(IDLE);
    }

    @Test
    void theDiagramInTheDocsIsTheTable() throws IOException {
        Path diagram = Path.of("docs/agent-fsm.md");
        String expected = "# Agent state machine\n\nGenerated from `TransitionTable` by `TransitionTableTest`; do not edit.\n\n"
                + "```mermaid\n" + TransitionTable.toMermaid() + "```\n";
        String actual = Files.exists(diagram) ? Files.readString(diagram, StandardCharsets.UTF_8) : "";
        if (!actual.equals(expected)) {
            Files.writeString(diagram, expected, StandardCharsets.UTF_8);
        }
        assertThat(actual).as("docs/agent-fsm.md was out of date and has been regenerated; commit it").isEqualTo(expected);
    }

    @AfterAll
    static void everyRowWasExercised() {
        assertThat(EXERCISED).as("rows of the transition table that no test takes")
                .containsExactlyInAnyOrderElementsOf(TransitionTable.rows());
    }
}
