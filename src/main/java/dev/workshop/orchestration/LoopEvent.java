package dev.workshop.orchestration;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Lifecycle;
import dev.workshop.domain.conversation.News;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.domain.conversation.ResumeCause;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.gateway.RetryNotice;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What the engine reports, in order, to the UI and the command line alike: {@link Recorded} for what the log took,
 * the others for what passes (a loop's start and end, tokens, retries, warnings…). {@code turnNumber} is the workflow
 * turn a loop is on (1 for the initial task; later follow-ups count up; the turn of recorded events is their fold's,
 * {@link News#followUpTurn}); {@code turnIndex} numbers the recorded messages of a conversation from 0.
 */
public sealed interface LoopEvent {
    ConversationId conversationId();

    Instant at();

    /**
     * Events the log has just taken (a loop's, a command's, or, {@code elsewhere}, another instance's on the team
     * server), with the conversation as it stands after them: the one thing that travels for everything durable.
     * Readers fold {@code events} ({@link Transcript#news}); every other kind of event is passing, not in the log.
     * Published by {@link RecordingStore}, through which the engine makes every append.
     * A change made elsewhere comes with no events when this instance cannot tell which: its readers read the log.
     *
     * @param drivenBy for a change elsewhere, the device that drives the conversation now ("" when none does)
     */
    record Recorded(ConversationId conversationId, Instant at, List<RecordedEvent> events,
                    ConversationState after, boolean elsewhere, String drivenBy) implements LoopEvent {
        public Recorded {
            events = List.copyOf(events);
        }

        /** Recorded here, by a loop or a command. */
        public static Recorded here(ConversationId id, Instant at, List<RecordedEvent> events, ConversationState after) {
            return new Recorded(id, at, events, after, false, "");
        }

        /**
         * What the log took, as its readers take it: a conversation's events as this record, a shared element's as
         * {@link ElementRecorded} (a sidebar of conversations has no use for a vote on a pin).
         */
        public static LoopEvent of(ConversationId id, Instant at, List<RecordedEvent> events, ConversationState after,
                                   boolean elsewhere, String drivenBy) {
            return after.isElement() ? new ElementRecorded(id, at, events, after, elsewhere)
                    : new Recorded(id, at, events, after, elsewhere, drivenBy);
        }

        @Override
        public Optional<ConversationState> stateAfter() {
            return Optional.of(after);
        }

        /** What these events bring a reader who keeps no fold of their own. */
        public News news() {
            return Transcript.following(after.participants()).news(events);
        }
    }

    /**
     * Changes the log has just taken for a shared element (docs/decisions/0028): here, or {@code elsewhere} on the
     * team server (then with no events when this instance cannot tell which). {@code conversationId} is the
     * element's stream.
     */
    record ElementRecorded(ConversationId conversationId, Instant at, List<RecordedEvent> events,
                           ConversationState after, boolean elsewhere) implements LoopEvent {
        public ElementRecorded {
            events = List.copyOf(events);
        }
    }

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
            return resumedBy != null && resumedBy.afterAStop();
        }
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

    /** A conversation's team is set up: a new conversation ({@code restored} false) or one restored by id. */
    record TeamReady(ConversationId conversationId, int turnNumber, Instant at, TenantId team, boolean restored)
            implements LoopEvent {
    }

    /** A conversation was restored by id, paused until the human acts. */
    record SessionRestored(ConversationId conversationId, int turnNumber, Instant at, int messageCount)
            implements LoopEvent {
    }

    /** The conversation's snapshot file was written. */
    record SessionSaved(ConversationId conversationId, int turnNumber, Instant at) implements LoopEvent {
    }

    /** Writing the snapshot failed; the conversation goes on and the save is tried again while {@code retrying}. */
    record SaveFailed(ConversationId conversationId, int turnNumber, Instant at, String message, int attempt,
                      boolean retrying) implements LoopEvent {
    }
}
