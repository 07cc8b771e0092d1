package dev.workshop.store;

import java.time.Instant;
import java.util.Collection;
import java.util.Optional;
import java.util.Set;

/**
 * The conversations erased for good (docs/decisions/0031): for each, a keyed hash of its id (its subject, as the
 * audit trail names it) and when, kept for ever. Every way back in — an append, a replay, a rebuild, a recovery, an
 * import, a re-inflation — asks here first, so an erased conversation is refused instead of written again. A
 * subject stays "not yet scrubbed" until every copy Workshop wrote of it is gone: a crash before then leaves the
 * scrub to the next start.
 */
public interface Tombstones {
    /** When the conversation with this id was erased, or empty when it was not. */
    Optional<Instant> erasedOn(String conversationId);

    /**
     * Erases for good: each id's tombstone written and forced to the disk before this returns, not yet scrubbed;
     * an id erased before keeps its first date.
     *
     * @throws StoreException when the tombstones cannot be written: nothing is erased then
     */
    void add(Collection<String> conversationIds, Instant at);

    /** The subjects erased whose copies may still lie somewhere: what a scrub must still take out. */
    Set<String> notYetScrubbed();

    /** Every subject erased, scrubbed or not: what a scrub keeps out. */
    Set<String> subjects();

    /** Notes that every copy of these subjects is gone. */
    void scrubbed(Collection<String> subjects, Instant at);

    /** No tombstones: nothing was ever erased (stores opened for tests of other things). */
    Tombstones NONE = new Tombstones() {
        @Override
        public Optional<Instant> erasedOn(String conversationId) {
            return Optional.empty();
        }

        @Override
        public void add(Collection<String> conversationIds, Instant at) {
            throw new UnsupportedOperationException("Nothing can be erased here");
        }

        @Override
        public Set<String> notYetScrubbed() {
            return Set.of();
        }

        @Override
        public Set<String> subjects() {
            return Set.of();
        }

        @Override
        public void scrubbed(Collection<String> subjects, Instant at) {
        }
    };
}
