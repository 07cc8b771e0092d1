package dev.workshop.domain.element;

/** An action whose arguments do not fit its definition, or that names an element that is not there. */
public final class ActionRejectedException extends IllegalArgumentException {
    public ActionRejectedException(String message) {
        super(message);
    }
}
