package dev.workshop.ui.sidebar;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.ResumeStarted;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ResumeCause;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.orchestration.LoopEvent;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * The marks of messages as they arrive from the loops (FX thread only), through the same {@link Transcript} fold
 * that marks a history read back: each running loop's events are folded as they come, so a message is marked
 * resumed or asked again exactly as it will be after a restart. Also the retry a conversation waits on.
 */
final class LiveMarks {
    /** The fold of each running loop's events since it started; dropped when it ends. */
    private final Map<ConversationId, Transcript> running = new HashMap<>();
    private final Map<ConversationId, String> retryNotes = new HashMap<>();

    /** A loop started: a resume marks its next message; a loop that is no resume (a follow-up's) marks none. */
    void started(ConversationId id, ResumeCause cause, Instant at) {
        Transcript run = new Transcript();
        if (cause != null) {
            run.add(new ResumeStarted(1, cause), at);
        }
        running.put(id, run);
    }

    void turnStarted(ConversationId id, int turnIndex, AgentId speaker, boolean resumed, Instant at) {
        run(id).add(new TurnStarted(turnIndex, speaker, resumed), at);
    }

    /** The message just recorded, as the fold marks it. */
    Transcript.Line recorded(ConversationId id, MessageRecorded message, Instant at) {
        return run(id).add(message, at).last().orElseThrow();
    }

    /** The loop stopped: its next run starts a fold of its own. */
    void ended(ConversationId id) {
        running.remove(id);
    }

    private Transcript run(ConversationId id) {
        return running.computeIfAbsent(id, key -> new Transcript());
    }

    /**
     * Keeps the retry {@code id} waits on, so that the conversation picked while it waits says so too; returns what
     * to show. What to know first, where a narrow sidebar cuts the line: that it is being asked again.
     */
    String retrying(ConversationId id, LoopEvent.TurnRetry retry) {
        String note = "Retrying " + retry.speakerName() + "'s turn (" + retry.attempt() + " of " + retry.attempts()
                + "): " + retry.reason();
        retryNotes.put(id, note);
        return note;
    }

    /** The turn being asked again got its first word, or ended; true if one was being asked again. */
    boolean retryEnded(ConversationId id) {
        return retryNotes.remove(id) != null;
    }

    /** The retry {@code id} waits on, or "". */
    String retryNote(ConversationId id) {
        return retryNotes.getOrDefault(id, "");
    }
}
