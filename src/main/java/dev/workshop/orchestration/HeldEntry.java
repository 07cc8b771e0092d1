package dev.workshop.orchestration;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One held session a repository holds, as {@code workshop held} and the Open held session dialog list it; a branch
 * that cannot be read is listed with the problem instead of its contents.
 */
public record HeldEntry(String branch, String commit, Instant heldAt, String id, String title,
                        List<String> participants, int turns, Optional<String> problem) {
    public HeldEntry {
        participants = List.copyOf(participants);
    }
}
