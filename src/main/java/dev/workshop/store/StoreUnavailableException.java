package dev.workshop.store;

/**
 * The store's server cannot be reached for now (it restarts, the network dropped): nothing was acknowledged, and
 * the same write may be tried again once it is back. The desktop's own store never says this.
 */
public final class StoreUnavailableException extends StoreException {
    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
