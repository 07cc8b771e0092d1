package dev.workshop.orchestration;

import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.settings.TeamServerChoice;
import java.util.Optional;

/**
 * Settings → Team server: try an address before switching to it, and keep the choice for the next launches of this
 * device. Built by the app's wiring (the check speaks to PostgreSQL, which only the store may).
 */
public interface TeamServerSettings {
    /** What "Test connection" found: {@code usable} when Workshop can open it as it is; one sentence either way. */
    record Check(boolean usable, String sentence) {
    }

    /** Connects once, changes nothing; slow (a network), so never on the FX thread. */
    Check test(String url, TenantId team);

    /**
     * Why {@code choice} would not be kept, in a sentence, if it would not: an address with a password in it
     * (Workshop writes no password down). Cheap; the dialog asks before it closes.
     */
    Optional<String> whyNotKept(TeamServerChoice choice);

    /**
     * Keeps {@code choice} for the next launches.
     *
     * @throws IllegalArgumentException with {@link #whyNotKept}'s sentence for a choice it refuses
     * @throws dev.workshop.store.StoreException when it cannot be written
     */
    void save(TeamServerChoice choice);
}
