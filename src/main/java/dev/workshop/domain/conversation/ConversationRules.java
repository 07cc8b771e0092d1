package dev.workshop.domain.conversation;

import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.Deleted;
import dev.workshop.domain.conversation.ConversationEvent.Forked;
import dev.workshop.domain.conversation.ConversationEvent.ReplyChunk;
import dev.workshop.domain.conversation.ConversationEvent.Undeleted;
import dev.workshop.domain.conversation.ConversationEvent.FollowUpStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.Renamed;
import dev.workshop.domain.conversation.ConversationEvent.ResumeStarted;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import java.nio.charset.StandardCharsets;

/**
 * The invariants of a conversation log, checked before an event is appended: a log starts with
 * {@link ConversationStarted} and has only one; turn {@code k} is recorded once and only after turn
 * {@code k-1}; no text over {@link #MAX_TEXT_BYTES}, no title over {@link #MAX_TITLE_CHARS}; nothing after
 * {@link Deleted}.
 */
public final class ConversationRules {
    /** 1 MiB of UTF-8: the most one message, task prompt or reason may hold. */
    public static final int MAX_TEXT_BYTES = 1024 * 1024;
    /** A title is a name for a list, not a document. */
    public static final int MAX_TITLE_CHARS = 200;

    private ConversationRules() {
    }

    /** Throws {@link InvalidEventException} (or a subclass) when {@code event} may not follow {@code state}. */
    public static void check(ConversationState state, ConversationEvent event) {
        // A deleted conversation takes one event only: the deletion taken back.
        if (state.deleted() && !(event instanceof Undeleted)) {
            throw new InvalidEventException("Conversation " + state.id() + " was deleted");
        }
        boolean element = state.isStarted() && state.kind() == ConversationKind.ELEMENT;
        if (element && !(event instanceof ConversationEvent.ElementChanged || event instanceof Renamed
                || event instanceof Deleted || event instanceof Undeleted)) {
            throw new InvalidEventException("Element " + state.id() + " takes element changes, a new name, its"
                    + " removal and its return only");
        }
        switch (event) {
            case ConversationEvent.ActionsTaken taken -> requireBeingWritten(state, taken.turnIndex());
            case ConversationEvent.OutsideCallStep call -> requireBeingWritten(state, call.turnIndex());
            case ConversationEvent.ElementChanged changed -> {
                boolean creates = changed.change() instanceof dev.workshop.domain.element.ElementEvent.Created;
                if (creates == state.isStarted() || !creates && !element) {
                    throw new InvalidEventException(creates ? state.id() + " has already started"
                            : "Element " + state.id() + " was never created");
                }
            }
            case ConversationStarted started -> {
                if (state.isStarted()) {
                    throw new InvalidEventException("Conversation " + state.id() + " has already started");
                }
                requireSize("The task prompt", started.taskPrompt());
            }
            case TurnStarted turn -> {
                requireStarted(state);
                requireNextTurn(state, turn.turnIndex());
            }
            case MessageRecorded message -> {
                requireStarted(state);
                requireSize("A message", message.content());
                requireNextTurn(state, message.turnIndex());
            }
            case ResumeStarted ignored -> requireStarted(state);
            case FollowUpStarted followUp -> {
                requireStarted(state);
                requireSize("The conversation context", followUp.context());
            }
            case StatusChanged change -> {
                requireStarted(state);
                requireSize("A status reason", change.reason());
            }
            case Renamed rename -> {
                requireStarted(state);
                if (rename.title().length() > MAX_TITLE_CHARS) {
                    throw new InvalidEventException("A title of " + rename.title().length()
                            + " characters is over the limit of " + MAX_TITLE_CHARS);
                }
            }
            case Deleted ignored -> requireStarted(state);
            case ConversationEvent.Marked ignored -> requireStarted(state);
            case ReplyChunk chunk -> {
                requireStarted(state);
                if (state.turnInDoubt() != chunk.turnIndex()) {
                    throw new InvalidEventException("Turn " + chunk.turnIndex() + " of conversation " + state.id()
                            + " is not being written");
                }
                requireSize("A reply chunk", chunk.text());
            }
            case Forked ignored -> {
                requireStarted(state);
                if (state.turnCount() > 0) {
                    throw new InvalidEventException("Conversation " + state.id() + " already has messages: where it"
                            + " was forked from is recorded before them");
                }
            }
            case ConversationEvent.Imported imported -> {
                requireStarted(state);
                requireSize("An import's file name", imported.source());
                if (state.turnCount() > 0) {
                    throw new InvalidEventException("Conversation " + state.id() + " already has messages: where it"
                            + " was imported from is recorded before them");
                }
            }
            case ConversationEvent.Lost ignored -> throw new InvalidEventException("Only the store's recovery"
                    + " records lost events");
            case Undeleted ignored -> {
                if (!state.deleted()) {
                    throw new InvalidEventException("Conversation " + state.id() + " is not deleted");
                }
            }
        }
    }

    private static void requireNextTurn(ConversationState state, int turnIndex) {
        if (turnIndex < state.turnCount()) {
            throw new TurnAlreadyRecordedException("Turn " + turnIndex + " of conversation " + state.id()
                    + " is already recorded");
        }
        if (turnIndex > state.turnCount()) {
            throw new InvalidEventException("Turn " + turnIndex + " of conversation " + state.id()
                    + " would leave a gap: the next turn is " + state.turnCount());
        }
    }

    private static void requireStarted(ConversationState state) {
        if (!state.isStarted()) {
            throw new InvalidEventException("Conversation " + state.id() + " has not started");
        }
    }

    private static void requireSize(String what, String text) {
        if (text == null) {
            return;
        }
        // Cheap bound first: a UTF-8 encoding never takes more than 3 bytes per UTF-16 char.
        if (text.length() * 3L <= MAX_TEXT_BYTES) {
            return;
        }
        int bytes = text.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_TEXT_BYTES) {
            throw new TextTooLargeException(what + " of " + bytes + " bytes is over the limit of "
                    + MAX_TEXT_BYTES + " bytes (1 MiB); nothing was stored");
        }
    }

    /** Events of a turn's making (its tool calls) belong to the turn started and not yet recorded. */
    private static void requireBeingWritten(ConversationState state, int turnIndex) {
        requireStarted(state);
        if (state.turnInDoubt() != turnIndex) {
            throw new InvalidEventException("Turn " + turnIndex + " of conversation " + state.id()
                    + " is not being written");
        }
    }
}
