package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.RecordedEvent;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What other instances on a team server change, as the store reports it: a conversation this instance drives
 * that was stopped there (Abort, delete on another device) stops here at once rather than at its next append; and,
 * once asked ({@link #publish}), the listeners hear of every change as a {@link LoopEvent.Recorded} made elsewhere,
 * with the events it recorded.
 */
final class OtherInstances {
    private final TeamLog log;
    private final RunningLoops loops;
    private final LoopEvents events;
    private volatile boolean publishing;
    /**
     * How far the listeners were told of each conversation, by this instance's own writes or by the feed: a change
     * elsewhere brings the events after that, read from there, not the whole history again.
     */
    private final Map<ConversationId, Long> told = new ConcurrentHashMap<>();

    OtherInstances(TeamLog log, RunningLoops loops, LoopEvents events) {
        this.log = log;
        this.loops = loops;
        this.events = events;
        events.subscribe(event -> {
            if (event instanceof LoopEvent.Recorded recorded && !recorded.elsewhere()) {
                told.merge(recorded.conversationId(), recorded.after().version(), Math::max);
            } else if (event instanceof LoopEvent.ElementRecorded element && !element.elsewhere()) {
                told.merge(element.conversationId(), element.after().version(), Math::max);
            }
        });
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
            // The feed says which conversation changed, not how: what it recorded is read from where the listeners
            // were told up to. The first change of a conversation this instance was told nothing of comes with no
            // events (a listener that shows it reads its log then, once), so no long history is read for nothing.
            // A listener that has some of it already passes over what it has.
            Long from = told.get(id);
            List<RecordedEvent> recorded = from == null || from >= now.version() ? List.of()
                    : log.store().historyAfter(log.tenant(), id, from);
            told.merge(id, recorded.isEmpty() ? now.version() : Math.max(now.version(), recorded.getLast().seq()),
                    Math::max);
            events.publish(LoopEvent.Recorded.of(id, java.time.Instant.now(), recorded, now, true, drivenBy));
        }
    }
}
