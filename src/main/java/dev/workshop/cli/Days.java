package dev.workshop.cli;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;

/** A day given on the command line as YYYY-MM-DD: its start, in this device's time zone. */
final class Days {
    private Days() {
    }

    static Instant startOf(String option, String text) {
        try {
            return LocalDate.parse(text.strip()).atStartOfDay(ZoneId.systemDefault()).toInstant();
        } catch (DateTimeParseException wrong) {
            throw new IllegalArgumentException(option + " takes a day as YYYY-MM-DD, not " + text.strip());
        }
    }
}
