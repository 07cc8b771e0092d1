package dev.workshop.session;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.AgentInstance;
import dev.workshop.domain.canvas.CanvasScene;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Rope;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatistics;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.Rotation;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.conversation.Transcript;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A conversation held in git (seed 001): everything needed to bring it back alive elsewhere. Its event history is
 * the truth; the rest (the next step, statistics, who took part with their agent definitions and canvas layout)
 * is written beside it so that a person or a tool reading the branch sees where the conversation stands without
 * folding the events, and so that a re-inflation can check the two agree.
 *
 * @param returnStack the conversations to go back to when a sub-conversation ends: empty until sub-conversations
 *                    exist, but part of the format so that files written now stay readable then
 * @param parent      the session and turn this one was forked from, if it is a fork
 */
public record HeldSession(
        int formatVersion,
        String producerVersion,
        ConversationId id,
        TenantId team,
        Instant heldAt,
        NextStep next,
        List<String> returnStack,
        ConversationStatistics statistics,
        List<Member> members,
        List<Rope> ropes,
        Optional<Parent> parent,
        List<RecordedEvent> history) {

    /** The format this version writes; it reads this one and every older one. */
    public static final int FORMAT_VERSION = 1;

    /**
     * What the conversation does next: who speaks, on which turn (index from 0), in which workflow turn (the task
     * is 1, each follow-up one more), whether that turn was being asked when it was held (it is asked again), and
     * the follow-up prompt waiting for its first answer, if one is.
     */
    public record NextStep(String speakerId, String speakerName, int turnIndex, int turnNumber, boolean askedAgain,
                           Optional<String> pendingFollowUp) {
        public NextStep {
            Objects.requireNonNull(speakerId, "speakerId");
            Objects.requireNonNull(pendingFollowUp, "pendingFollowUp");
        }
    }

    /**
     * One participant: the agent definition it had when held (none for the user, or for an agent no longer
     * defined) and where it stood on the canvas (none when it was not placed).
     */
    public record Member(Participant participant, Optional<AgentDefinition> agent, Optional<AgentInstance> placement) {
        public Member {
            Objects.requireNonNull(participant, "participant");
            Objects.requireNonNull(agent, "agent");
            Objects.requireNonNull(placement, "placement");
        }
    }

    /** Where a fork came from: the session and the last turn (index from 0) it copied. */
    public record Parent(ConversationId session, int turnIndex) {
    }

    public HeldSession {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(team, "team");
        Objects.requireNonNull(heldAt, "heldAt");
        Objects.requireNonNull(next, "next");
        Objects.requireNonNull(parent, "parent");
        returnStack = List.copyOf(returnStack);
        members = List.copyOf(members);
        ropes = List.copyOf(ropes);
        history = List.copyOf(history);
        if (history.isEmpty()) {
            throw new IllegalArgumentException("A held session has at least its first event");
        }
    }

    /**
     * The session of a stored conversation: its whole history, the definitions {@code agents} has of its members
     * and their places on {@code scene} (the instances it ran on, and the ropes between them).
     */
    public static HeldSession of(TenantId team, List<RecordedEvent> history,
                                 Function<AgentId, Optional<AgentDefinition>> agents, CanvasScene scene,
                                 Instant heldAt) {
        ConversationId id = history.getFirst().conversationId();
        ConversationState state = ConversationState.replay(id, history);
        Transcript transcript = Transcript.of(history);
        List<InstanceId> placed = scene.conversationInstances().getOrDefault(id, List.of());
        Map<InstanceId, AgentInstance> instances = new LinkedHashMap<>();
        scene.instances().forEach(instance -> instances.put(instance.id(), instance));
        List<Member> members = new ArrayList<>();
        int agentIndex = 0;
        Set<InstanceId> used = new HashSet<>();
        for (Participant participant : state.participants()) {
            if (participant.isHuman()) {
                members.add(new Member(participant, Optional.empty(), Optional.empty()));
                continue;
            }
            // The scene lists the conversation's instances in the order of its agents (the user has none); one that
            // ended is no longer listed, and its agents are where an instance of theirs stands.
            Optional<AgentInstance> placement = agentIndex < placed.size()
                    ? Optional.ofNullable(instances.get(placed.get(agentIndex)))
                            .filter(instance -> instance.agentId().equals(participant.agentId()))
                    : Optional.empty();
            if (placement.isEmpty()) {
                placement = instances.values().stream().filter(instance -> !used.contains(instance.id())
                        && instance.agentId().equals(participant.agentId())).findFirst();
            }
            agentIndex++;
            placement.ifPresent(instance -> used.add(instance.id()));
            members.add(new Member(participant, agents.apply(participant.agentId()), placement));
        }
        List<Rope> ropes = scene.ropes().stream()
                .filter(rope -> used.contains(rope.from()) && used.contains(rope.to())).toList();
        Participant speaker = Rotation.nextSpeaker(state.participants(), state.lastSpeaker());
        NextStep next = new NextStep(speaker.agentId().value(), speaker.name(), state.turnCount(),
                transcript.turnNumber(), state.turnInDoubt() >= 0,
                transcript.pendingFollowUp().map(followUp -> transcript.messages().getLast().content()));
        Optional<Parent> parent = transcript.forkedFrom().map(forked -> new Parent(forked.source(), forked.turnIndex()));
        return new HeldSession(FORMAT_VERSION, ProducerVersion.current(), id, team, heldAt, next, List.of(),
                transcript.statistics(), members, ropes, parent, history);
    }

    /** The conversation the history folds to. */
    public ConversationState state() {
        return ConversationState.replay(id, history);
    }
}
