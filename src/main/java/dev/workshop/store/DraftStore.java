package dev.workshop.store;

import dev.workshop.domain.conversation.ConversationId;
import java.util.Map;

/** Where the user's unsent messages are kept between runs, one per conversation. */
public interface DraftStore {
    /** The saved drafts; empty the first time or when the file cannot be read (a draft is not worth a stop). */
    Map<ConversationId, String> load();

    /**
     * Replaces the saved drafts; durable when this returns.
     *
     * @throws StoreException when they cannot be written; the previous file is left whole
     */
    void save(Map<ConversationId, String> drafts);
}
