package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.retention.RetentionPlan;
import dev.workshop.domain.retention.RetentionPolicy;
import dev.workshop.store.ConcurrentAppendException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The retention policy applied (docs/decisions/0030): idle conversations marked abandoned, each with one event,
 * once — a second run, or another instance's at the same moment, finds it abandoned already or loses the
 * compare-and-set, and does nothing — and what is due to be purged erased (docs/decisions/0031): ended long ago, or
 * in Recently deleted too long. Purging is erasing: nothing of it is kept, and nothing brings it back.
 */
public final class Retention {
    /** Erases conversations for good: the workspace's erase, whose copies go when the data is opened next. */
    @FunctionalInterface
    public interface Purge {
        void erase(List<ConversationId> ids) throws InterruptedException;
    }

    private final ConversationEngine engine;
    private final Purge purge;

    public Retention(ConversationEngine engine, Purge purge) {
        this.engine = engine;
        this.purge = purge;
    }

    /** What a run as of {@code now} does: the same list a run then acts on. */
    public List<RetentionPlan.Due> plan(RetentionPolicy policy, Instant now) {
        return RetentionPlan.as(policy, now, engine.conversations(), engine.deletedConversations(), engine::isRunning);
    }

    /**
     * Runs the policy as of {@code now}: what it marked abandoned and what it purged (what another run did first,
     * or what changed since the plan was made, is left out).
     */
    public List<RetentionPlan.Due> run(RetentionPolicy policy, Instant now) throws InterruptedException {
        List<RetentionPlan.Due> done = new ArrayList<>();
        List<RetentionPlan.Due> purged = new ArrayList<>();
        for (RetentionPlan.Due due : plan(policy, now)) {
            if (due.kind() == RetentionPlan.Kind.ABANDON && abandon(due, policy)) {
                done.add(due);
            } else if (due.kind() != RetentionPlan.Kind.ABANDON && stillAsPlanned(due)) {
                purged.add(due);
            }
        }
        if (!purged.isEmpty()) {
            purge.erase(purged.stream().map(RetentionPlan.Due::id).toList());
            done.addAll(purged);
        }
        return done;
    }

    /** Unchanged since the plan: neither gone on, brought back from the bin, nor running. */
    private boolean stillAsPlanned(RetentionPlan.Due due) {
        // The store's own state, which a deleted conversation keeps (the engine's leaves it out).
        Optional<ConversationState> state = engine.log().store().state(engine.log().tenant(), due.id());
        if (state.isEmpty() || engine.isRunning(due.id())) {
            return false;
        }
        return due.kind() == RetentionPlan.Kind.PURGE_FROM_BIN ? state.get().deleted()
                : !state.get().deleted() && state.get().updatedAt().equals(due.lastChanged());
    }

    private boolean abandon(RetentionPlan.Due due, RetentionPolicy policy) {
        Optional<ConversationState> state = engine.state(due.id());
        if (state.isEmpty() || state.get().status().isFinal() || engine.isRunning(due.id())
                || !state.get().updatedAt().equals(due.lastChanged())) {
            // Ended, running or changed since the plan was made: no longer idle as planned.
            return false;
        }
        try {
            engine.log().store().append(engine.log().tenant(), due.id(), state.get().version(), List.of(
                    new StatusChanged(ConversationStatus.ABANDONED, StatusCause.IDLE, "Idle for "
                            + policy.abandonIdleAfter().orElseThrow().toDays() + " days: marked abandoned by the"
                            + " retention policy")));
            return true;
        } catch (ConcurrentAppendException anotherRunFirst) {
            return false;
        }
    }
}
