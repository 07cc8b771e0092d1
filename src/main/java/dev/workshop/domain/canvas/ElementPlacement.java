package dev.workshop.domain.canvas;

import java.util.Objects;

/** A shared element (a board, a pinboard, a rulebook) where it stands on the canvas, by the id of its stream. */
public record ElementPlacement(String elementId, Point position) {
    public ElementPlacement {
        Objects.requireNonNull(elementId, "elementId");
        Objects.requireNonNull(position, "position");
    }
}
