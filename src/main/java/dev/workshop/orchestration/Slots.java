package dev.workshop.orchestration;

import java.util.concurrent.Semaphore;

/**
 * The turns-at-once limit as permits: a loop holds one while it takes turns, the others queue (fairly, in the
 * order they asked). Its size can change while loops hold permits: a larger limit lets queued loops start at
 * once; a smaller one lets the running loops finish and starts no new one until the count is under it.
 */
final class Slots extends Semaphore {
    private int limit;
    /**
     * On a team server, for conversations taken over from a Workshop that died: they were under way (someone follows
     * them), so they go on at once even when every slot is busy, up to the limit again, rather than wait for a slot
     * behind this instance's own work (ADR 0022). Twice the limit: with three instances, the two left must between them
     * absorb all that the third ran, its own reserve included, and a second failure may come while the first one's
     * conversations still hold the reserve (issue #53: a reserve as large as the limit left some waiting 10 s).
     */
    private final Reserve takeovers;

    /** The reserve's permits, which change with the limit as the usual ones do. */
    private static final class Reserve extends Semaphore {
        Reserve(int permits) {
            super(permits);
        }

        void resize(int from, int to) {
            if (to > from) {
                release(to - from);
            } else if (to < from) {
                reducePermits(from - to);
            }
        }
    }

    Slots(int limit) {
        super(limit, true);
        this.limit = limit;
        this.takeovers = new Reserve(reserveFor(limit));
    }

    /** How many taken-over conversations may run beyond the limit. */
    static int reserveFor(int limit) {
        return 2 * limit;
    }

    /** A slot for a conversation taken over: a usual one if free, else one of the reserve; false when none is. */
    boolean tryTakeover() {
        return takeovers.tryAcquire();
    }

    void releaseTakeover() {
        takeovers.release();
    }

    /** Takeover slots free now. */
    int takeoversFree() {
        return takeovers.availablePermits();
    }

    synchronized void resize(int newLimit) {
        if (newLimit > limit) {
            release(newLimit - limit);
        } else if (newLimit < limit) {
            // Taken from the permits still free, or owed by the loops that hold one (they release it as usual).
            reducePermits(limit - newLimit);
        }
        takeovers.resize(reserveFor(limit), reserveFor(newLimit));
        limit = newLimit;
    }

    synchronized int limit() {
        return limit;
    }
}
