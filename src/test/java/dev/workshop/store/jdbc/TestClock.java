package dev.workshop.store.jdbc;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.function.Supplier;

/** A clock a test drives: each reading is what {@code now} gives (a fixed time moved by hand, a ticking count). */
public final class TestClock extends Clock {
    private final Supplier<Instant> now;

    public TestClock(Supplier<Instant> now) {
        this.now = now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return now.get();
    }
}
