package dev.workshop.gateway;

/** The secret store could not be used; the message says why in one sentence a user can act on. */
public final class SecretStoreException extends Exception {
    public SecretStoreException(String message) {
        super(message);
    }
}
