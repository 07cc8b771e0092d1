package dev.workshop.orchestration;

import java.nio.file.Path;

/** Opens the workspace of a data directory; slow (disk, recovery), so never called on the FX thread. */
@FunctionalInterface
public interface WorkspaceOpener {
    Workspace open(Path dataDirectory, WorkspaceOptions options);
}
