package dev.workshop.store;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Which instance drives each conversation (takes its turns) when several share a store (a team server): claims,
 * their release, the drivers that died, and the changes other instances make. A store only this process uses (the
 * desktop's) keeps the defaults: it always drives, and nobody else changes anything.
 */
public interface ConversationDrivers {

    /**
     * Makes this instance the one that drives the conversation (takes its turns), if no other live instance does:
     * true when it does now. A store that only this process uses (the desktop's) always says yes. While it drives,
     * every append is checked against its claim in the same transaction; once another instance took over, appends
     * from here fail with {@link DriverLostException} until {@link #stopDriving}.
     */
    default boolean drive(TenantId tenant, ConversationId conversation) {
        return true;
    }

    /** This instance stops driving the conversation (its loop ended): another may take it at once. */
    default void stopDriving(TenantId tenant, ConversationId conversation) {
    }

    /**
     * The tenant's conversations whose driver died: an instance drove them and its claim ran out without being let
     * go. Empty for a store only this process uses.
     */
    default Set<ConversationId> driversGone(TenantId tenant) {
        return Set.of();
    }

    /** Which instance drives the conversation now, if another one does (for "driven by …" in lists). */
    default Optional<String> drivenElsewhere(TenantId tenant, ConversationId conversation) {
        return Optional.empty();
    }

    /**
     * Which device drives each of the tenant's conversations that another instance drives now, in words
     * ({@code host (process 1234)}): for "driven by …" in lists. Empty for a store only this process uses.
     */
    default Map<ConversationId, String> drivers(TenantId tenant) {
        return Map.of();
    }

    /**
     * {@code changed} hears, on a thread of the store's, of each conversation of {@code tenant} that another instance
     * changed (a message, a status, who drives it), within about a second; after a lost connection, of each changed
     * meanwhile. A store only this process writes never calls it.
     */
    default void watchElsewhere(TenantId tenant, Consumer<ConversationId> changed) {
    }
}
