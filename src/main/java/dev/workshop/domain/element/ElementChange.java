package dev.workshop.domain.element;

import java.time.Instant;
import java.util.Objects;

/** One entry of an element's history: what happened, at which version, when, by whom and from where. */
public record ElementChange(long seq, Instant at, Actor actor, Provenance provenance, ElementEvent event) {
    public ElementChange {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(provenance, "provenance");
        Objects.requireNonNull(event, "event");
    }

    /** Whether this is news to those who follow the element: a change made to it, not its making. */
    public boolean isNews() {
        return !(event instanceof ElementEvent.Created);
    }
}
