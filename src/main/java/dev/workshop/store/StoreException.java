package dev.workshop.store;

/** The store could not do what was asked; the message says what and where, for a person to read. */
public class StoreException extends RuntimeException {
    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
