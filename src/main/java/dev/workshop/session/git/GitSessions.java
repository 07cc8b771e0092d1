package dev.workshop.session.git;

import dev.workshop.session.HeldSessionJson;
import dev.workshop.session.SessionRepositoryException;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.api.errors.TransportException;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.ConfigConstants;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.StoredConfig;
import org.eclipse.jgit.lib.TreeFormatter;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.transport.FetchResult;
import org.eclipse.jgit.transport.PushResult;
import org.eclipse.jgit.transport.RefSpec;
import org.eclipse.jgit.transport.RemoteRefUpdate;
import org.eclipse.jgit.transport.URIish;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * A git repository of held sessions, through JGit (no {@code git} program needed): one branch per session under
 * {@code refs/heads/workshop/}, each commit holding the two files of {@link HeldSessionJson}. Commits are written
 * object by object (the repository's work tree, index and HEAD are never touched, so a user's own repository can
 * hold sessions beside their code), objects and refs are synced to disk, and a branch moves only by
 * compare-and-swap from the commit the caller read: a hold that lost a race is told, never overwrites.
 */
public final class GitSessions implements AutoCloseable {
    /** Where held sessions' branches live. */
    public static final String BRANCH_PREFIX = "workshop/";
    private static final String HEADS = Constants.R_HEADS + BRANCH_PREFIX;
    /** Where branches fetched from a remote are kept, one folder per remote URL, apart from the local ones. */
    private static final String FETCHED = "refs/workshop-fetched/";

    private final Repository repository;
    private final Path location;
    /** The data directory's own repository, which no other process writes while this one holds the directory. */
    private boolean ownRepository;
    private final BranchMoves moves;

    /** A branch of a held session and the commit it points at. */
    public record Branch(String name, String ref, String commit, Instant committedAt) {
    }

    private GitSessions(Repository repository, Path location) {
        this.repository = repository;
        this.location = location;
        this.moves = new BranchMoves(repository, location, () -> ownRepository);
        // Objects and refs reach the disk before a hold reports success, as the journal's records do. Set in memory
        // only: a user's repository keeps its own configuration.
        StoredConfig config = repository.getConfig();
        config.setBoolean(ConfigConstants.CONFIG_CORE_SECTION, null, "fsyncObjectFiles", true);
        config.setBoolean(ConfigConstants.CONFIG_CORE_SECTION, null, "fsyncRefFiles", true);
    }

    /**
     * The bare repository at {@code path}, made there first when it is not there yet (the data directory's
     * {@code sessions.git}).
     */
    public static GitSessions openOrCreateBare(Path path) {
        try {
            if (!Files.exists(path.resolve("HEAD"))) {
                Files.createDirectories(path);
                // No fsync keys written to its config: set in memory on every open (git's own tools warn of them).
                Git.init().setBare(true).setDirectory(path.toFile()).setInitialBranch("main").call().close();
            }
            GitSessions opened = open(path);
            opened.ownRepository = true;
            return opened;
        } catch (IOException | GitAPIException e) {
            throw new SessionRepositoryException("Cannot create the session repository " + path + ": "
                    + reason(e), true, e);
        }
    }

    /**
     * The repository the user named: bare, or a work tree with its {@code .git} (which is used without touching
     * the work tree, the index or HEAD).
     */
    public static GitSessions open(Path path) {
        Path gitDir = Files.isDirectory(path.resolve(".git")) ? path.resolve(".git") : path;
        if (!Files.isDirectory(path)) {
            throw new SessionRepositoryException("There is no repository at " + path, false);
        }
        if (!Files.exists(gitDir.resolve("HEAD")) || !Files.isDirectory(gitDir.resolve("objects"))) {
            throw new SessionRepositoryException(path + " is not a git repository (no HEAD and objects in it or in"
                    + " its .git)", false);
        }
        try {
            Repository repository = new FileRepositoryBuilder().setGitDir(gitDir.toFile()).setMustExist(true).build();
            return new GitSessions(repository, path);
        } catch (IOException | RuntimeException e) {
            throw new SessionRepositoryException("Cannot open the repository " + path + ": " + reason(e), false, e);
        }
    }

    public Path location() {
        return location;
    }

