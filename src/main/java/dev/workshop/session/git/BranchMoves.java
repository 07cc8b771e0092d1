package dev.workshop.session.git;

import dev.workshop.session.SessionRepositoryException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;

/**
 * A hold's last step: moving its session branch to the new commit, only from the tip it started from. Two holds
 * of one branch at once, a lock file a killed hold left behind and a branch that cannot be written each end in
 * their own sentence; nothing is ever overwritten.
 */
final class BranchMoves {
    private final Repository repository;
    private final Path location;
    /** The data directory's own repository, which only the process holding the data directory writes. */
    private final BooleanSupplier ownRepository;

    BranchMoves(Repository repository, Path location, BooleanSupplier ownRepository) {
        this.repository = repository;
        this.location = location;
        this.ownRepository = ownRepository;
    }

    /**
     * How long a branch's lock file may stand before it is taken for one a killed process left: a hold takes its
     * lock for milliseconds, between writing the new commit id and renaming the file into place.
     */
    private static final java.time.Duration STALE_LOCK = java.time.Duration.ofSeconds(10);

    /**
     * Removes the branch's lock file when a process that died mid-update left it: in the data directory's own
     * repository (which only the process holding the data directory writes, one hold per session at a time)
     * always, elsewhere once it is older than {@link #STALE_LOCK}. True when one was removed.
     */
    private boolean removedStaleLock(String ref) {
        Path lock = repository.getDirectory().toPath().resolve(ref + ".lock");
        try {
            if (!Files.exists(lock)) {
                return false;
            }
            boolean stale = ownRepository.getAsBoolean() || Files.getLastModifiedTime(lock).toInstant()
                    .isBefore(Instant.now().minus(STALE_LOCK));
            if (stale) {
                Files.delete(lock);
                System.getLogger(BranchMoves.class.getName()).log(System.Logger.Level.WARNING,
                        "Removed the lock file " + lock + " a hold cut short had left");
            }
            return stale;
        } catch (IOException e) {
            return false;
        }
    }

    /** A lock file on the branch that a running hold took moments ago (not in this process's own repository). */
    private boolean lockedByAnotherHold(String ref) {
        Path lock = repository.getDirectory().toPath().resolve(ref + ".lock");
        try {
            return !ownRepository.getAsBoolean() && Files.exists(lock)
                    && !Files.getLastModifiedTime(lock).toInstant().isBefore(Instant.now().minus(STALE_LOCK));
        } catch (IOException e) {
            return false;
        }
    }

    private String lockHint(String ref) {
        Path lock = repository.getDirectory().toPath().resolve(ref + ".lock");
        return Files.exists(lock) ? ": " + lock + " is there; if no hold is running, delete it" : "";
    }

    /** Moves {@code ref} from {@code expectedTip} (none: a new branch) to {@code commit}, or says who was first. */
    void move(String ref, Optional<String> expectedTip, String commit, String branch) {
        move(ref, expectedTip, commit, branch, false);
    }

    private void move(String ref, Optional<String> expectedTip, String commit, String branch, boolean retried) {
        try {
            RefUpdate update = repository.updateRef(ref);
            update.setExpectedOldObjectId(expectedTip.map(ObjectId::fromString).orElse(ObjectId.zeroId()));
            update.setNewObjectId(ObjectId.fromString(commit));
            update.setRefLogMessage("workshop: hold", false);
            RefUpdate.Result result = update.update();
            switch (result) {
                case NEW, FAST_FORWARD, FORCED, NO_CHANGE -> {
                }
                case LOCK_FAILURE, REJECTED, REJECTED_CURRENT_BRANCH, REJECTED_MISSING_OBJECT,
                     REJECTED_OTHER_REASON -> {
                    Ref now = repository.exactRef(ref);
                    Optional<String> there = Optional.ofNullable(now).map(found -> found.getObjectId().name());
                    if (there.equals(expectedTip)) {
                        if (lockedByAnotherHold(ref)) {
                            throw new dev.workshop.session.HoldConflictException("Another hold is writing branch "
                                    + branch + " in " + location + " right now; nothing was overwritten (hold again"
                                    + " once it is done)");
                        }
                        // The other hold may have finished between the two looks: its lock gone, the branch moved.
                        Ref after = repository.exactRef(ref);
                        if (!Optional.ofNullable(after).map(found -> found.getObjectId().name()).equals(expectedTip)) {
                            throw new dev.workshop.session.HoldConflictException("Another hold moved branch " + branch
                                    + " in " + location + " first; nothing was overwritten (hold again to commit on top"
                                    + " of it)");
                        }
                        if (!retried && removedStaleLock(ref)) {
                            move(ref, expectedTip, commit, branch, true);
                            return;
                        }
                        // Nobody moved it: the branch could not be written (its lock file, the folder).
                        throw new SessionRepositoryException("Branch " + branch + " in " + location + " cannot be"
                                + " written (" + result + lockHint(ref) + "); nothing was held", true);
                    }
                    throw new dev.workshop.session.HoldConflictException("Another hold moved branch " + branch + " in "
                            + location + " first; nothing was overwritten (hold again to commit on top of it)");
                }
                default -> throw new SessionRepositoryException("Branch " + branch + " in " + location
                        + " could not be moved (" + result + ")", true);
            }
        } catch (IOException e) {
            throw new SessionRepositoryException("Branch " + branch + " in " + location + " cannot be written ("
                    + GitSessions.reason(e) + "); nothing was held", true, e);
        }
    }
}
