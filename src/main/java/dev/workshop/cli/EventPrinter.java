package dev.workshop.cli;


import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.conversation.Lifecycle;
import dev.workshop.orchestration.LoopEvent;
import java.io.PrintWriter;
import java.util.function.Consumer;

/**
 * Prints loop events as JSON lines on stdout, the contract scripts read: each line has {@code event},
 * {@code conversation_id}, {@code turn_number} and {@code ts}. Tokens only when asked for.
 */
final class EventPrinter implements Consumer<LoopEvent> {
    private final ObjectMapper json = new ObjectMapper();
    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean tokens;

    /** @param err where a person reads what is happening (a retry, say) */
    EventPrinter(PrintWriter out, PrintWriter err, boolean tokens) {
        this.out = out;
        this.err = err;
        this.tokens = tokens;
    }

    @Override
    public void accept(LoopEvent event) {
        ObjectNode line = switch (event) {
            case LoopEvent.Started started -> line("conversation_start", event).put("resumed", started.resumed());
            case LoopEvent.Queued ignored -> line("conversation_queued", event);
            case LoopEvent.TurnStarted turn -> line("turn_start", event).put("turn_index", turn.turnIndex())
                    .put("speaker_id", turn.speakerId().value()).put("speaker_name", turn.speakerName())
                    .put("resumed", turn.resumed());
            case LoopEvent.Token token -> tokens ? line("token", event).put("turn_index", token.turnIndex())
                    .put("speaker_id", token.speakerId().value()).put("text", token.text()) : null;
            case LoopEvent.TurnRetry retry -> retried(retry);
            case LoopEvent.Message message -> line("message", event).put("turn_index", message.turnIndex())
                    .put("speaker_id", message.speakerId().value()).put("speaker_name", message.speakerName())
                    .put("content", message.content());
            case LoopEvent.Ended ended -> line("conversation_end", event).put("status", ended.shownStatus().wireName())
                    .put("cause", ended.cause().wireName())
                    .put("reason", ended.reason());
            case LoopEvent.Error error -> line("conversation_error", event).put("message", error.message());
            case LoopEvent.Warning warning -> warned(warning);
            case LoopEvent.SavePending pending -> warned(new LoopEvent.Warning(pending.conversationId(),
                    pending.turnNumber(), pending.at(), pending.message()));
            case LoopEvent.MessageLost lost -> said(lost.message(),
                    line("message_lost", lost).put("turn_index", lost.turnIndex()).put("message", lost.message()));
            case LoopEvent.ServerBack back -> said(back.message(),
                    line("server_back", back).put("message", back.message()));
            case LoopEvent.TeamReady ready -> line("team_ready", event).put("team", ready.team().value())
                    .put("restored", ready.restored());
            case LoopEvent.SessionRestored restored -> line("session_restored", event)
                    .put("message_count", restored.messageCount());
            case LoopEvent.SessionSaved ignored -> line("session_saved", event);
            case LoopEvent.Renamed renamed -> line("conversation_renamed", event).put("title", renamed.title());
            case LoopEvent.Deleted ignored -> line("conversation_deleted", event);
            case LoopEvent.Undeleted ignored -> line("conversation_undeleted", event);
            case LoopEvent.ChangedElsewhere changed -> line("conversation_changed_elsewhere", event)
                    .put("status", Lifecycle.shown(changed.after()).wireName())
                    .put("version", changed.after().version())
                    .put("driven_by", changed.drivenBy());
            case LoopEvent.SaveFailed failed -> line("session_save_failed", event).put("message", failed.message())
                    .put("attempt", failed.attempt()).put("retrying", failed.retrying());
        };
        if (line != null) {
            synchronized (out) {
                out.println(line.toString());
                out.flush();
            }
        }
    }

    private ObjectNode warned(LoopEvent.Warning warning) {
        return said("warning: " + warning.message(), line("warning", warning).put("message", warning.message()));
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
        return line("turn_retry", event).put("turn_index", event.turnIndex())
                .put("speaker_id", event.speakerId().value()).put("speaker_name", event.speakerName())
                .put("attempt", event.attempt()).put("attempts", event.attempts()).put("reason", event.reason())
                .put("delay_ms", event.delay().toMillis()).put("discard_tokens", true);
    }

    private ObjectNode line(String name, LoopEvent event) {
        return json.createObjectNode().put("event", name).put("conversation_id", event.conversationId().value())
                .put("turn_number", event.turnNumber()).put("ts", event.at().toString());
    }
}
