package dev.workshop.ui.sidebar;

import java.util.List;

/** What the Erase permanently question says: which conversations, what goes with them, and that it cannot be undone. */
final class ErasureQuestion {
    private ErasureQuestion() {
    }

    static String header(List<ConversationRow> targets) {
        return targets.size() == 1 ? "Erase \u201c" + targets.getFirst().title() + "\u201d for good?"
                : "Erase " + targets.size() + " conversations for good?";
    }

    static String details(List<ConversationRow> targets) {
        String it = targets.size() == 1 ? "its" : "their";
        return "Workshop takes out " + it + " messages, what " + (targets.size() == 1 ? "it" : "they")
                + " posted, pinned, voted or remembered on shared elements, " + it + " held branches, snapshots and"
                + " drafts, and " + it + " name in the audit trail — from every place it wrote them — and never"
                + " writes " + (targets.size() == 1 ? "it" : "them") + " again.\n\n"
                + "There is no undo: Delete keeps conversations in Recently deleted instead. Exports you saved and"
                + " branches pushed to other repositories are not reached.\n\n"
                + "The data is opened again to finish: running conversations pause for a moment and go on.";
    }
}
