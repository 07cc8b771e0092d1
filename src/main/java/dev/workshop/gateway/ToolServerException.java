package dev.workshop.gateway;

/**
 * An outside tool call that got no answer, with one sentence saying why. {@link #sent()} tells the two cases apart:
 * not sent (the server could not start, or refused before the call went out: it did not run) or sent without an
 * answer (timed out, or the server died: it may have run — in doubt).
 */
public final class ToolServerException extends Exception {
    private final boolean sent;

    public ToolServerException(String sentence, boolean sent, Throwable cause) {
        super(sentence, cause);
        this.sent = sent;
    }

    public boolean sent() {
        return sent;
    }
}
