package dev.workshop.session;

/** A snapshot that cannot be read or makes no sense; the message says what is wrong, in words a user can act on. */
public final class InvalidSnapshotException extends IllegalArgumentException {
    public InvalidSnapshotException(String problem) {
        super(problem);
    }

    public InvalidSnapshotException(String problem, Throwable cause) {
        super(problem, cause);
    }
}
