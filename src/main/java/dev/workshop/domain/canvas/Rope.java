package dev.workshop.domain.canvas;

import java.util.Objects;

/** A labelled relationship the user tied between two agents on the canvas. */
public record Rope(String id, InstanceId from, InstanceId to, String label) {
    public static final int MAX_LABEL_LENGTH = 60;

    public Rope {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        label = label == null ? "" : label.strip();
        if (from.equals(to)) {
            throw new IllegalArgumentException("A rope needs two different agents");
        }
        if (label.length() > MAX_LABEL_LENGTH) {
            throw new IllegalArgumentException("A rope label has at most " + MAX_LABEL_LENGTH + " characters, this one has "
                    + label.length());
        }
    }

    public static Rope between(InstanceId from, InstanceId to, String label) {
        return new Rope("rope-" + java.util.UUID.randomUUID(), from, to, label);
    }

    public boolean touches(InstanceId instance) {
        return from.equals(instance) || to.equals(instance);
    }

    public Rope relabelled(String newLabel) {
        return new Rope(id, from, to, newLabel);
    }
}
