package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationEvent.ResumeStarted;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Lifecycle;
import dev.workshop.domain.conversation.ResumeCause;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.store.AgentCatalog;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Going on after a stop: marking what ran when Workshop stopped as interrupted, choosing what resumes by itself
 * (not what the user aborted, and not a crash loop), resuming and retrying at the user's word, and ending what
 * cannot go on with the reason.
 */
final class Resumption {
    private final TeamLog log;
    private final AgentCatalog agents;
    private final RunningLoops loops;
    private final LoopEvents events;

    Resumption(TeamLog log, AgentCatalog agents, RunningLoops loops, LoopEvents events) {
        this.log = log;
        this.agents = agents;
        this.loops = loops;
        this.events = events;
    }

    /** Whether Resume applies ({@link Lifecycle}); one brought in and paused, only where an agent speaks next. */
    static boolean canResume(ConversationState state) {
        return Lifecycle.allows(state, Lifecycle.Command.RESUME)
                && (state.status() != ConversationStatus.WAITING || SessionRestorer.pausedOnAnAgentsTurn(state));
    }

    boolean resume(ConversationId id) {
        ConversationState state = log.stateOf(id);
        if (state.status() == ConversationStatus.HELD) {
            throw new IllegalStateException(SessionHolds.heldHint(state));
        }
        if (loops.isRunning(id) || !canResume(state)) {
            throw new IllegalStateException("Only an interrupted or restored conversation can be resumed; this one is "
                    + Lifecycle.shown(state).wireName());
        }
        return resume(state, ResumeCause.USER).isPresent();
    }

    void retry(ConversationId id) {
        ConversationState state = log.stateOf(id);
        if (loops.isRunning(id) || !Lifecycle.allows(state, Lifecycle.Command.RETRY)) {
            throw new IllegalStateException("Only a conversation stopped by a failed turn can be retried; this one"
                    + " is " + Lifecycle.shown(state).wireName());
        }
        Optional<LoopStop> cannot = whyItCannotContinue(state);
        if (cannot.isPresent()) {
            throw new IllegalStateException(cannot.get().reason());
        }
        log.store().append(log.tenant(), id, state.version(),
                List.of(new ResumeStarted(state.resumesWithoutProgress() + 1, ResumeCause.RETRY)));
        // Not "resumed after restart" on the canvas: nothing restarted, the user asked again.
        loops.launch(id, ResumeCause.RETRY);
    }

    /**
     * Goes on with a turn paused for the user's word on a tool call: the word recorded with the resume, in one
     * append (a conflict with another writer refuses both), then the loop runs from it.
     */
    void goOnWith(ConversationId id, List<dev.workshop.domain.conversation.ConversationEvent> word) {
        ConversationState state = log.stateOf(id);
        if (loops.isRunning(id) || !Lifecycle.isAboutACall(state.statusCause())
                || state.status() != ConversationStatus.WAITING) {
            throw new IllegalStateException("Conversation " + id + " is not waiting for your word on a tool call");
        }
        if (!log.store().drive(log.tenant(), id)) {
            throw new IllegalStateException("Conversation " + id + " is being driven by another Workshop");
        }
        List<dev.workshop.domain.conversation.ConversationEvent> events = new ArrayList<>(word);
        events.add(new ResumeStarted(1, ResumeCause.USER));
        log.store().append(log.tenant(), id, state.version(), events);
        loops.launch(id, ResumeCause.USER);
    }

    List<ConversationState> conversationsToResume() {
        // On a team server: those whose driver died before it could record why it stopped (its claim ran out,
        // never let go), such as one that gave up waiting for the server. They read as running, and nobody runs them.
        java.util.Set<ConversationId> driverGone = log.store().driversGone(log.tenant());
        return log.store().list(log.tenant()).stream()
                .filter(state -> Lifecycle.allows(state, Lifecycle.Command.RESUME_ON_LAUNCH)
                        || (driverGone.contains(state.id()) && (state.status() == ConversationStatus.ACTIVE
                        || state.status() == ConversationStatus.QUEUED)))
                .filter(state -> !loops.isRunning(state.id()))
                .sorted(Comparator.comparing(ConversationState::updatedAt))
                .toList();
    }

