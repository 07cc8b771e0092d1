package dev.workshop.session;

/**
 * A hold that lost a race or would overwrite something: another hold moved the branch first, or the branch holds
 * a continuation this conversation does not have. Nothing was committed; the message says what to do instead.
 */
public final class HoldConflictException extends IllegalStateException {
    public HoldConflictException(String message) {
        super(message);
    }
}
