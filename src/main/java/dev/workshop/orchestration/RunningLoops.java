package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.ResumeCause;
import dev.workshop.domain.conversation.StatusCause;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The conversations' running loops: one per conversation, each on its own virtual thread, never two for the same
 * conversation; the slots that let at most so many take turns at once; and the settings a loop starts with.
 */
final class RunningLoops {
    private final Map<ConversationId, ConversationLoop> running = new ConcurrentHashMap<>();
    private final Slots slots;
    /** Replaced by {@link #applySettings}, settings and all; a loop keeps the context it started with. */
    private volatile LoopContext context;

    RunningLoops(Slots slots, LoopContext context) {
        this.slots = slots;
        this.context = context;
    }

    LoopContext context() {
        return context;
    }

    LoopSettings settings() {
        return context.settings();
    }

    synchronized void applySettings(LoopSettings newSettings) {
        slots.resize(newSettings.concurrencyLimit());
        context = context.withSettings(newSettings);
    }

    /** @param resumedBy why it starts again, or null for a conversation that just began */
    void launch(ConversationId id, ResumeCause resumedBy) {
        launch(id, resumedBy, false);
    }

    /** As above; {@code takeover}: taken over from a Workshop that died, so it may run on a reserve slot. */
    void launch(ConversationId id, ResumeCause resumedBy, boolean takeover) {
        ConversationLoop loop = new ConversationLoop(id, resumedBy, takeover, context, finished -> {
            running.remove(id, finished);
            context.store().stopDriving(context.tenant(), id);
        });
        if (running.putIfAbsent(id, loop) != null) {
            throw new IllegalStateException("Conversation " + id + " already has a running loop");
        }
        // On a team server one instance drives a conversation at a time (the desktop's own store always agrees).
        boolean driving;
        try {
            driving = context.store().drive(context.tenant(), id);
        } catch (dev.workshop.store.StoreUnavailableException busyOrAway) {
            // No answer now (every connection busy, the server away): the loop claims it on its own thread, waiting
            // as it waits for any write, and ends with the reason if it cannot. Never a loop counted that never runs.
            loop.claimFirst();
            driving = true;
        } catch (RuntimeException e) {
            running.remove(id, loop);
            throw e;
        }
        if (!driving) {
            running.remove(id, loop);
            throw new IllegalStateException("Conversation " + id + " is being driven by another Workshop ("
                    + context.store().drivenElsewhere(context.tenant(), id).orElse("another instance") + ")");
        }
        Thread.ofVirtual().name("conversation-" + id).start(loop);
    }

    boolean isRunning(ConversationId id) {
        return running.containsKey(id);
    }

    int count() {
        return running.size();
    }

    /**
     * Whether a conversation taken over could run now, on a free slot or one of the reserve. Counted by the loops
     * launched, not by the permits taken: a loop takes its permit on its own thread a moment after its launch.
     */
    boolean roomForATakeover() {
        int limit = settings().concurrencyLimit();
        return running.size() < limit + Slots.reserveFor(limit);
    }

    /** Asks the conversation's loop to stop as {@code stop} says; false when it has none. */
    boolean stop(ConversationId id, LoopStop stop) {
        ConversationLoop loop = running.get(id);
        if (loop == null) {
            return false;
        }
        loop.stop(stop);
        return true;
    }

    boolean await(ConversationId id, Duration timeout) throws InterruptedException {
        ConversationLoop loop = running.get(id);
        return loop == null || loop.awaitFinished(timeout);
    }

    void awaitAll() throws InterruptedException {
        while (!running.isEmpty()) {
            for (ConversationLoop loop : List.copyOf(running.values())) {
                loop.awaitFinished();
            }
        }
    }

    /** Stops every loop as {@code interrupted} (to be resumed at the next start) and waits for them a while. */
    void stopAll() {
        List<ConversationLoop> loops = List.copyOf(running.values());
        loops.forEach(loop -> loop.stop(LoopStop.of(ConversationStatus.INTERRUPTED,
                StatusCause.WORKSHOP_STOPPED)));
        try {
            for (ConversationLoop loop : loops) {
                loop.awaitFinished(Duration.ofSeconds(10));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
