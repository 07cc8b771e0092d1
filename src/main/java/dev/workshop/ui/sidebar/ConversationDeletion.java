package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.DeletedConversation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Deleting conversations and bringing them back: a bulk delete (a running conversation is stopped first), the
 * Undo offered just after, and Recently deleted later; erasing for good, and the marks that keep one from it (a
 * star, a legal hold).
 */
public final class ConversationDeletion {
    /** How long a delete waits for a running conversation's loop to stop (it cancels its call within ~1 s). */
    private static final Duration DELETE_STOP_TIMEOUT = Duration.ofSeconds(10);
    private final SidebarWork work;
    /** Shows a conversation brought back (FX thread). */
    private final Consumer<ConversationId> show;
    /** The conversations the last Delete took away, while Undo can still bring them back; empty otherwise. */
    private final ReadOnlyObjectWrapper<List<ConversationId>> undoable = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyStringWrapper undoText = new ReadOnlyStringWrapper("");

    ConversationDeletion(SidebarWork work, Consumer<ConversationId> show) {
        this.work = work;
        this.show = show;
    }

    /**
     * Deletes conversations, one after the other (a running one is stopped first); they leave the list as each is
     * done. The notice says how many went, and why any could not.
     */
    public void delete(List<ConversationRow> targets) {
        List<ConversationRow> chosen = List.copyOf(targets);
        if (chosen.isEmpty()) {
            return;
        }
        forgetUndo();
        work.inBackground("sidebar-delete", () -> {
            int done = 0;
            String problem = "";
            List<ConversationId> deleted = new ArrayList<>();
            for (ConversationRow row : chosen) {
                try {
                    work.engine().delete(row.id(), DELETE_STOP_TIMEOUT);
                    deleted.add(row.id());
                    done++;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                } catch (RuntimeException e) {
                    problem = "; could not delete \u201c" + row.title() + "\u201d: " + e.getMessage();
                    break;
                }
            }
            String counted = done == chosen.size() && done == 1 ? "Deleted 1 conversation"
                    : done == chosen.size() ? "Deleted " + done + " conversations"
                    : "Deleted " + done + " of " + chosen.size() + " conversations";
            work.tell(counted + problem);
            work.onFx(() -> {
                if (!deleted.isEmpty()) {
                    undoable.set(List.copyOf(deleted));
                    undoText.set(counted);
                }
            });
        });
    }

    /**
     * Erases conversations for good (docs/decisions/0031): their tombstones are written (a running one is stopped
     * first), then the app opens the data again, which takes every copy out and tells the receipt.
     */
    public void erase(List<ConversationRow> targets) {
        List<ConversationId> chosen = targets.stream().map(ConversationRow::id).toList();
        if (chosen.isEmpty()) {
            return;
        }
        forgetUndo();
        work.inBackground("sidebar-erase", () -> {
            try {
                work.workspace().erase(chosen);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                work.tell("Nothing was erased: " + e.getMessage());
            }
        });
    }

    /** Puts {@code mark} on the conversations, or takes it off; their rows show it once it is recorded. */
    public void mark(List<ConversationRow> targets, dev.workshop.domain.conversation.Mark mark, boolean on) {
        List<ConversationId> chosen = targets.stream().map(ConversationRow::id).toList();
        work.inBackground("sidebar-mark", () -> {
            try {
                chosen.forEach(id -> work.workspace().mark(id, mark, on));
            } catch (RuntimeException e) {
                work.tell("The mark was not changed: " + e.getMessage());
            }
        });
    }

    /** Brings back what the last Delete took away (Undo, or Ctrl+Z in the list), as it was. */
    public void undo() {
        List<ConversationId> deleted = undoable.get();
        if (deleted.isEmpty()) {
            return;
        }
        forgetUndo();
        bringBack(deleted, false);
    }

    /**
     * The deleted conversations, most recently deleted first, read in the background and handed to
     * {@code loaded} on the FX thread (Recently deleted); a store that cannot be read sets the notice instead.
     */
    public void loadDeleted(Consumer<List<DeletedConversation>> loaded) {
        work.inBackground("sidebar-deleted", () -> {
            try {
                List<DeletedConversation> deleted = work.engine().deletedConversations();
                work.onFx(() -> loaded.accept(deleted));
            } catch (RuntimeException e) {
                work.tell("Could not read the deleted conversations: " + e.getMessage());
            }
        });
    }

    /**
     * Brings deleted conversations back into the list with every message (Recently deleted, or Undo); with
     * {@code andShow}, the first one that came back is then shown, even if a filter hid it.
     */
    public void bringBack(List<ConversationId> ids, boolean andShow) {
        List<ConversationId> chosen = List.copyOf(ids);
        if (chosen.isEmpty()) {
            return;
        }
        work.inBackground("sidebar-bring-back", () -> {
            List<ConversationId> back = new ArrayList<>();
            String problem = "";
            for (ConversationId id : chosen) {
                try {
                    work.engine().undelete(id);
                    back.add(id);
                } catch (RuntimeException e) {
                    problem = "; " + e.getMessage();
                }
            }
            String message = (back.size() == 1 ? "Brought back 1 conversation"
                    : "Brought back " + back.size() + " conversations") + problem;
            // Queued after the rows that the loops' Undeleted events put back in the list.
            work.tell(message);
            work.onFx(() -> {
                if (andShow && !back.isEmpty()) {
                    show.accept(back.getFirst());
                }
            });
        });
    }

    /** Undo is offered for a while after a delete, not for ever: the view calls this when the offer lapses. */
    public void forgetUndo() {
        undoable.set(List.of());
        undoText.set("");
    }

    public ReadOnlyObjectProperty<List<ConversationId>> undoableProperty() {
        return undoable.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty undoTextProperty() {
        return undoText.getReadOnlyProperty();
    }

    /** What to ask before deleting {@code targets}: a heading, then what it means. */
    public static List<String> question(List<ConversationRow> targets) {
        String heading = targets.size() == 1 ? "Delete \u201c" + targets.getFirst().title() + "\u201d?"
                : "Delete " + targets.size() + " conversations?";
        long running = targets.stream().filter(row -> RowRules.canAbort(row.status())).count();
        String stopped = running == 0 ? ""
                : targets.size() == 1 ? "It is running and is stopped first. "
                : running == 1 ? "One of them is running and is stopped first. "
                : running + " of them are running and are stopped first. ";
        return List.of(heading, stopped + (targets.size() == 1 ? "It leaves" : "They leave")
                + " the list, also after a restart; Undo brings " + (targets.size() == 1 ? "it" : "them")
                + " back just after, Recently deleted (the bin above the list) later.");
    }
}
