package dev.workshop.orchestration;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where held sessions are: a repository the user named (bare or not), else the data directory's
 * {@code sessions.git}; and a remote URL (a path, {@code file://}, ssh or https) to push to or fetch from.
 */
public record SessionLocation(Optional<Path> repository, Optional<String> remote) {
    public static final SessionLocation DEFAULT = new SessionLocation(Optional.empty(), Optional.empty());

    public SessionLocation {
        Objects.requireNonNull(repository, "repository");
        remote = remote.map(String::strip).filter(url -> !url.isEmpty());
    }

    public static SessionLocation of(Path repository, String remote) {
        return new SessionLocation(Optional.ofNullable(repository), Optional.ofNullable(remote));
    }
}
