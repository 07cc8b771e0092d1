package dev.workshop.ui.sidebar;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Lifecycle;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.orchestration.ConversationEngine;
import dev.workshop.ui.fx.PlainText;
import java.time.Duration;
import java.time.Instant;

/**
 * One line of the conversation list. {@code endRecorded} is false for a loop that stopped without its end in
 * the log (the store could not write): neither Resume nor Retry can do anything for it until the data is
 * opened again. {@code drivenBy} names the device that drives it on a team server when another one does, is empty
 * when none does (or this one), and null when not known from where the row came (a list keeps what it knew).
 */
public record ConversationRow(ConversationId id, String title, ConversationStatus status, String statusReason,
                              StatusCause statusCause, ConversationKind kind, String participants, int turnCount, int maxTurns,
                              Instant updatedAt, boolean withYou, AgentId entryAgent, boolean resumable,
                              int agentCount, boolean endRecorded, String drivenBy,
                              java.util.Set<dev.workshop.domain.conversation.Mark> marks, long version) {
    static ConversationRow of(ConversationState state) {
        // A title taken from the task shows as text, not as its Markdown ("**Plan** a trip" reads "Plan a trip");
        // one the user gave is kept as they wrote it.
        String title = state.customTitle() != null ? state.title() : PlainText.of(state.title());
        return new ConversationRow(state.id(), title, state.status(), state.statusReason(), state.statusCause(),
                state.kind(),
                String.join(", ", state.participants().stream().map(Participant::name).toList()), state.turnCount(),
                state.maxTurns(), state.updatedAt(), state.participants().stream().anyMatch(Participant::isHuman),
                state.participants().stream().filter(participant -> !participant.isHuman()).map(Participant::agentId)
                        .findFirst().orElse(null), ConversationEngine.canResume(state),
                (int) state.participants().stream().filter(participant -> !participant.isHuman()).count(), true, null,
                state.marks(), state.version());
    }

    /** This row, driven by {@code device} on another instance (empty: by none, or by this one). */
    ConversationRow drivenBy(String device) {
        return new ConversationRow(id, title, status, statusReason, statusCause, kind, participants, turnCount,
                maxTurns, updatedAt, withYou, entryAgent, resumable, agentCount, endRecorded, device, marks, version);
    }

    /** Whether the user marked it so (starred, under legal hold). */
    public boolean is(dev.workshop.domain.conversation.Mark mark) {
        return marks.contains(mark);
    }

    /** Whether another instance drives it now, as far as this row knows. */
    public boolean drivenElsewhere() {
        return drivenBy != null && !drivenBy.isEmpty();
    }

    /**
     * This row for a loop that stopped without its end in the log (the store could not write any more): shown
     * as the status the next open of the data will find, and not resumable until then.
     */
    ConversationRow stoppedUnrecorded(ConversationStatus stoppedAs, StatusCause cause, String reason) {
        return new ConversationRow(id, title, stoppedAs, reason, cause, kind, participants, turnCount, maxTurns,
                updatedAt, withYou, entryAgent, false, agentCount, false, drivenBy, marks, version);
    }

    /** Whether a failed turn stopped it, so that Retry is its way on ({@link Lifecycle}). */
    public boolean failedTurn() {
        // Saving failed, not the turn: the window's banner says so, and Retry could not record anything.
        return endRecorded && Lifecycle.allows(status, statusCause, Lifecycle.Command.RETRY);
    }

    /** Brought in by Import and not continued since: marked so, as it would otherwise look like its original. */
    public boolean justImported() {
        return statusCause == StatusCause.IMPORTED;
    }

    /**
     * Whether the user can write now: it is their turn, the conversation was restored and waits for them, or it
     * ended and a follow-up continues it.
     */
    public boolean acceptsYourMessage() {
        return Lifecycle.allows(status, statusCause, Lifecycle.Command.FOLLOW_UP);
    }

    /**
     * Waiting for the user to go on (Resume, or a message), not for their turn: a restored or forked
     * conversation stopped before an agent's turn.
     */
    public boolean paused() {
        return status == ConversationStatus.WAITING && resumable;
    }

    /** The status as every view shows it ({@link Lifecycle#shown}). */
    public ConversationStatus shownStatus() {
        return Lifecycle.shown(status, statusCause);
    }

    /** The status in words as the sidebar shows it: "Paused" for a paused conversation, else the shown status's. */
    public String statusWords() {
        return paused() ? "Paused" : statusLabel(shownStatus());
    }

    /** "Turn 3 / 8". */
    public String turnText() {
        return maxTurns > 0 ? "Turn " + turnCount + " / " + maxTurns : "Turn " + turnCount;
    }

    /** "3/8" in the list; "3" when no limit was recorded (conversations imported from older versions). */
    public String turnsShort() {
        return maxTurns > 0 ? turnCount + "/" + maxTurns : String.valueOf(turnCount);
    }

    /** "just now", "2 min ago", "3 h ago", "5 days ago". */
    public static String relativeTime(Instant then, Instant now) {
        Duration age = Duration.between(then, now);
        if (age.toSeconds() < 45) {
            return "just now";
        }
        if (age.toMinutes() < 60) {
            return Math.max(1, age.toMinutes()) + " min ago";
        }
        if (age.toHours() < 24) {
            return age.toHours() + " h ago";
        }
        long days = age.toDays();
        return days == 1 ? "yesterday" : days + " days ago";
    }

    /** The exact time, as the reader's clock and language write it ("22 Nov 2026, 14:05:09"): for hovers. */
    public static String clockTime(Instant at, java.time.ZoneId zone, java.util.Locale locale) {
        return java.time.format.DateTimeFormatter.ofLocalizedDateTime(java.time.format.FormatStyle.MEDIUM)
                .withLocale(locale).withZone(zone).format(at);
    }

    /** {@link #clockTime(Instant, java.time.ZoneId, java.util.Locale)} on this machine's clock and language. */
    public static String clockTime(Instant at) {
        return clockTime(at, java.time.ZoneId.systemDefault(),
                java.util.Locale.getDefault(java.util.Locale.Category.FORMAT));
    }

    /** What the status marker says: every status in its own words. */
    public static String statusLabel(ConversationStatus status) {
        return switch (status) {
            case ACTIVE -> "Running";
            case QUEUED -> "Queued";
            case WAITING -> "Waiting for you";
            case INTERRUPTED -> "Interrupted";
            case HELD -> "Held";
            case COMPLETED -> "Completed";
            case FAILED -> "Failed";
            case ABANDONED -> "Abandoned";
        };
    }

    public boolean matches(String query) {
        String needle = query.strip().toLowerCase(java.util.Locale.ROOT);
        return needle.isEmpty() || title.toLowerCase(java.util.Locale.ROOT).contains(needle)
                || participants.toLowerCase(java.util.Locale.ROOT).contains(needle);
    }
}
