package dev.workshop.orchestration;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Lifecycle;
import dev.workshop.domain.conversation.ResumeCause;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.conversation.Usage;
import dev.workshop.gateway.RetryNotice;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * What the conversation loops report, in order, to the UI and the command line alike. {@code turnNumber}
 * is the workflow turn (1 for the initial task; later follow-ups count up); {@code turnIndex} numbers the
 * recorded messages of a conversation from 0.
 */
public sealed interface LoopEvent {
    ConversationId conversationId();

    int turnNumber();

    Instant at();

    /**
     * The conversation as stored right after the append this event reports, for the events that follow one
     * (a loop's start, a message, an end): a listener shows it without reading the store again. Empty for the
     * others, and for an end the store could not record.
     */
    default Optional<ConversationState> stateAfter() {
        return Optional.empty();
    }

    /**
     * A loop starts taking turns. {@code resumedBy} says why it started again (null for a new conversation or a
     * follow-up); {@code resumed} is true for a restart only, the one resume announced as such.
     */
    record Started(ConversationId conversationId, int turnNumber, Instant at, ResumeCause resumedBy,
                   ConversationState after) implements LoopEvent {
        public Started(ConversationId conversationId, int turnNumber, Instant at, ResumeCause resumedBy) {
            this(conversationId, turnNumber, at, resumedBy, null);
        }

        @Override
        public Optional<ConversationState> stateAfter() {
            return Optional.ofNullable(after);
        }

        public boolean resumed() {
            return resumedBy == ResumeCause.RESTART;
        }
    }

    record Queued(ConversationId conversationId, int turnNumber, Instant at) implements LoopEvent {
    }

    record TurnStarted(ConversationId conversationId, int turnNumber, Instant at, int turnIndex, AgentId speakerId,
                       String speakerName, boolean resumed) implements LoopEvent {
    }

    record Token(ConversationId conversationId, int turnNumber, Instant at, int turnIndex, AgentId speakerId,
                 String text) implements LoopEvent {
    }

    /**
     * An attempt at turn {@code turnIndex}'s reply failed and is made again: the tokens streamed since the turn
     * started are not part of the reply, and a consumer who printed them should discard them.
     */
    record TurnRetry(ConversationId conversationId, int turnNumber, Instant at, int turnIndex, AgentId speakerId,
                     String speakerName, int attempt, int attempts, String reason, Duration delay)
            implements LoopEvent {
        TurnRetry(ConversationId conversationId, int turnNumber, Instant at, int turnIndex, AgentId speakerId,
                  String speakerName, RetryNotice retry) {
            this(conversationId, turnNumber, at, turnIndex, speakerId, speakerName, retry.attempt(), retry.attempts(),
                    retry.reason(), retry.delay());
        }
    }

    /** Published only after the message is durably stored; {@code usage} is what producing it cost. */
    record Message(ConversationId conversationId, int turnNumber, Instant at, int turnIndex, AgentId speakerId,
                   String speakerName, String content, Usage usage, ConversationState after) implements LoopEvent {
        public Message(ConversationId conversationId, int turnNumber, Instant at, int turnIndex, AgentId speakerId,
                       String speakerName, String content, Usage usage) {
            this(conversationId, turnNumber, at, turnIndex, speakerId, speakerName, content, usage, null);
        }

        @Override
        public Optional<ConversationState> stateAfter() {
            return Optional.ofNullable(after);
        }
    }

    /**
     * The loop stopped. {@code recorded}: its end is in the log with this status; if not (the store could not
     * write any more), the log still says it runs, the next open of the data makes it interrupted, and
     * {@code status} says so already.
     */
    record Ended(ConversationId conversationId, int turnNumber, Instant at, ConversationStatus status,
                 StatusCause cause, String reason, boolean recorded, ConversationState after) implements LoopEvent {
        public Ended(ConversationId conversationId, int turnNumber, Instant at, ConversationStatus status,
                     StatusCause cause, String reason, boolean recorded) {
            this(conversationId, turnNumber, at, status, cause, reason, recorded, null);
        }

        /** A recorded end, with the conversation as it stands after it. */
        public Ended(ConversationId conversationId, int turnNumber, Instant at, ConversationState after) {
            this(conversationId, turnNumber, at, after.status(), after.statusCause(), after.statusReason(), true,
                    after);
        }

        /** The status every view shows for this end ({@link Lifecycle#shown}). */
        public ConversationStatus shownStatus() {
            return Lifecycle.shown(status, cause);
        }

        @Override
        public Optional<ConversationState> stateAfter() {
            return Optional.ofNullable(after);
        }
    }

    record Error(ConversationId conversationId, int turnNumber, Instant at, String message) implements LoopEvent {
    }

    /**
     * What the loop has to save (a reply received, a turn's end) waits in memory because the team server is away:
     * it is saved once the server is back, or the turn is asked again after a restart. Until the next message or end
     * of this conversation, a reply shown as being written is not yet saved.
     */
    record SavePending(ConversationId conversationId, int turnNumber, Instant at, String message) implements LoopEvent {
    }

    /** After {@link SavePending}: the team server answered again and what waited is saved. Said once a return. */
    record ServerBack(ConversationId conversationId, int turnNumber, Instant at, String message) implements LoopEvent {
    }

    /** Something the user should know that stops nothing (a server answering with another model, say). */
    record Warning(ConversationId conversationId, int turnNumber, Instant at, String message) implements LoopEvent {
    }

    /**
     * Said as a loop starts over a history with a hole: damage on the disk took turn {@code turnIndex}'s message
     * from every copy before it was read back. The conversation goes on from the messages that remain.
     */
    record MessageLost(ConversationId conversationId, int turnNumber, Instant at, int turnIndex) implements LoopEvent {
        public String message() {
            return "Damage on the disk took the message of turn " + (turnIndex + 1) + " before any other copy held it;"
                    + " the conversation goes on from the messages that remain";
        }
    }

    /** The user renamed the conversation; {@code title} is what lists show now. */
    record Renamed(ConversationId conversationId, int turnNumber, Instant at, String title) implements LoopEvent {
    }

    /** The user deleted the conversation (a running one was stopped first). */
    record Deleted(ConversationId conversationId, int turnNumber, Instant at) implements LoopEvent {
    }

    /** The user took the deletion back: the conversation is listed again. */
    record Undeleted(ConversationId conversationId, int turnNumber, Instant at) implements LoopEvent {
    }

    /** A conversation's team is set up: a new conversation ({@code restored} false) or one restored by id. */
    record TeamReady(ConversationId conversationId, int turnNumber, Instant at, TenantId team, boolean restored)
            implements LoopEvent {
    }

    /** A conversation was restored by id, paused until the human acts. */
    record SessionRestored(ConversationId conversationId, int turnNumber, Instant at, int messageCount)
            implements LoopEvent {
    }

    /**
     * Another instance on the team server changed the conversation (a message, a status, who drives it);
     * {@code drivenBy} names the device that drives it now, empty when none does.
     */
    record ChangedElsewhere(ConversationId conversationId, int turnNumber, Instant at, ConversationState after,
                            String drivenBy) implements LoopEvent {
        @Override
        public Optional<ConversationState> stateAfter() {
            return Optional.ofNullable(after);
        }
    }

    /** The conversation's snapshot file was written. */
    record SessionSaved(ConversationId conversationId, int turnNumber, Instant at) implements LoopEvent {
    }

    /** Writing the snapshot failed; the conversation goes on and the save is tried again while {@code retrying}. */
    record SaveFailed(ConversationId conversationId, int turnNumber, Instant at, String message, int attempt,
                      boolean retrying) implements LoopEvent {
    }
}
