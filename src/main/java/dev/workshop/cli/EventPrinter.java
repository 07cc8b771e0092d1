package dev.workshop.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Lifecycle;
import dev.workshop.domain.conversation.News;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.orchestration.LoopEvent;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.ToIntFunction;

/**
 * Prints loop events as JSON lines on stdout, the contract scripts read: each line has {@code event},
 * {@code conversation_id}, {@code turn_number} and {@code ts}. Tokens only when asked for.
 */
final class EventPrinter implements Consumer<LoopEvent> {
    private final ObjectMapper json = new ObjectMapper();
    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean tokens;

    /** The workflow turn each conversation is on, as its loop or its log said last. */
    private final Map<ConversationId, Integer> turnNumbers = new ConcurrentHashMap<>();
    private final ToIntFunction<ConversationId> storedTurn;

    /**
     * @param err        where a person reads what is happening (a retry, say)
     * @param storedTurn the workflow turn a conversation's log has reached, for what is recorded before a loop said it
     */
    EventPrinter(PrintWriter out, PrintWriter err, boolean tokens, ToIntFunction<ConversationId> storedTurn) {
        this.out = out;
        this.err = err;
        this.tokens = tokens;
        this.storedTurn = storedTurn;
    }

    @Override
    public void accept(LoopEvent event) {
        if (event instanceof LoopEvent.Recorded recorded) {
            recorded(recorded).forEach(this::print);
            return;
        }
        if (event instanceof LoopEvent.ElementRecorded element) {
            elementChanges(element);
            return;
        }
        print(switch (event) {
            case LoopEvent.Recorded ignored -> null;
            case LoopEvent.ElementRecorded ignored -> null;
            case LoopEvent.Started started -> line("conversation_start", started, started.turnNumber())
                    .put("resumed", started.resumed());
            case LoopEvent.Token token -> tokens ? line("token", token, token.turnNumber())
                    .put("turn_index", token.turnIndex()).put("speaker_id", token.speakerId().value())
                    .put("text", token.text()) : null;
            case LoopEvent.TurnRetry retry -> retried(retry);
            case LoopEvent.Ended ended -> line("conversation_end", ended, ended.turnNumber())
                    .put("status", ended.shownStatus().wireName()).put("cause", ended.cause().wireName())
                    .put("reason", ended.reason());
            case LoopEvent.Error error -> line("conversation_error", error, error.turnNumber())
                    .put("message", error.message());
            case LoopEvent.Warning warning -> warned(warning);
            case LoopEvent.SavePending pending -> warned(new LoopEvent.Warning(pending.conversationId(),
                    pending.turnNumber(), pending.at(), pending.message()));
            case LoopEvent.MessageLost lost -> said(lost.message(), line("message_lost", lost, lost.turnNumber())
                    .put("turn_index", lost.turnIndex()).put("message", lost.message()));
            case LoopEvent.ServerBack back -> said(back.message(), line("server_back", back, back.turnNumber())
                    .put("message", back.message()));
            case LoopEvent.TeamReady ready -> line("team_ready", ready, ready.turnNumber())
                    .put("team", ready.team().value()).put("restored", ready.restored());
            case LoopEvent.SessionRestored restored -> line("session_restored", restored, restored.turnNumber())
                    .put("message_count", restored.messageCount());
            case LoopEvent.SessionSaved saved -> line("session_saved", saved, saved.turnNumber());
            case LoopEvent.SaveFailed failed -> line("session_save_failed", failed, failed.turnNumber())
                    .put("message", failed.message()).put("attempt", failed.attempt())
                    .put("retrying", failed.retrying());
        });
    }

