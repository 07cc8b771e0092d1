package dev.workshop.domain.conversation;

import java.util.Objects;

/** The owner of a row. A desktop install has one tenant, {@link #LOCAL}; a team server has many. */
public record TenantId(String value) {
    public static final TenantId LOCAL = new TenantId("local");

    public TenantId {
        Objects.requireNonNull(value, "value");
        if (value.isBlank() || value.length() > 64) {
            throw new IllegalArgumentException("A tenant id must have 1 to 64 characters");
        }
    }

    @Override
    public String toString() {
        return value;
    }
}
