package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.StatusCause;

/**
 * Why a loop was asked to stop: the outcome to record, its cause and the sentence to give; {@code elsewhere} when
 * another instance already ended or stopped the conversation (nothing of this one's is then written).
 */
record LoopStop(ConversationStatus status, StatusCause cause, String reason, boolean elsewhere) {
    LoopStop(ConversationStatus status, StatusCause cause, String reason) {
        this(status, cause, reason, false);
    }

    /** A stop whose cause says it all (Abort, Workshop closing, a deletion). */
    static LoopStop of(ConversationStatus status, StatusCause cause) {
        return new LoopStop(status, cause, Reasons.sentence(cause));
    }
}