    /** The commit {@code branch} points at, if it exists. */
    public Optional<String> tip(String branch) {
        try {
            Ref ref = repository.exactRef(HEADS + requireSessionBranch(branch).substring(BRANCH_PREFIX.length()));
            return ref == null ? Optional.empty() : Optional.of(ref.getObjectId().name());
        } catch (IOException e) {
            throw new SessionRepositoryException("Cannot read the repository " + location + ": " + reason(e), false, e);
        }
    }

    /**
     * Commits {@code files} on {@code branch} on top of {@code expectedTip} (none: the branch is new) and moves
     * the branch there only if it still points at {@code expectedTip}.
     *
     * @return the new commit's id
     * @throws dev.workshop.session.HoldConflictException when the branch moved meanwhile; nothing was changed
     * @throws SessionRepositoryException when the repository cannot be written
     */
    public String commit(String branch, Optional<String> expectedTip, HeldSessionJson.Files files, String message,
                         Instant when) {
        String ref = HEADS + requireSessionBranch(branch).substring(BRANCH_PREFIX.length());
        ObjectId commit;
        try (ObjectInserter inserter = repository.newObjectInserter()) {
            TreeFormatter folder = new TreeFormatter();
            // A tree lists its entries by name: elements.jsonl, events.jsonl, then session.json.
            if (files.elementsJsonl() != null) {
                folder.append("elements.jsonl", FileMode.REGULAR_FILE,
                        inserter.insert(Constants.OBJ_BLOB, files.elementsJsonl()));
            }
            folder.append("events.jsonl", FileMode.REGULAR_FILE,
                    inserter.insert(Constants.OBJ_BLOB, files.eventsJsonl()));
            folder.append("session.json", FileMode.REGULAR_FILE,
                    inserter.insert(Constants.OBJ_BLOB, files.sessionJson()));
            TreeFormatter root = new TreeFormatter();
            root.append(".workshop", FileMode.TREE, inserter.insert(folder));
            CommitBuilder builder = new CommitBuilder();
            builder.setTreeId(inserter.insert(root));
            expectedTip.ifPresent(parent -> builder.setParentId(ObjectId.fromString(parent)));
            PersonIdent who = author(when);
            builder.setAuthor(who);
            builder.setCommitter(who);
            builder.setEncoding(StandardCharsets.UTF_8);
            builder.setMessage(message);
            commit = inserter.insert(builder);
            inserter.flush();
        } catch (IOException e) {
            throw new SessionRepositoryException("Cannot write to the repository " + location + ": " + reason(e),
                    true, e);
        }
        moves.move(ref, expectedTip, commit.name(), branch);
        return commit.name();
    }

    /** Puts {@code branch} back from {@code from} to {@code to} (none: deletes it), if nobody moved it meanwhile. */
    public void rollBack(String branch, String from, Optional<String> to) {
        String ref = HEADS + requireSessionBranch(branch).substring(BRANCH_PREFIX.length());
        try {
            RefUpdate update = repository.updateRef(ref);
            update.setExpectedOldObjectId(ObjectId.fromString(from));
            update.setForceUpdate(true);
            if (to.isEmpty()) {
                update.delete();
            } else {
                update.setNewObjectId(ObjectId.fromString(to.get()));
                update.update();
            }
        } catch (IOException e) {
            throw new SessionRepositoryException("Cannot put branch " + branch + " back in " + location + ": "
                    + reason(e), true, e);
        }
    }

    /** The author of a hold: the repository's (or the user's git) name and e-mail when set, else Workshop. */
    private PersonIdent author(Instant when) {
        String name = repository.getConfig().getString("user", null, "name");
        String email = repository.getConfig().getString("user", null, "email");
        return new PersonIdent(name == null || name.isBlank() ? "Workshop" : name,
                email == null || email.isBlank() ? "workshop@localhost" : email, when, ZoneOffset.UTC);
    }

    /** The files of a held session at {@code commit}; a file that is not there is null. */
    public HeldSessionJson.Files read(String commit) {
        try (RevWalk walk = new RevWalk(repository)) {
            RevCommit parsed = walk.parseCommit(ObjectId.fromString(commit));
            return new HeldSessionJson.Files(file(parsed, HeldSessionJson.SESSION_FILE),
                    file(parsed, HeldSessionJson.EVENTS_FILE), file(parsed, dev.workshop.session.HeldElements.FILE));
        } catch (IOException e) {
            throw new SessionRepositoryException("Cannot read commit " + commit + " in " + location + ": " + reason(e),
                    false, e);
        }
    }

