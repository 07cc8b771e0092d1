package dev.workshop.domain.retention;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What an erase leaves behind, without personal data (docs/decisions/0031): the keyed hash of each conversation's
 * id (its subject, not matchable against a list of ids without the data directory's key), when, how much went from
 * each place Workshop keeps copies, and what it could not reach.
 */
public record ErasureReceipt(List<String> subjects, Instant at, Map<String, Long> counts, List<String> notReached) {
    /** What no erase reaches from here, told in every receipt. */
    public static final List<String> NEVER_REACHED = List.of(
            "held sessions pushed to other repositories",
            "exports and copies saved by hand",
            "copies the computer keeps by itself (file system snapshots, backups of this disk)");

    public ErasureReceipt {
        subjects = List.copyOf(subjects);
        Objects.requireNonNull(at, "at");
        counts = Map.copyOf(counts);
        notReached = List.copyOf(notReached);
    }

    /** The receipt in a few lines: what went, and what was not reached. */
    public String describe() {
        StringBuilder text = new StringBuilder("Erased ").append(subjects.size())
                .append(subjects.size() == 1 ? " conversation" : " conversations").append(" for good at ").append(at)
                .append('\n');
        new java.util.TreeMap<>(counts).forEach((place, count) -> text.append("  ").append(place.replace('_', ' '))
                .append(": ").append(count).append('\n'));
        text.append("Not reached:\n");
        notReached.forEach(place -> text.append("  ").append(place).append('\n'));
        return text.toString();
    }
}
