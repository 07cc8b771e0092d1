package dev.workshop.gateway;

/**
 * A turn could not be answered. {@code retryable} failures (timeouts, dropped connections, overload) leave
 * the conversation interrupted and resumable; the others (a bad key, an unknown model) fail it.
 */
public final class GatewayException extends Exception {
    private final boolean retryable;
    private final boolean promptTooLong;
    private final boolean toolsRefused;

    public GatewayException(String message, boolean retryable, Throwable cause) {
        this(message, retryable, cause, false);
    }

    private GatewayException(String message, boolean retryable, Throwable cause, boolean promptTooLong) {
        this(message, retryable, cause, promptTooLong, false);
    }

    private GatewayException(String message, boolean retryable, Throwable cause, boolean promptTooLong,
                             boolean toolsRefused) {
        super(message, cause);
        this.retryable = retryable;
        this.promptTooLong = promptTooLong;
        this.toolsRefused = toolsRefused;
    }

    /** The server refused a request because it offered tools (it calls no functions): asked without, it may answer. */
    public static GatewayException toolsRefused(String message) {
        return new GatewayException(message, false, null, false, true);
    }

    public boolean toolsRefused() {
        return toolsRefused;
    }

    /** The server refused the prompt as longer than the model's context: a shorter one may be answered. */
    public static GatewayException promptTooLong(String message) {
        return new GatewayException(message, false, null, true);
    }

    public boolean promptTooLong() {
        return promptTooLong;
    }

    public GatewayException(String message, boolean retryable) {
        this(message, retryable, null);
    }

    public boolean retryable() {
        return retryable;
    }
}