    private byte[] file(RevCommit commit, String path) throws IOException {
        try (TreeWalk walk = TreeWalk.forPath(repository, path, commit.getTree())) {
            return walk == null ? null : repository.open(walk.getObjectId(0), Constants.OBJ_BLOB).getBytes();
        }
    }

    /** The held sessions' branches of this repository, by name. */
    public List<Branch> branches() {
        return branches(HEADS, BRANCH_PREFIX);
    }

    /** The held sessions' branches last fetched from {@code url} ({@link #fetch}), by name. */
    public List<Branch> fetchedBranches(String url) {
        return branches(FETCHED + remoteFolder(url) + "/", BRANCH_PREFIX);
    }

    private List<Branch> branches(String prefix, String namePrefix) {
        List<Branch> found = new ArrayList<>();
        try (RevWalk walk = new RevWalk(repository)) {
            for (Ref ref : repository.getRefDatabase().getRefsByPrefix(prefix)) {
                RevCommit commit = walk.parseCommit(ref.getObjectId());
                found.add(new Branch(namePrefix + ref.getName().substring(prefix.length()), ref.getName(),
                        commit.name(), commit.getCommitterIdent().getWhenAsInstant()));
            }
        } catch (IOException e) {
            throw new SessionRepositoryException("Cannot list the branches of " + location + ": " + reason(e), false, e);
        }
        found.sort(java.util.Comparator.comparing(Branch::name));
        return found;
    }

    /**
     * Pushes {@code branch} to {@code url} as a fast-forward only: a remote branch with commits this one has not is
     * left as it is, and the refusal says so.
     */
    public void push(String url, String branch) {
        String ref = HEADS + requireSessionBranch(branch).substring(BRANCH_PREFIX.length());
        try (Git git = Git.wrap(repository)) {
            Iterable<PushResult> results = git.push().setRemote(url).setRefSpecs(new RefSpec(ref + ":" + ref))
                    .setForce(false).call();
            for (PushResult result : results) {
                for (RemoteRefUpdate update : result.getRemoteUpdates()) {
                    switch (update.getStatus()) {
                        case OK, UP_TO_DATE -> {
                        }
                        case REJECTED_NONFASTFORWARD, REJECTED_REMOTE_CHANGED -> throw new dev.workshop.session
                                .HoldConflictException("Branch " + branch + " at " + url + " has commits this one"
                                + " has not (the session was held there from elsewhere): it was not pushed, and"
                                + " never is by force; re-inflate it from there, or fork this one");
                        default -> throw new SessionRepositoryException("Pushing branch " + branch + " to " + url
                                + " was refused (" + update.getStatus() + (update.getMessage() == null ? ""
                                : ": " + update.getMessage()) + ")", true);
                    }
                }
            }
        } catch (org.eclipse.jgit.api.errors.InvalidRemoteException e) {
            throw new SessionRepositoryException("Cannot reach " + url + ": there is no repository there", false, e);
        } catch (TransportException e) {
            throw new SessionRepositoryException("Cannot reach " + url + ": " + reason(e), false, e);
        } catch (GitAPIException | RuntimeException e) {
            if (e instanceof dev.workshop.session.HoldConflictException || e instanceof SessionRepositoryException) {
                throw (RuntimeException) e;
            }
            throw new SessionRepositoryException("Cannot push branch " + branch + " to " + url + ": " + reason(e),
                    false, e);
        }
    }

    /**
     * Makes this repository's {@code branch} the fetched {@code commit} when it has no such branch yet, or moves it
     * there when that is a fast-forward: a session re-inflated from a remote is held again on top of the remote's
     * commits, so that pushing it back is a fast-forward. A branch here that went another way is left as it is.
     */
    public void follow(String branch, String commit) {
        String ref = HEADS + requireSessionBranch(branch).substring(BRANCH_PREFIX.length());
        try (RevWalk walk = new RevWalk(repository)) {
            Ref here = repository.exactRef(ref);
            RevCommit fetched = walk.parseCommit(ObjectId.fromString(commit));
            if (here != null && (here.getObjectId().equals(fetched)
                    || !walk.isMergedInto(walk.parseCommit(here.getObjectId()), fetched))) {
                return;
            }
            moves.move(ref, Optional.ofNullable(here).map(found -> found.getObjectId().name()), commit, branch);
        } catch (IOException e) {
            throw new SessionRepositoryException("Cannot update branch " + branch + " in " + location + ": "
                    + reason(e), true, e);
        }
    }

