package dev.workshop.session;

/**
 * A repository of held sessions that cannot be used as asked: missing, not a git repository, locked, unreachable,
 * or not writable. The message says which, in one sentence; {@link #cannotWrite()} tells a repository that could
 * not take a write from one that was not there or not readable.
 */
public final class SessionRepositoryException extends RuntimeException {
    private final boolean cannotWrite;

    /** {@code message} as it is shown: a remote's address in it keeps its password to itself. */
    public SessionRepositoryException(String message, boolean cannotWrite, Throwable cause) {
        super(dev.workshop.domain.secrets.Redaction.passwordsHidden(message), cause);
        this.cannotWrite = cannotWrite;
    }

    public SessionRepositoryException(String message, boolean cannotWrite) {
        this(message, cannotWrite, null);
    }

    public boolean cannotWrite() {
        return cannotWrite;
    }
}
