package dev.workshop.domain.conversation;

/** An event that would break the conversation log's invariants; nothing was stored. */
public class InvalidEventException extends RuntimeException {
    public InvalidEventException(String message) {
        super(message);
    }
}
