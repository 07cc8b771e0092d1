package dev.workshop.domain.element;

import java.util.Objects;

/**
 * Who acted on an element: an agent (its id and its name when it acted) or the user, whose posts, pins and votes
 * are actions like an agent's.
 */
public record Actor(String id, String name) {
    /** The person at the keyboard. */
    public static final Actor USER = new Actor("user", "You");

    public Actor {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        if (id.isBlank()) {
            throw new IllegalArgumentException("An actor needs an id");
        }
    }

    public boolean isUser() {
        return USER.id.equals(id);
    }
}
