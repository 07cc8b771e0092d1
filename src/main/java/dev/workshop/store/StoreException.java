package dev.workshop.store;

/** The store could not do what was asked; the message says what and where, for a person to read. */
public class StoreException extends RuntimeException {
    public StoreException(String message) {
        super(dev.workshop.domain.secrets.Redaction.passwordsHidden(message));
    }

    public StoreException(String message, Throwable cause) {
        super(dev.workshop.domain.secrets.Redaction.passwordsHidden(message), cause);
    }
}
