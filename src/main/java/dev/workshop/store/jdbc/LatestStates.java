package dev.workshop.store.jdbc;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.TenantId;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Every conversation's latest state, in memory: what an append is checked against, and what the listings read,
 * without a query.
 */
final class LatestStates {
    private final Map<ConversationKey, LatestState> states = new ConcurrentHashMap<>();

    /**
     * The conversation's entry, added (not started) if missing. A lookup first: {@code computeIfAbsent} may lock a
     * bin of the map even when the key is there, and the appends of a thousand loops ask for keys that are nearly
     * always there.
     */
    LatestState getOrAdd(ConversationKey key) {
        LatestState entry = states.get(key);
        return entry != null ? entry : computeIfAbsent(key);
    }

    LatestState computeIfAbsent(ConversationKey key) {
        return states.computeIfAbsent(key, k -> new LatestState(k.tenant(), ConversationState.notStarted(k.conversation())));
    }

    void put(ConversationKey key, LatestState entry) {
        states.put(key, entry);
    }

    void clear() {
        states.clear();
    }

    void forEach(BiConsumer<ConversationKey, LatestState> visitor) {
        states.forEach(visitor);
    }

    /** True when any event of the conversation is known, its start or not. */
    boolean holdsAny(ConversationKey key) {
        LatestState entry = states.get(key);
        return entry != null && entry.state.version() > 0;
    }

    Optional<ConversationState> started(ConversationKey key) {
        return Optional.ofNullable(states.get(key)).map(entry -> entry.state).filter(ConversationState::isStarted);
    }

    Optional<TenantId> tenantOf(ConversationId conversation) {
        return states.values().stream()
                .filter(entry -> entry.state.id().equals(conversation) && entry.state.isStarted())
                .map(entry -> entry.tenant)
                .findFirst();
    }

    /** The tenant's started conversations, deleted or not, most recently updated first. */
    List<ConversationState> listed(TenantId tenant, boolean deleted) {
        return states.values().stream()
                .filter(entry -> entry.tenant.equals(tenant))
                .map(entry -> entry.state)
                .filter(state -> state.isStarted() && state.deleted() == deleted && !state.isElement())
                .sorted(Comparator.comparing(ConversationState::updatedAt).reversed()
                        .thenComparing(state -> state.id().value()))
                .toList();
    }

    int count(TenantId tenant) {
        return (int) states.values().stream()
                .filter(entry -> entry.tenant.equals(tenant) && entry.state.isStarted() && !entry.state.deleted()
                        && !entry.state.isElement())
                .count();
    }

    /** The tenant's elements, removed ones left out, oldest first. */
    List<ConversationState> elements(TenantId tenant) {
        return ConversationState.elementsOldestFirst(states.values().stream()
                .filter(entry -> entry.tenant.equals(tenant)).map(entry -> entry.state));
    }

    /** As {@link #getOrAdd}, for any map: the lookup first. */
    static <K, V> V getOrAdd(Map<K, V> map, K key, Function<K, V> make) {
        V value = map.get(key);
        return value != null ? value : map.computeIfAbsent(key, make);
    }
}
