package dev.workshop.store;

/** When an append returns. */
public enum Durability {
    /** After the events are on the disk (fsync): they survive a crash from then on. */
    DURABLE,
    /**
     * At once: the events are written in order and are durable no later than the next durable append of the
     * store returns. For markers that are worth keeping but not worth a sync of their own (a turn started).
     */
    WITH_NEXT
}
