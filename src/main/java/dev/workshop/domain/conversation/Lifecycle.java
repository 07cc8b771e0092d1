package dev.workshop.domain.conversation;

import java.util.EnumSet;
import java.util.Set;

/**
 * The conversation lifecycle as one table: for a status and the {@link StatusCause} recorded with it, the status
 * every view shows (row, status bar, canvas, command line, JSON) and the commands that apply. Nothing else decides
 * either; no sentence is read to decide them. {@code docs/conversation-lifecycle.md} is generated from it.
 *
 * <p>Failed means a turn went wrong and waits for the user's Retry: never asked again by itself, at launch or on a
 * team server. Interrupted means stopped on purpose, or by Workshop stopping: only the latter goes on by itself.
 */
public final class Lifecycle {
    /** What a user, or Workshop on its own, may do with a conversation. */
    public enum Command {
        /** Go on by itself when Workshop starts, or when a team server's instance takes it over. */
        RESUME_ON_LAUNCH,
        /** Go on when the user says so (Resume), from where it stopped. */
        RESUME,
        /** Ask the failed turn again (Retry). */
        RETRY,
        /** Take a message from the user and run another round. */
        FOLLOW_UP,
        /** Be held in git. */
        HOLD,
        /** Be deleted (and brought back from Recently deleted). */
        DELETE
    }

    /** The causes of a turn that went wrong: whatever their status was recorded as, they show as failed. */
    private static final Set<StatusCause> FAILURES = EnumSet.of(StatusCause.ENDPOINT_UNREACHABLE,
            StatusCause.ENDPOINT_REFUSED, StatusCause.EMPTY_REPLY, StatusCause.CRASH_LOOP, StatusCause.AGENT_MISSING,
            StatusCause.UNEXPECTED);
    /** Paused by Workshop on purpose after bringing it in: nothing runs until the user continues it. */
    private static final Set<StatusCause> PAUSED = EnumSet.of(StatusCause.RESTORED, StatusCause.FORKED,
            StatusCause.IMPORTED, StatusCause.REINFLATED);

    private Lifecycle() {
    }

    /** Whether {@code cause} is a turn paused on an outside tool call, waiting for the user's approval or word. */
    public static boolean isAboutACall(StatusCause cause) {
        return cause == StatusCause.APPROVAL_NEEDED || cause == StatusCause.CALL_IN_DOUBT;
    }

    /** Whether {@code cause} is a turn that went wrong (it waits for Retry). */
    public static boolean isFailure(StatusCause cause) {
        return FAILURES.contains(cause);
    }

    /**
     * The status every view shows. Records written before causes were recorded kept a failed turn as interrupted
     * (with the endpoint's words): they show, and behave, as failed.
     */
    public static ConversationStatus shown(ConversationStatus status, StatusCause cause) {
        return status == ConversationStatus.INTERRUPTED && isFailure(cause) ? ConversationStatus.FAILED : status;
    }

    public static ConversationStatus shown(ConversationState state) {
        return shown(state.status(), state.statusCause());
    }

    /** Whether {@code command} applies to a conversation that stands at {@code status} for {@code cause}. */
    public static boolean allows(ConversationStatus status, StatusCause cause, Command command) {
        ConversationStatus shown = shown(status, cause);
        return switch (command) {
            case RESUME_ON_LAUNCH -> shown == ConversationStatus.INTERRUPTED && cause == StatusCause.WORKSHOP_STOPPED;
            // Stopped on purpose or by Workshop stopping; or brought in and paused (on an agent's turn: the engine
            // checks whose turn is next).
            case RESUME -> shown == ConversationStatus.INTERRUPTED
                    || (shown == ConversationStatus.WAITING && PAUSED.contains(cause));
            case RETRY -> shown == ConversationStatus.FAILED;
            // Not in the middle of a turn that waits for the user's word on a tool call: that word goes on.
            case FOLLOW_UP -> shown.isFinal() || shown == ConversationStatus.WAITING && !isAboutACall(cause);
            case HOLD, DELETE -> true;
        };
    }

    public static boolean allows(ConversationState state, Command command) {
        return allows(state.status(), state.statusCause(), command);
    }

    /** Every command that applies, in the table's order. */
    public static Set<Command> commands(ConversationStatus status, StatusCause cause) {
        Set<Command> allowed = EnumSet.noneOf(Command.class);
        for (Command command : Command.values()) {
            if (allows(status, cause, command)) {
                allowed.add(command);
            }
        }
        return allowed;
    }
}
