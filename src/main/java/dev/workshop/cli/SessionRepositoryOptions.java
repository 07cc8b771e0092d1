package dev.workshop.cli;

import dev.workshop.orchestration.SessionLocation;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --repo PATH} and {@code --remote URL}: where held sessions are, for hold, held, reinflate and fork. */
final class SessionRepositoryOptions {
    @Option(names = "--repo", paramLabel = "PATH",
            description = "A git repository, bare or not, to hold sessions in (default: sessions.git in the data "
                    + "directory). Its work tree, index and HEAD are never touched.")
    private Path repository;

    @Option(names = "--remote", paramLabel = "URL",
            description = "A remote repository (a path, file://, ssh or https, with your git credentials).")
    private String remote;

    SessionLocation location() {
        return SessionLocation.of(repository, remote);
    }
}
