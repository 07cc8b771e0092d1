package dev.workshop.orchestration;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.AgentInstance;
import dev.workshop.domain.canvas.HeldLayout;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.session.HeldSession;
import dev.workshop.session.SessionSnapshot;
import dev.workshop.session.git.GitSessions;
import dev.workshop.store.AgentCatalog;
import dev.workshop.store.ConversationStore;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A held session brought back into this data directory (read and checked by {@link SessionHolds}): recorded with
 * its history, or the turns it took elsewhere added to the copy here, or refused when the copy here went on
 * differently (a fork is offered); released to where it stood before the hold; its agents put on the canvas.
 */
final class Reinflation {
    private final ConversationStore store;
    private final TenantId team;
    private final AgentCatalog agents;
    private final ConversationEngine bridge;
    private final SceneKeeper scene;
    private final Clock clock;

    Reinflation(ConversationStore store, TenantId team, AgentCatalog agents, ConversationEngine bridge, SceneKeeper scene,
                Clock clock) {
        this.store = store;
        this.team = team;
        this.agents = agents;
        this.bridge = bridge;
        this.scene = scene;
        this.clock = clock;
    }

    Reinflated reinflate(HeldSession session, GitSessions.Branch branch, boolean asFork, boolean addAgents) {
        ConversationId id = session.id();
        Optional<TenantId> owner = store.tenantOf(id);
        if (owner.isPresent() && !owner.get().equals(team)) {
            throw new TeamMismatchException(id, owner.get(), team);
        }
        List<String> added = addAgents ? addMissingAgents(session) : List.of();
        List<String> missing = missingAgents(session);
        if (asFork) {
            return asFork(session, branch, added, missing);
        }
        Reinflated.Outcome outcome;
        if (owner.isEmpty()) {
            store.adopt(team, id, 0, session.history());
            outcome = Reinflated.Outcome.ADDED;
        } else {
            if (bridge.isRunning(id)) {
                throw new IllegalStateException("Conversation " + id + " is running here; stop it before re-inflating"
                        + " its held session");
            }
            ConversationState here = store.state(team, id).orElseThrow();
            if (here.deleted()) {
                throw new IllegalStateException("Conversation " + id + " was deleted here; bring it back first"
                        + " (Recently deleted, or 'workshop undelete " + id + "'), or re-inflate it as a fork");
            }
            List<RecordedEvent> local = store.history(team, id);
            if (Histories.startsWith(local, session.history())) {
                // The same history, or this one went further (held again elsewhere since): nothing to bring in.
                outcome = here.status() == ConversationStatus.HELD ? Reinflated.Outcome.RELEASED
                        : Reinflated.Outcome.ALREADY_HERE;
            } else if (Histories.startsWith(session.history(), local)) {
                store.adopt(team, id, here.version(), session.history().subList(local.size(), session.history().size()));
                outcome = Reinflated.Outcome.BROUGHT_UP_TO_DATE;
            } else {
                throw new IllegalStateException("Conversation " + id + " here went on differently after turn "
                        + Histories.commonTurns(local, session.history()) + " than " + branch.name() + "; nothing was changed."
                        + " Re-inflate it as a fork to have both ('workshop reinflate " + branch.name()
                        + " --as-fork')");
            }
        }
        ConversationState state = store.state(team, id).orElseThrow();
        if (state.status() == ConversationStatus.HELD) {
            state = release(state, store.history(team, id));
        }
        placeOnCanvas(session, id);
        announce(id, state);
        return new Reinflated(id, branch.name(), branch.commit(), outcome, state.turnCount(), state.status(), missing,
                added);
    }

