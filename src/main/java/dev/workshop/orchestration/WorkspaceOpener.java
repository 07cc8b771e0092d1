package dev.workshop.orchestration;

import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.DataDirectoryInUseException;
import dev.workshop.store.StoreException;
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

    /**
     * Opens it as {@link #open} does, or, when that fails because the data cannot be written (a full disk, a
     * read-only mount), {@link #openReadOnly only to read it}, so that a user can still read and export what is
     * there. Another Workshop holding it is no such case; when reading fails too, the first failure is thrown.
     */
    default Workspace openOrRead(Path dataDirectory, WorkspaceOptions options) {
        try {
            return open(dataDirectory, options);
        } catch (DataDirectoryInUseException inUse) {
            throw inUse;
        } catch (StoreException cannotWrite) {
            if (options.teamServer().isPresent()) {
                // The team server is the truth: this device's own copy is not a stand-in for it.
                throw cannotWrite;
            }
            Optional<Workspace> readOnly;
            try {
                readOnly = openReadOnly(dataDirectory, options.team(), cannotWrite.getMessage());
            } catch (RuntimeException alsoFailed) {
                cannotWrite.addSuppressed(alsoFailed);
                throw cannotWrite;
            }
            return readOnly.orElseThrow(() -> cannotWrite);
        }
    }
}
