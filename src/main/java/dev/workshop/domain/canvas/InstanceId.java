package dev.workshop.domain.canvas;

import java.util.Objects;
import java.util.UUID;

/** Stable identifier of an agent placed on the canvas; saved with the scene, never remade per run. */
public record InstanceId(String value) {
    public InstanceId {
        Objects.requireNonNull(value, "value");
        if (value.isBlank()) {
            throw new IllegalArgumentException("An instance id must not be blank");
        }
    }

    public static InstanceId generate() {
        return new InstanceId("instance-" + UUID.randomUUID());
    }

    @Override
    public String toString() {
        return value;
    }
}