    /**
     * Paused as it was before the hold: waiting for the user to go on, or ended (open to a follow-up). The event
     * is the same wherever the session is re-inflated (its time is the hold's): two Workshops that re-inflated one
     * commit and did nothing else still hold the same history, so either can take in what the other adds later.
     */
    private ConversationState release(ConversationState held, List<RecordedEvent> history) {
        int at = history.size() - 1;
        while (at > 0 && !history.get(at).event().holds()) {
            at--;
        }
        RecordedEvent mark = history.get(at);
        ConversationState before = ConversationState.replay(held.id(), history.subList(0, at));
        ConversationEvent back = before.status().isFinal()
                ? new StatusChanged(before.status(), before.statusCause(), before.statusReason())
                : Reasons.change(ConversationStatus.WAITING, StatusCause.REINFLATED);
        store.adopt(team, held.id(), held.version(), List.of(new RecordedEvent(team, held.id(), held.version() + 1,
                mark.recordedAt(), back)));
        return store.state(team, held.id()).orElseThrow();
    }

    /** A new conversation with the session's messages, its origin recorded, paused at its end. */
    private Reinflated asFork(HeldSession session, GitSessions.Branch branch, List<String> added, List<String> missing) {
        ConversationState source = session.state();
        ConversationId target = ConversationId.random();
        SessionSnapshot whole = SessionSnapshot.of(team, source, session.history());
        if (whole.messages().isEmpty()) {
            throw new IllegalArgumentException(branch.name() + " holds no message to fork from");
        }
        int lastTurn = whole.messages().size() - 1;
        boolean ended = source.maxTurns() > 0 && lastTurn + 1 >= source.maxTurns();
        SessionSnapshot fork = new SessionSnapshot(SessionSnapshot.SCHEMA_VERSION, target.value(), team, whole.kind(),
                ended ? ConversationStatus.COMPLETED : ConversationStatus.WAITING,
                ended ? Reasons.FORKED_AT_THE_END : Reasons.REINFLATED, whole.members(), whole.taskPrompt(),
                whole.maxTurns(), whole.messages(), clock.instant(), clock.instant(), source.title() + " (re-inflated)");
        List<ConversationEvent> events = new ArrayList<>(fork.toEvents());
        events.add(1, new ConversationEvent.Forked(session.id(), lastTurn));
        if (!ended) {
            events.add(Reasons.change(ConversationStatus.WAITING, StatusCause.REINFLATED));
        }
        store.append(team, target, 0, events);
        ConversationState state = store.state(team, target).orElseThrow();
        placeOnCanvas(session, target);
        announce(target, state);
        return new Reinflated(target, branch.name(), branch.commit(), Reinflated.Outcome.FORKED, state.turnCount(),
                state.status(), missing, added);
    }

    private void placeOnCanvas(HeldSession session, ConversationId as) {
        List<AgentInstance> laidOut = session.members().stream().flatMap(member -> member.placement().stream())
                .toList();
        if (!laidOut.isEmpty()) {
            scene.place(new HeldLayout(as, laidOut, session.ropes()), agent -> agents.find(agent).isPresent());
        }
    }

    private void announce(ConversationId id, ConversationState state) {
        int turnNumber = Transcript.of(store.history(team, id)).turnNumber();
        bridge.publish(new LoopEvent.SessionRestored(id, turnNumber, clock.instant(), state.turnCount()));
        bridge.publish(new LoopEvent.TeamReady(id, turnNumber, clock.instant(), team, true));
    }

    private List<String> missingAgents(HeldSession session) {
        return session.members().stream().filter(member -> !member.participant().isHuman())
                .filter(member -> agents.find(member.participant().agentId()).isEmpty())
                .map(member -> member.participant().name()).toList();
    }

    private List<String> addMissingAgents(HeldSession session) {
        List<String> added = new ArrayList<>();
        for (HeldSession.Member member : session.members()) {
            AgentId agentId = member.participant().agentId();
            if (member.participant().isHuman() || agents.find(agentId).isPresent() || member.agent().isEmpty()) {
                continue;
            }
            AgentDefinition definition = member.agent().get();
            if (agents.findByIdOrName(definition.name()).isPresent()) {
                throw new IllegalStateException("The session's agent " + definition.name() + " cannot be added back:"
                        + " another agent has that name here; rename it first");
            }
            agents.add(definition);
            added.add(definition.name());
        }
        return added;
    }
}
