package dev.workshop;

import dev.workshop.domain.retention.ErasureReceipt;
import dev.workshop.orchestration.Erasure;
import dev.workshop.store.AuditTrail;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.ScrubbedPlace;
import dev.workshop.store.StoreException;
import dev.workshop.store.Tombstones;
import dev.workshop.store.file.JsonDrafts;
import dev.workshop.store.file.JsonlTombstones;
import dev.workshop.store.file.JsonSceneStore;
import dev.workshop.store.jdbc.LocalScrub;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/** Builds the erase of a data directory from its parts (docs/decisions/0031), for the app and the command line. */
public final class ErasureWiring {
    private ErasureWiring() {
    }

    /**
     * The erase of the locked {@code directory}, over its store files, drafts, canvas, snapshots and held branches,
     * and {@code elsewhere} (a team server).
     */
    public static Erasure of(DataDirectory directory, Tombstones tombstones, AuditTrail audit, String device,
                             String member, Consumer<String> warnings, List<ScrubbedPlace> elsewhere) {
        List<ScrubbedPlace> places = new java.util.ArrayList<>(List.of(LocalScrub.of(directory)));
        places.addAll(elsewhere);
        return new Erasure(directory.path(), tombstones, audit, places,
                new JsonDrafts(directory.path(), warnings), new JsonSceneStore(directory.path(), warnings),
                Clock.systemUTC(), device, member);
    }

    /**
     * Finishes an erase that was asked for before this open (or cut short by a crash) before any store opens on the
     * directory; when it cannot (a disk that refuses), says so in {@code warnings} and leaves it for the next open —
     * the conversations stay refused meanwhile.
     */
    public static Optional<ErasureReceipt> finishPending(Erasure erasure, Consumer<String> warnings) {
        try {
            return erasure.finishPending();
        } catch (RuntimeException e) {
            // Whatever stopped it (a disk that refuses, a file it could not read), the data still opens: what was
            // erased stays refused, and the next start tries again.
            warnings.accept(e instanceof StoreException ? e.getMessage() : "An erase could not be finished ("
                    + e.getMessage() + "); what was erased stays out, and the next start finishes it");
            return Optional.empty();
        }
    }

    /**
     * The tombstones of a directory that cannot be written, to keep erased conversations out of what is read; none
     * when nothing was ever erased there, or when they cannot be read (said in {@code warnings}).
     */
    public static Tombstones readTombstones(java.nio.file.Path directory, Consumer<String> warnings) {
        if (!java.nio.file.Files.exists(directory.resolve(JsonlTombstones.FILE))) {
            return Tombstones.NONE;
        }
        try {
            return new JsonlTombstones(directory);
        } catch (StoreException unreadable) {
            warnings.accept(unreadable.getMessage());
            return Tombstones.NONE;
        }
    }
}
