package dev.workshop.orchestration;

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
 * compare-and-set, and does nothing. Purging what is due is erasing it, which comes with erase (#52); until then a
 * run lists what is due to be purged and leaves it.
 */
public final class Retention {
    private final ConversationEngine engine;

    public Retention(ConversationEngine engine) {
        this.engine = engine;
    }

    /** What a run as of {@code now} does: the same list a run then acts on. */
    public List<RetentionPlan.Due> plan(RetentionPolicy policy, Instant now) {
        return RetentionPlan.as(policy, now, engine.conversations(), engine.deletedConversations(), engine::isRunning);
    }

    /** Runs the policy as of {@code now}: what it marked abandoned (those another run marked first are left out). */
    public List<RetentionPlan.Due> run(RetentionPolicy policy, Instant now) {
        List<RetentionPlan.Due> done = new ArrayList<>();
        for (RetentionPlan.Due due : plan(policy, now)) {
            if (due.kind() == RetentionPlan.Kind.ABANDON && abandon(due, policy)) {
                done.add(due);
            }
        }
        return done;
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