    /**
     * Team mode: takes over the team's conversations that need a driver — running or queued with no live driver
     * (its instance died), or interrupted by a restart or a failure that may pass — and goes on with each. One
     * changed within {@code quiet} is left alone unless its driver died: its instance may be about to claim it. It takes no more than it
     * has slots for, so that a team's instances share the work instead of one queueing it all.
     */
    List<ConversationId> driveThoseWithoutADriver(Duration quiet) {
        List<ConversationId> driven = new ArrayList<>();
        Instant now = loops.context().clock().instant();
        // Whose instance died (their claim ran out, never let go): read once a scan, not once a conversation.
        java.util.Set<ConversationId> driverGone = log.store().driversGone(log.tenant());
        // Those whose driver died first, then those under way (someone is following them), then those not begun.
        List<ConversationState> candidates = log.store().list(log.tenant()).stream()
                .sorted(Comparator.comparing((ConversationState state) -> !driverGone.contains(state.id()))
                        .thenComparing(state -> state.turnCount() == 0)).toList();
        for (ConversationState state : candidates) {
            boolean takeover = driverGone.contains(state.id());
            boolean full = loops.count() >= loops.settings().concurrencyLimit();
            if (full && !(takeover && loops.roomForATakeover())) {
                // No more than it can run at once (one taken over from a Workshop that died may use the reserve):
                // the rest is left to the team's other instances, or the next scan.
                break;
            }
            // What the app would resume at launch; never a failed turn, which waits for the user's Retry.
            boolean toGoOn = Lifecycle.allows(state, Lifecycle.Command.RESUME_ON_LAUNCH);
            boolean orphaned = state.status() == ConversationStatus.ACTIVE || state.status() == ConversationStatus.QUEUED
                    || toGoOn;
            // Quiet only while no driver has been lost: one whose instance died is taken as soon as its claim ran out.
            boolean justChanged = state.updatedAt().isAfter(now.minus(quiet)) && !takeover;
            if (!orphaned || loops.isRunning(state.id()) || justChanged || !log.store().drive(log.tenant(), state.id())) {
                continue;
            }
            try {
                resume(log.stateOf(state.id()), takeover ? ResumeCause.TAKEOVER : ResumeCause.RESTART, takeover)
                        .ifPresent(driven::add);
            } catch (RuntimeException e) {
                log.store().stopDriving(log.tenant(), state.id());
                events.publish(new LoopEvent.Warning(state.id(), 1, now, "Could not take over: " + e.getMessage()));
            }
        }
        return driven;
    }

    int markRunningAsInterrupted() {
        int marked = 0;
        for (ConversationState state : log.store().list(log.tenant())) {
            if (state.status() == ConversationStatus.ACTIVE || state.status() == ConversationStatus.QUEUED) {
                log.store().append(log.tenant(), state.id(), state.version(),
                        List.of(Reasons.change(ConversationStatus.INTERRUPTED, StatusCause.WORKSHOP_STOPPED)));
                marked++;
            }
        }
        return marked;
    }

    List<ConversationId> resumeInterruptedConversations() {
        List<ConversationId> resumed = new ArrayList<>();
        for (ConversationState state : conversationsToResume()) {
            if (!log.store().drive(log.tenant(), state.id())) {
                // Another Workshop on the team server goes on with it.
                continue;
            }
            resume(state, ResumeCause.RESTART).ifPresent(resumed::add);
        }
        return resumed;
    }

    private Optional<ConversationId> resume(ConversationState state, ResumeCause cause) {
        return resume(state, cause, false);
    }

    /** @param takeover taken over from a Workshop that died: it may run on a slot of the reserve */
    private Optional<ConversationId> resume(ConversationState state, ResumeCause cause, boolean takeover) {
        ConversationId id = state.id();
        // On a team server, claimed first: nothing is recorded for a conversation another instance drives.
        if (!log.store().drive(log.tenant(), id)) {
            throw new IllegalStateException("Conversation " + id + " is being driven by another Workshop ("
                    + log.store().drivenElsewhere(log.tenant(), id).orElse("another instance") + ")");
        }
        // The guard stops what restarts by itself; the user who asks to go on is let go on.
        Optional<LoopStop> cannot = cause.afterAStop() ? whyItCannotResume(state)
                : whyItCannotContinue(state);
        if (cannot.isPresent()) {
            LoopStop stop = cannot.get();
            ConversationState after = log.append(state, List.of(new StatusChanged(stop.status(), stop.cause(),
                    stop.reason())));
            log.store().stopDriving(log.tenant(), id);
            events.publish(new LoopEvent.Ended(id, 1, loops.context().clock().instant(), after));
            return Optional.empty();
        }
        log.store().append(log.tenant(), id, state.version(),
                List.of(new ResumeStarted(state.resumesWithoutProgress() + 1, cause)));
        // Only a restart is announced as one ("resumed after restart" on the canvas and in `resume`'s output).
        loops.launch(id, cause, takeover);
        return Optional.of(id);
    }

    private Optional<LoopStop> whyItCannotResume(ConversationState state) {
        if (state.resumesWithoutProgress() >= loops.settings().maxResumesWithoutProgress()) {
            return Optional.of(new LoopStop(ConversationStatus.FAILED, StatusCause.CRASH_LOOP,
                    "Stopped "
                    + state.resumesWithoutProgress() + " times in a row while asking turn " + (state.turnCount() + 1)
                    + ", with nothing of its reply kept; not resumed again by itself so that a crash loop cannot spin"
                    + " (Retry goes on)"));
        }
        return whyItCannotContinue(state);
    }

    /**
     * What rules out another turn whoever asks: an agent gone (it ends), or missing with its damaged list (it
     * waits), no task, no turns left.
     */
    private Optional<LoopStop> whyItCannotContinue(ConversationState state) {
        Optional<LoopStop> missing = MissingAgent.among(state.participants(), agents);
        if (missing.isPresent()) {
            return missing;
        }
        if (state.task().isEmpty()) {
            return Optional.of(new LoopStop(ConversationStatus.COMPLETED, StatusCause.NO_TASK,
                    "No task prompt was recorded, so the conversation cannot continue"));
        }
        int maxTurns = state.maxTurns() > 0 ? state.maxTurns() : loops.settings().defaultMaxTurns();
        if (state.turnCount() >= maxTurns) {
            return Optional.of(new LoopStop(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN,
                    "All " + maxTurns + " turns were already taken"));
        }
        return Optional.empty();
    }
}
