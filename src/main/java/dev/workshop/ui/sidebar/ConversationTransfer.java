package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.orchestration.ConversationExport;
import dev.workshop.orchestration.RestoredSession;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Conversations out and in: export as Markdown or JSON (one, or many to a folder), import from an export or a
 * snapshot, and fork at a message. What comes in is listed and shown.
 */
public final class ConversationTransfer {
    private final SidebarWork work;
    /** Lists and shows a conversation just added (FX thread). */
    private final Consumer<ConversationRow> showAdded;

    ConversationTransfer(SidebarWork work, Consumer<ConversationRow> showAdded) {
        this.work = work;
        this.showAdded = showAdded;
    }

    /** Writes {@code row}'s conversation to {@code file} as Markdown or JSON (by the file's extension). */
    void export(ConversationRow row, Path file) {
        work.attempt("export the conversation", () -> {
            boolean json = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json");
            try {
                writeTo(file, stateOf(row.id()), json);
            } catch (IOException e) {
                throw new IllegalStateException("cannot write " + file + ": " + e.getMessage(), e);
            }
            work.tell("Exported to " + file);
        });
    }

    /**
     * Writes each of {@code targets} as a JSON export (what Import reads back) into {@code folder}, named by
     * title and id, in the background; the notice counts them as they go and says where they went.
     */
    public void exportAll(List<ConversationRow> targets, Path folder) {
        List<ConversationRow> chosen = List.copyOf(targets);
        work.inBackground("sidebar-export-all", () -> {
            int done = 0;
            List<String> problems = new ArrayList<>();
            for (ConversationRow row : chosen) {
                work.tell("Exporting " + (done + problems.size() + 1) + " of " + chosen.size() + "…");
                try {
                    ConversationState state = stateOf(row.id());
                    writeTo(folder.resolve(ConversationExport.fileName(state, ConversationExport.JSON_EXTENSION)),
                            state, true);
                    done++;
                } catch (IOException | RuntimeException e) {
                    problems.add("\u201c" + row.title() + "\u201d: " + e.getMessage());
                }
            }
            work.tell("Exported " + done + (done == 1 ? " conversation" : " conversations") + " to " + folder
                    + (problems.isEmpty() ? "" : "; could not export " + String.join("; ", problems)));
        });
    }

    /**
     * Brings in a conversation from a JSON export or snapshot (older formats migrated), restored paused, and
     * shows it; speakers no longer among the agents are named in the notice.
     */
    public void importFile(Path file) {
        work.inBackground("sidebar-import", () -> {
            try {
                RestoredSession restored = work.engine().restoreFrom(file);
                String copy = restored.copyOf().map(taken -> " as a copy (that conversation is here already)")
                        .orElse("");
                show(restored, restored.missingMembers().isEmpty()
                        ? "Imported " + restored.messageCount() + " messages" + copy + "; continue when you are ready"
                        : restored.missingMembersWarning());
            } catch (RuntimeException e) {
                work.tell("Could not import " + file.getFileName() + ": " + e.getMessage());
            }
        });
    }

    /**
     * Forks {@code source} at one of its messages: a new conversation with the messages up to that one, paused
     * there, shown so that the user can take it another way.
     */
    void forkAt(ConversationRow source, int turnIndex) {
        work.inBackground("sidebar-fork", () -> {
            try {
                RestoredSession fork = work.engine().fork(source.id(), turnIndex);
                show(fork, "Forked \u201c" + source.title() + "\u201d at turn " + (turnIndex + 1)
                        + (fork.status().isFinal() ? "; write to follow it up" : "; Resume or write to go on"));
            } catch (RuntimeException e) {
                work.tell("Could not fork \u201c" + source.title() + "\u201d: " + e.getMessage());
            }
        });
    }

    /** A file name for an export of {@code row}: the title and the time, safe on every file system. */
    static String exportName(ConversationRow row, String extension) {
        String time = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmm"));
        return ConversationExport.slug(row == null ? "" : row.title()) + "-" + time + "." + extension;
    }

    private void show(RestoredSession added, String news) {
        Optional<ConversationState> state = work.engine().state(added.id());
        work.onFx(() -> state.map(ConversationRow::of).ifPresent(showAdded));
        work.tell(news);
    }

    /** Writes a conversation to {@code file} as an export: JSON that Import reads back, or Markdown to read. */
    private void writeTo(Path file, ConversationState state, boolean json) throws IOException {
        ConversationExport.write(file, !json, work.engine().team(), state, work.engine().history(state.id()));
    }

    private ConversationState stateOf(ConversationId id) {
        return work.engine().state(id).orElseThrow(() -> new IllegalStateException("it is no longer here"));
    }
}
