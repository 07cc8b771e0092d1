package dev.workshop.domain.conversation;

/** A second writer (a duplicate loop, another instance) tried to record a turn that exists already. */
public final class TurnAlreadyRecordedException extends InvalidEventException {
    public TurnAlreadyRecordedException(String message) {
        super(message);
    }
}
