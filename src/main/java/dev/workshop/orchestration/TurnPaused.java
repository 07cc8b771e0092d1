package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.StatusCause;

/**
 * A turn that cannot go on without the user's word on an outside tool call (an approval, or a call in doubt): the
 * loop ends, the conversation waits for the user, and the call's record in the log is where it goes on from.
 */
final class TurnPaused extends RuntimeException {
    private final transient LoopStop stop;

    TurnPaused(StatusCause cause, String sentence) {
        super(sentence, null, false, false);
        this.stop = new LoopStop(ConversationStatus.WAITING, cause, sentence);
    }

    LoopStop stop() {
        return stop;
    }
}
