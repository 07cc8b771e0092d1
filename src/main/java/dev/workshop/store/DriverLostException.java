package dev.workshop.store;

/**
 * This instance no longer drives the conversation: its lease ran out (a pause, a cut network) and another
 * instance took it over. Nothing was written; the loop here stands down.
 */
public final class DriverLostException extends StoreException {
    public DriverLostException(String message) {
        super(message);
    }
}
