package dev.workshop.orchestration;

import java.util.concurrent.Semaphore;

/**
 * The turns-at-once limit as permits: a loop holds one while it takes turns, the others queue (fairly, in the
 * order they asked). Its size can change while loops hold permits: a larger limit lets queued loops start at
 * once; a smaller one lets the running loops finish and starts no new one until the count is under it.
 */
final class Slots extends Semaphore {
    private int limit;

    Slots(int limit) {
        super(limit, true);
        this.limit = limit;
    }

    synchronized void resize(int newLimit) {
        if (newLimit > limit) {
            release(newLimit - limit);
        } else if (newLimit < limit) {
            // Taken from the permits still free, or owed by the loops that hold one (they release it as usual).
            reducePermits(limit - newLimit);
        }
        limit = newLimit;
    }

    synchronized int limit() {
        return limit;
    }
}
