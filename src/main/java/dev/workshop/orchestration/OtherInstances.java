package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import java.util.Optional;

/**
 * What other instances on a team server change, as the store reports it: a conversation this instance drives
 * that was stopped there (Abort, delete on another device) stops here at once rather than at its next append; and,
 * once asked ({@link #publish}), the listeners hear of every change as a {@link LoopEvent.Recorded} made elsewhere.
 */
final class OtherInstances {
    private final TeamLog log;
    private final RunningLoops loops;
    private final LoopEvents events;
    private volatile boolean publishing;

    OtherInstances(TeamLog log, RunningLoops loops, LoopEvents events) {
        this.log = log;
        this.loops = loops;
        this.events = events;
    }

    /** From now on the listeners hear of what other instances change. */
    void publish() {
        publishing = true;
    }

    /** Another instance changed conversation {@code id}. */
    void changed(ConversationId id) {
        boolean drivenHere = loops.isRunning(id);
        if (!publishing && !drivenHere) {
            return;
        }
        Optional<ConversationState> state = log.store().state(log.tenant(), id);
        if (state.isEmpty()) {
            return;
        }
        ConversationState now = state.get();
        if (drivenHere && (now.deleted() || now.status().isFinal() || now.status() == ConversationStatus.INTERRUPTED
                || now.status() == ConversationStatus.HELD)) {
            loops.stop(id, new LoopStop(now.status(), now.statusCause(), now.statusReason(), true));
        }
        if (publishing) {
            String drivenBy = log.store().drivenElsewhere(log.tenant(), id).orElse("");
            // The feed says which conversation changed, not how: its readers read what they show from the log.
            events.publish(new LoopEvent.Recorded(id, java.time.Instant.now(), java.util.List.of(), now, true,
                    drivenBy));
        }
    }
}
