package dev.workshop.cli;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.DeletedConversation;
import dev.workshop.orchestration.Workspace;
import java.util.ArrayList;
import java.util.List;

/**
 * Ids typed by people, checked with a clear message. A conversation id is a UUID, long to type: as with git's
 * commits, its first characters will do when no other conversation of the team starts with them.
 */
final class Ids {
    /** Shorter than this, a prefix is taken as a whole id: "a" or "12" would pick a conversation by chance. */
    private static final int SHORTEST_PREFIX = 4;

    /** How many of the conversations an ambiguous prefix matches are named in its message. */
    private static final int NAMED_CANDIDATES = 5;

    private Ids() {
    }

    static ConversationId conversation(String text) {
        try {
            return new ConversationId(text.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("\"" + text + "\" is not a conversation id: " + e.getMessage());
        }
    }

    /**
     * The conversation {@code text} names in the workspace's team: its whole id, or the start of exactly one
     * conversation's id (deleted ones included, so that {@code undelete} takes a short id too). An id nothing
     * starts with comes back as typed, for the command to report as unknown in its own words.
     *
     * @throws IllegalArgumentException when the text is no id, or starts the ids of several conversations
     */
    static ConversationId conversation(Workspace workspace, String text) {
        ConversationId typed = conversation(text);
        if (workspace.store().state(workspace.tenant(), typed).isPresent()) {
            return typed;
        }
        List<ConversationState> known = new ArrayList<>(workspace.store().list(workspace.tenant()));
        for (DeletedConversation deleted : workspace.store().listDeleted(workspace.tenant())) {
            known.add(deleted.state());
        }
        if (typed.value().length() < SHORTEST_PREFIX) {
            requireLongEnough(typed, known);
            return typed;
        }
        return byPrefix(typed, known);
    }

    /**
     * A start too short to be taken as one (see {@link #SHORTEST_PREFIX}) that some id does begin with is
     * refused with how much to type, rather than reported as an id nothing has.
     */
    static void requireLongEnough(ConversationId typed, List<ConversationState> known) {
        for (ConversationState state : known) {
            if (state.id().value().startsWith(typed.value())) {
                throw new IllegalArgumentException("\"" + typed + "\" is too short to pick a conversation: type at least "
                        + SHORTEST_PREFIX + " characters of its id (see 'workshop list')");
            }
        }
    }

    /** The one of {@code known} whose id starts with {@code typed}; {@code typed} itself if none does. */
    static ConversationId byPrefix(ConversationId typed, List<ConversationState> known) {
        List<ConversationState> matches = new ArrayList<>();
        for (ConversationState state : known) {
            if (state.id().value().startsWith(typed.value())) {
                matches.add(state);
            }
        }
        if (matches.size() == 1) {
            return matches.getFirst().id();
        }
        if (matches.isEmpty()) {
            return typed;
        }
        StringBuilder named = new StringBuilder();
        for (ConversationState match : matches.subList(0, Math.min(NAMED_CANDIDATES, matches.size()))) {
            named.append(named.isEmpty() ? "" : ", ").append(match.id()).append(" (").append(match.title()).append(')');
        }
        String more = matches.size() > NAMED_CANDIDATES ? " and " + (matches.size() - NAMED_CANDIDATES) + " more" : "";
        throw new IllegalArgumentException("\"" + typed + "\" starts the ids of " + matches.size()
                + " conversations: " + named + more + "; type more of the id");
    }
}
