package dev.workshop.orchestration;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatistics;
import dev.workshop.domain.conversation.Lifecycle;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.domain.conversation.Usage;
import dev.workshop.session.SessionSnapshot;
import dev.workshop.session.SnapshotJson;
import dev.workshop.store.file.AtomicFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A conversation written out for people and programs: the JSON of {@code workshop list} and {@code show}
 * (field names are part of the command line's contract) and a Markdown transcript; the app exports the same.
 */
public final class ConversationExport {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** As {@code toPrettyString}, leaving the stream open for the file's sync. */
    private static final ObjectWriter PRETTY = JSON.writerWithDefaultPrettyPrinter()
            .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    private ConversationExport() {
    }

    /**
     * Writes a conversation to {@code file}: Markdown when {@code markdown}, else the JSON export that Import reads
     * back, streamed to a temporary file beside it and renamed over it once whole, so a full disk or a failure halfway
     * leaves no half export (and an earlier file of that name as it was). The folder is made when missing.
     */
    public static void write(Path file, boolean markdown, TenantId team, ConversationState state,
            List<RecordedEvent> history) throws IOException {
        Path folder = file.toAbsolutePath().getParent();
        if (folder != null) {
            Files.createDirectories(folder);
        }
        if (markdown) {
            AtomicFile.write(file, markdown(state, history).getBytes(StandardCharsets.UTF_8));
            return;
        }
        ObjectNode exported = withMessages(team, state, history);
        // Not as one String first: a long conversation's text would need its size in heap twice over.
        AtomicFile.write(file, out -> PRETTY.writeValue(out, exported));
    }

    /**
     * A Markdown transcript: the user's title or else the task's first line, status, turns, participants and
     * what the replies cost (when a provider reported it), then every message.
     */
    public static String markdown(ConversationState state, List<RecordedEvent> history) {
        StringBuilder out = new StringBuilder();
        out.append("# ").append(state.customTitle() != null ? state.customTitle()
                : state.task().map(task -> task.lines().findFirst().orElse(task)).orElse("Conversation")).append("\n\n");
        out.append("- Status: ").append(Lifecycle.shown(state).wireName())
                .append(state.statusReason().isEmpty() ? "" : " (" + state.statusReason() + ")").append('\n');
        out.append("- Turns: ").append(state.turnCount()).append(" / ").append(state.maxTurns()).append('\n');
        out.append("- Participants: ")
                .append(String.join(", ", state.participants().stream().map(p -> p.name()).toList())).append('\n');
        Transcript transcript = Transcript.of(history);
        transcript.forkedFrom().ifPresent(forked -> out.append("- Forked from: conversation ").append(forked.source())
                .append(", turn ").append(forked.turnIndex() + 1).append('\n'));
        // The replies a provider reported a cost for; the user's own messages cost nothing.
        List<MessageRecorded> messages = transcript.messages();
        List<Integer> lost = transcript.lostTurns();
        if (!lost.isEmpty()) {
            out.append("- Lost messages: ").append(lost.size()).append(" (turn")
                    .append(lost.size() == 1 ? " " : "s ")
                    .append(String.join(", ", lost.stream().map(turn -> String.valueOf(turn + 1)).toList()))
                    .append("): damage on the disk took them before any other copy held them\n");
        }
        List<Usage> replies = messages.stream().map(MessageRecorded::usage).filter(Usage::isKnown).toList();
        ConversationStatistics cost = ConversationStatistics.ofUsages(replies);
        if (cost.messages() > 0) {
            out.append("- Tokens: ").append(cost.promptTokens()).append(" in, ").append(cost.completionTokens())
                    .append(" out over ").append(cost.messages()).append(cost.messages() == 1 ? " reply" : " replies");
            if (!cost.models().isEmpty()) {
                out.append(" (").append(String.join(", ", cost.models().stream().sorted().toList())).append(')');
            }
            out.append('\n');
        }
        out.append('\n');
        for (Transcript.Line line : transcript.lines()) {
            MessageRecorded message = line.message();
            if (line.cutOff()) {
                continue;
            }
            if (line.lost()) {
                out.append("## ").append(message.turnIndex() + 1).append(". Message lost\n\n")
                        .append("*Damage on the disk took this message before any other copy held it.*\n\n");
                continue;
            }
            out.append("## ").append(message.turnIndex() + 1).append(". ").append(message.speakerName())
                    .append("\n\n").append(message.content()).append("\n\n");
            if (message.usage().cutAtTokenLimit()) {
                out.append("*(cut at the token limit)*\n\n");
            }
        }
        return out.toString();
    }

    public static ObjectNode summary(ConversationState state) {
        ObjectNode row = JSON.createObjectNode();
        row.put("id", state.id().value());
        row.put("title", state.title());
        row.put("status", Lifecycle.shown(state).wireName());
        row.put("status_cause", state.statusCause().wireName());
        row.put("status_reason", state.statusReason());
        row.put("kind", state.kind().wireName());
        ArrayNode participants = row.putArray("participants");
        state.participants().forEach(p -> participants.addObject().put("id", p.agentId().value()).put("name", p.name()));
        row.put("task_prompt", state.taskPrompt());
        row.put("max_turns", state.maxTurns());
        row.put("turn_count", state.turnCount());
        row.put("created_at", state.createdAt().toString());
        row.put("updated_at", state.updatedAt().toString());
        row.put("starred", state.is(dev.workshop.domain.conversation.Mark.STARRED));
        row.put("legal_hold", state.is(dev.workshop.domain.conversation.Mark.LEGAL_HOLD));
        return row;
    }

    public static ArrayNode summaries(List<ConversationState> states) {
        ArrayNode array = JSON.createArrayNode();
        states.forEach(state -> array.add(summary(state)));
        return array;
    }

    /**
     * The file an export of {@code state} goes to when several are written into one folder: its title as a file
     * name and the start of its id (two conversations may share a title), such as
     * {@code plan-a-picnic-37ea3562.json}. The same conversation exported again goes to the same file.
     */
    /**
     * The extension of a conversation exported as JSON: plain JSON inside, a name the desktop can open with
     * Workshop (the package registers it).
     */
    public static final String JSON_EXTENSION = "workshop.json";

    public static String fileName(ConversationState state, String extension) {
        return fileName(slug(state.title()), state, extension);
    }

    /** {@link #fileName} with the title's letters spelt in ASCII ("Café" becomes "cafe"). */
    public static String asciiFileName(ConversationState state, String extension) {
        return fileName(asciiSlug(state.title()), state, extension);
    }

    /** {@link #slug} with the title's letters spelt in ASCII ("Café" becomes "cafe"): for names tools may mangle. */
    public static String asciiSlug(String title) {
        String plain = java.text.Normalizer.normalize(title, java.text.Normalizer.Form.NFD)
                .replaceAll("\\p{M}+", "").replaceAll("[^\\x00-\\x7F]+", "-");
        return slug(plain);
    }

    private static String fileName(String slug, ConversationState state, String extension) {
        String id = state.id().value();
        return slug + "-" + id.substring(0, Math.min(8, id.length())) + "." + extension;
    }

    /** A title as a file name: letters and digits, the rest one "-"; "conversation" when nothing is left. */
    public static String slug(String title) {
        String slug = title.replaceAll("[^\\p{L}\\p{N}]+", "-").replaceAll("(^-|-$)", "")
                .toLowerCase(java.util.Locale.ROOT);
        return slug.isEmpty() ? "conversation" : slug.length() > 80 ? slug.substring(0, 80) : slug;
    }

    /**
     * The conversation with every message: a session snapshot in the current schema ({@code schema_version},
     * {@code team}, speakers as {@code id}/{@code name}/{@code displayName}), which restores and imports read
     * back, and which keeps every field of the {@code show --json} contract.
     */
    public static ObjectNode withMessages(TenantId team, ConversationState state, List<RecordedEvent> history) {
        ObjectNode exported = SnapshotJson.write(SessionSnapshot.of(team, state, history));
        // Where a fork came from, for a reader; an import makes a conversation of its own and leaves it out.
        Transcript transcript = Transcript.of(history);
        transcript.forkedFrom().ifPresent(forked -> exported.putObject("forked_from")
                .put("conversation_id", forked.source().value()).put("turn_index", forked.turnIndex()));
        // Turns whose messages damage took from every copy: the messages list has a hole there, named here.
        List<Integer> lost = transcript.lostTurns();
        if (!lost.isEmpty()) {
            ArrayNode turns = exported.putArray("lost_messages");
            lost.forEach(turn -> turns.addObject().put("turn_index", turn)
                    .put("why", "damage on the disk took it before any other copy held it"));
        }
        return exported;
    }
}
