package dev.workshop.gateway;

/**
 * A turn could not be answered. {@code retryable} failures (timeouts, dropped connections, overload) leave
 * the conversation interrupted and resumable; the others (a bad key, an unknown model) fail it.
 */
public final class GatewayException extends Exception {
    private final boolean retryable;

    public GatewayException(String message, boolean retryable, Throwable cause) {
        super(message, cause);
        this.retryable = retryable;
    }

    public GatewayException(String message, boolean retryable) {
        this(message, retryable, null);
    }

    public boolean retryable() {
        return retryable;
    }
}