    /** Fetches the held sessions' branches of {@code url}, kept apart from this repository's own. */
    public void fetch(String url) {
        try (Git git = Git.wrap(repository)) {
            new URIish(url);
            String target = FETCHED + remoteFolder(url) + "/";
            FetchResult ignored = git.fetch().setRemote(url)
                    .setRefSpecs(new RefSpec("+" + HEADS + "*:" + target + "*")).setRemoveDeletedRefs(true).call();
        } catch (URISyntaxException e) {
            throw new SessionRepositoryException("'" + url + "' is not a repository URL", false, e);
        } catch (org.eclipse.jgit.api.errors.InvalidRemoteException e) {
            throw new SessionRepositoryException("Cannot reach " + url + ": there is no repository there", false, e);
        } catch (TransportException e) {
            throw new SessionRepositoryException("Cannot reach " + url + ": " + reason(e), false, e);
        } catch (GitAPIException | RuntimeException e) {
            throw new SessionRepositoryException("Cannot fetch from " + url + ": " + reason(e), false, e);
        }
    }

    /** A folder name for a remote URL: the URL's hash, so that any URL fits a ref name. */
    private static String remoteFolder(String url) {
        return HeldSessionJson.sha256(url.getBytes(StandardCharsets.UTF_8)).substring(0, 16);
    }

    private static String requireSessionBranch(String branch) {
        if (!branch.startsWith(BRANCH_PREFIX) || !Repository.isValidRefName(Constants.R_HEADS + branch)) {
            throw new IllegalArgumentException("'" + branch + "' is not a held session's branch (they are named "
                    + BRANCH_PREFIX + "NAME-ID)");
        }
        return branch;
    }

    static String reason(Exception e) {
        String message = e.getMessage();
        Throwable cause = e.getCause();
        while ((message == null || message.isBlank()) && cause != null) {
            message = cause.getMessage();
            cause = cause.getCause();
        }
        return message == null ? e.getClass().getSimpleName() : message;
    }

    /**
     * Deletes every held session branch, and every copy fetched from a remote, whose conversation {@code erased}
     * names by id (an erase); expires their reflogs and prunes what only they reached, so the objects are gone from
     * the repository, not only from its list. How many branches. What was pushed elsewhere is not reached.
     */
    public int erase(java.util.function.Predicate<String> erased) {
        try {
            List<Ref> doomed = new ArrayList<>();
            for (Ref ref : repository.getRefDatabase().getRefsByPrefix(HEADS)) {
                heldId(ref).filter(erased).ifPresent(id -> doomed.add(ref));
            }
            for (Ref ref : repository.getRefDatabase().getRefsByPrefix(FETCHED)) {
                heldId(ref).filter(erased).ifPresent(id -> doomed.add(ref));
            }
            for (Ref ref : doomed) {
                RefUpdate update = repository.updateRef(ref.getName());
                update.setForceUpdate(true);
                update.delete();
                Files.deleteIfExists(repository.getDirectory().toPath().resolve("logs").resolve(ref.getName()));
            }
            if (!doomed.isEmpty()) {
                // Unreachable objects go at once, loose or in packs (a fetch writes a pack, which git keeps an hour
                // after it is no longer needed by default): set in memory only, for this collection.
                StoredConfig config = repository.getConfig();
                config.setString(ConfigConstants.CONFIG_GC_SECTION, null, ConfigConstants.CONFIG_KEY_PRUNEPACKEXPIRE,
                        "now");
                Git.wrap(repository).gc().setExpire(java.util.Date.from(Instant.now().plusSeconds(1))).call();
            }
            return doomed.size();
        } catch (IOException | GitAPIException e) {
            throw new SessionRepositoryException("Cannot erase held sessions in " + location + ": " + reason(e), true, e);
        }
    }

    private Optional<String> heldId(Ref ref) {
        try {
            HeldSessionJson.Files files = read(ref.getObjectId().name());
            return Optional.of(HeldSessionJson.read(files, ref.getName()).id().value());
        } catch (RuntimeException notAHeldSession) {
            return Optional.empty();
        }
    }

    @Override
    public void close() {
        repository.close();
    }
}
