package dev.workshop.domain.retention;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How long conversations are kept: ended ones (completed, failed, abandoned) purged {@code purgeEndedAfter} after
 * their last change, others idle for {@code abandonIdleAfter} marked abandoned, and Recently deleted emptied after
 * {@code binAfter}. Empty: never. On a desktop a user's history is theirs (nothing purged); a team server keeps the
 * seed's 90 and 30 days.
 */
public record RetentionPolicy(Optional<Duration> purgeEndedAfter, Optional<Duration> abandonIdleAfter,
                              Duration binAfter) {
    public static final RetentionPolicy DESKTOP = new RetentionPolicy(Optional.empty(),
            Optional.of(Duration.ofDays(30)), Duration.ofDays(30));
    public static final RetentionPolicy TEAM = new RetentionPolicy(Optional.of(Duration.ofDays(90)),
            Optional.of(Duration.ofDays(30)), Duration.ofDays(30));

    public RetentionPolicy {
        Objects.requireNonNull(purgeEndedAfter, "purgeEndedAfter");
        Objects.requireNonNull(abandonIdleAfter, "abandonIdleAfter");
        Objects.requireNonNull(binAfter, "binAfter");
    }

    public RetentionPolicy withPurgeEndedAfter(Optional<Duration> after) {
        return new RetentionPolicy(after, abandonIdleAfter, binAfter);
    }

    public RetentionPolicy withAbandonIdleAfter(Optional<Duration> after) {
        return new RetentionPolicy(purgeEndedAfter, after, binAfter);
    }

    /** In words, as the command line says it. */
    public String describe() {
        return "ended conversations " + purgeEndedAfter.map(d -> "purged after " + d.toDays() + " days")
                .orElse("kept") + "; idle ones " + abandonIdleAfter.map(d -> "marked abandoned after " + d.toDays()
                + " days").orElse("left as they are") + "; Recently deleted emptied after " + binAfter.toDays()
                + " days";
    }
}
