package dev.workshop.domain.element;

import java.time.Instant;

/** A numbered piece of text someone left on an element: a post, a comment, an inbox message, a note. */
public record Entry(int number, Actor author, String text, Instant at) {
}
