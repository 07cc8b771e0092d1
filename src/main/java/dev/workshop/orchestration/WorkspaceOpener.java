package dev.workshop.orchestration;

import dev.workshop.domain.conversation.TenantId;
import java.util.Optional;
import java.nio.file.Path;

/** Opens the workspace of a data directory; slow (disk, recovery), so never called on the FX thread. */
@FunctionalInterface
public interface WorkspaceOpener {
    Workspace open(Path dataDirectory, WorkspaceOptions options);

    /**
     * Opens it only to be read, where it cannot be written ({@code why}: a full disk, a read-only mount); empty
     * where that is not offered.
     */
    default Optional<Workspace> openReadOnly(Path dataDirectory, TenantId team, String why) {
        return Optional.empty();
    }
}