    /**
     * The lines of what the log took, as the fold reads it: the turn left being written, the messages (printed only
     * once durably stored, since the store is what says so), a queue, a rename, a deletion, a change elsewhere.
     */
    private List<ObjectNode> recorded(LoopEvent.Recorded recorded) {
        ConversationId id = recorded.conversationId();
        if (recorded.elsewhere()) {
            return List.of(line("conversation_changed_elsewhere", recorded, turnNumber(id, OptionalInt.empty()))
                    .put("status", Lifecycle.shown(recorded.after()).wireName())
                    .put("version", recorded.after().version()).put("driven_by", recorded.drivenBy()));
        }
        News news = recorded.news();
        boolean queued = news.status().filter(status -> status == ConversationStatus.QUEUED).isPresent();
        if (news.began() || news.lines().isEmpty() && news.turnStarted().isEmpty() && !queued && news.title().isEmpty()
                && !news.listingChanged()) {
            // Nothing this contract prints (a piece of a reply, a resume: the loop's start says so). A conversation
            // copied in whole (imported, forked, restored) is told by the restore's own lines: its messages are
            // history, not turns taken now.
            return List.of();
        }
        int turnNumber = turnNumber(id, news.followUpTurn());
        List<ObjectNode> lines = new ArrayList<>();
        for (Transcript.Line each : news.lines()) {
            if (!each.cutOff() && !each.lost()) {
                MessageRecorded message = each.message();
                ObjectNode line = line("message", recorded, turnNumber).put("turn_index", message.turnIndex())
                        .put("speaker_id", message.speakerId().value()).put("speaker_name", message.speakerName())
                        .put("content", message.content());
                if (!message.actions().isEmpty()) {
                    // What its reply asked for, recorded with it; each element's own line says what became of it.
                    var actions = line.putArray("actions");
                    message.actions().forEach(action -> actions.add(action.describe()));
                }
                lines.add(line);
            }
        }
        news.turnStarted().ifPresent(turn -> lines.add(line("turn_start", recorded, turnNumber)
                .put("turn_index", turn.turnIndex()).put("speaker_id", turn.speakerId().value())
                .put("speaker_name", turn.speakerName())
                .put("resumed", turn.askedAgain())));
        if (queued) {
            lines.add(line("conversation_queued", recorded, turnNumber));
        }
        news.title().ifPresent(title -> lines.add(line("conversation_renamed", recorded, turnNumber)
                .put("title", recorded.after().title())));
        if (news.deleted()) {
            lines.add(line("conversation_deleted", recorded, turnNumber));
        }
        if (news.undeleted()) {
            lines.add(line("conversation_undeleted", recorded, turnNumber));
        }
        return lines;
    }

    /**
     * The workflow turn of what {@code id}'s log took: a follow-up's own, else the one its loop said last, else the
     * stored one (read once per conversation, for a message recorded before its loop started).
     */
    private int turnNumber(ConversationId id, OptionalInt followUp) {
        if (followUp.isPresent()) {
            turnNumbers.put(id, followUp.getAsInt());
            return followUp.getAsInt();
        }
        return turnNumbers.computeIfAbsent(id, storedTurn::applyAsInt);
    }

    /**
     * An action a conversation's reply took, as its element recorded it (or refused it): one line each, under the
     * conversation and turn that asked for it. What the user does by hand is not a conversation's and not printed.
     */
    private void elementChanges(LoopEvent.ElementRecorded element) {
        for (var recorded : element.events()) {
            recorded.asElementChange().filter(change -> !change.provenance().isByHand()).ifPresent(change -> {
                ConversationId asker = new ConversationId(change.provenance().conversation());
                print(json.createObjectNode().put("event", "element_change").put("conversation_id", asker.value())
                        .put("turn_number", turnNumbers.getOrDefault(asker, 1)).put("ts", recorded.recordedAt().toString())
                        .put("turn_index", change.provenance().turn()).put("action_index", change.provenance().action())
                        .put("element_id", element.conversationId().value()).put("element", element.after().title())
                        .put("change", dev.workshop.domain.element.Sentences.of(change)));
            });
        }
    }

    private void print(ObjectNode line) {
        if (line != null) {
            synchronized (out) {
                out.println(line.toString());
                out.flush();
            }
        }
    }

    private ObjectNode warned(LoopEvent.Warning warning) {
        return said("warning: " + warning.message(), line("warning", warning, warning.turnNumber())
                .put("message", warning.message()));
    }

    /** {@code line}, with {@code sentence} said on stderr for the person watching. */
    private ObjectNode said(String sentence, ObjectNode line) {
        synchronized (err) {
            err.println("workshop: " + sentence);
            err.flush();
        }
        return line;
    }

    /** Said on stderr too: a turn that waits for a server should not look like a hang. */
    private ObjectNode retried(LoopEvent.TurnRetry event) {
        synchronized (err) {
            err.println("workshop: " + event.reason() + "; asking " + event.speakerName() + " again (attempt "
                    + event.attempt() + " of " + event.attempts() + ") in "
                    + String.format(java.util.Locale.ROOT, "%.1f", event.delay().toMillis() / 1000.0) + " s");
            err.flush();
        }
        return line("turn_retry", event, event.turnNumber()).put("turn_index", event.turnIndex())
                .put("speaker_id", event.speakerId().value()).put("speaker_name", event.speakerName())
                .put("attempt", event.attempt()).put("attempts", event.attempts()).put("reason", event.reason())
                .put("delay_ms", event.delay().toMillis()).put("discard_tokens", true);
    }

    private ObjectNode line(String name, LoopEvent event, int turnNumber) {
        if (!(event instanceof LoopEvent.Recorded)) {
            // What a loop says carries the turn its fold of the log reached: what it records next is of that turn.
            turnNumbers.put(event.conversationId(), turnNumber);
        }
        return json.createObjectNode().put("event", name).put("conversation_id", event.conversationId().value())
                .put("turn_number", turnNumber).put("ts", event.at().toString());
    }
}
