package dev.workshop.store;

/** Someone else appended to the conversation since the caller read it (optimistic locking). */
public final class ConcurrentAppendException extends StoreException {
    public ConcurrentAppendException(String message) {
        super(message);
    }
}
