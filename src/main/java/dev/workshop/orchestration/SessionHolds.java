package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.session.HeldSession;
import dev.workshop.domain.element.ElementState;
import dev.workshop.session.HeldElements;
import dev.workshop.session.HeldSessionJson;
import dev.workshop.session.HoldConflictException;
import dev.workshop.session.InvalidSnapshotException;
import dev.workshop.session.SessionRepositoryException;
import dev.workshop.session.git.GitSessions;
import dev.workshop.store.AgentCatalog;
import dev.workshop.store.ConversationStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.LinkedHashMap;
import java.util.HashSet;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Sessions in git (seed 001): Hold writes a conversation's whole durable state to its own branch and parks it;
 * Re-inflate brings a held session back, here or in another data directory, paused exactly where it was held;
 * a fork can be held on a branch of its own.
 *
 * <p>A hold commits the history with its "held" mark as the last event, reads the commit back and compares it
 * with the conversation before it records that mark here, with the same seq and time: a held conversation's log
 * and its branch are then the same history, so a later re-inflation can tell "the same", "went on elsewhere"
 * (brought in) and "went on differently" (refused; a fork is offered) by comparing histories alone. A
 * {@code kill -9} at any moment leaves the branch at the old commit or the new one, and the conversation held
 * with that commit or not held; holding again finishes a hold cut after its commit.
 */
public final class SessionHolds {
    /** How long a hold waits for a running turn to be cut. */
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

    private final ConversationStore store;
    private final TenantId team;
    private final AgentCatalog agents;
    private final ConversationEngine bridge;
    private final SceneKeeper scene;
    private final Path defaultRepository;
    private final Clock clock;
    /** One hold or re-inflation of a conversation at a time in this process; others wait their turn. */
    private final ConcurrentHashMap<ConversationId, ReentrantLock> locks = new ConcurrentHashMap<>();
    private final Reinflation reinflation;
    /** When a conversation was erased for good (docs/decisions/0031): nothing of it comes back from a branch. */
    private java.util.function.Function<String, Optional<java.time.Instant>> erasedOn = id -> Optional.empty();

    public SessionHolds(ConversationStore store, TenantId team, AgentCatalog agents, ConversationEngine bridge,
                        SceneKeeper scene, Path dataDirectory, Clock clock) {
        this.store = store;
        this.team = team;
        this.agents = agents;
        this.bridge = bridge;
        this.scene = scene;
        this.defaultRepository = dataDirectory.resolve("sessions.git");
        this.clock = clock;
        this.reinflation = new Reinflation(store, team, agents, bridge, scene, clock);
    }

    /** Keeps the conversations {@code erasedOn} knows out: refused on re-inflation, fetched copies taken out again. */
    public SessionHolds keepingOutErased(java.util.function.Function<String, Optional<java.time.Instant>> erased) {
        this.erasedOn = erased;
        return this;
    }

    /** Why a held conversation takes no turn, message or resume here, and what goes on with it. */
    static String heldHint(ConversationState state) {
        return "Conversation " + state.id() + " is held" + (state.statusReason().isEmpty() ? "" : " ("
                + state.statusReason() + ")") + "; re-inflate it to continue ('workshop reinflate " + state.id()
                + "', or Re-inflate in the app)";
    }

    /** The repository sessions are held in when the user names none. */
    public Path defaultRepository() {
        return defaultRepository;
    }

    /**
     * Holds the conversation: stops its loop (a turn being asked is cut and asked again after re-inflation),
     * commits its history and state to its branch, reads the commit back, pushes it when a remote is given, and
     * marks the conversation held. Any failure leaves the conversation as it was (a stopped loop goes on again).
     *
     * @throws IllegalArgumentException for an unknown or deleted conversation
     * @throws HoldConflictException    when the branch moved meanwhile or holds another continuation
     * @throws SessionRepositoryException when the repository cannot be opened, written or reached
     */
    public HoldOutcome hold(ConversationId id, SessionLocation where, Optional<String> message) {
        ReentrantLock lock = locks.computeIfAbsent(id, key -> new ReentrantLock());
        lock.lock();
        try {
            requireHoldable(id);
            boolean wasRunning;
            try {
                wasRunning = bridge.stopToHold(id, STOP_TIMEOUT);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Holding conversation " + id + " was interrupted; it was not held", e);
            }
            try {
                return holdStopped(id, where, message);
            } catch (RuntimeException e) {
                if (wasRunning) {
                    goOnAfterFailedHold(id, e);
                }
                throw e;
            }
        } finally {
            lock.unlock();
        }
    }

    private ConversationState requireHoldable(ConversationId id) {
        return store.state(team, id).filter(state -> !state.deleted())
                .orElseThrow(() -> new IllegalArgumentException("No conversation with id " + id));
    }

    private HoldOutcome holdStopped(ConversationId id, SessionLocation where, Optional<String> message) {
        ConversationState state = requireHoldable(id);
        List<RecordedEvent> history = store.history(team, id);
        boolean heldAlready = state.status() == ConversationStatus.HELD;
        try (GitSessions repository = openForWriting(where)) {
            String branch = branchOf(repository, state);
            Optional<String> tip = repository.tip(branch);
            Optional<HeldSession> atTip = tip.map(commit -> HeldSessionJson.read(repository.read(commit), branch));
            Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
            List<RecordedEvent> toCommit = heldAlready ? history : withHeldMark(history, branch, now);
            String commit;
            boolean committed;
            if (atTip.isPresent() && atTip.get().history().equals(toCommit)) {
                commit = tip.orElseThrow();
                committed = false;
            } else if (atTip.isPresent() && !heldAlready && isHoldOf(atTip.get().history(), history)) {
                // A hold cut after its commit (kill -9, power loss): the branch has it; record the same mark here.
                toCommit = atTip.get().history();
                commit = tip.orElseThrow();
                committed = false;
            } else {
                if (atTip.isPresent() && !Histories.startsWith(toCommit, atTip.get().history())) {
                    throw new HoldConflictException("Branch " + branch + " in " + repository.location() + " holds"
                            + " another continuation of this conversation (it went on elsewhere after turn "
                            + Histories.commonTurns(atTip.get().history(), toCommit) + "); nothing was committed. Re-inflate it"
                            + " to take that one, or fork this one to hold it on a branch of its own");
                }
                HeldSession session = HeldSession.of(team, toCommit, agents::find, scene.current(), now);
                HeldSessionJson.Files files = HeldSessionJson.write(session)
                        .withElements(HeldElements.write(heldElements(state)));
                commit = repository.commit(branch, tip, files, commitMessage(state, message), now);
                committed = true;
                requireReadBack(repository, branch, tip, commit, toCommit);
            }
            Optional<String> pushedTo = where.remote();
            pushedTo.ifPresent(url -> repository.push(url, branch));
            if (!heldAlready) {
                store.adopt(team, id, state.version(), List.of(toCommit.getLast()));
            }
            ConversationState after = store.state(team, id).orElseThrow();
            bridge.publish(new LoopEvent.Ended(id, Transcript.of(toCommit).turnNumber(), clock.instant(), after));
            return new HoldOutcome(id, after.title(), branch, commit, repository.location(), committed, pushedTo,
                    after.turnCount());
        }
    }

    /** The elements a held session carries: the placed ones, and its agents' inboxes and memories. */
    private Map<ConversationId, List<RecordedEvent>> heldElements(ConversationState state) {
        Set<String> members = new HashSet<>();
        state.participants().forEach(member -> members.add(member.agentId().value()));
        Map<ConversationId, List<RecordedEvent>> held = new LinkedHashMap<>();
        for (ElementState element : bridge.elements().environment().elements()) {
            if (!element.kind().ownedByAnAgent() || element.owner().filter(members::contains).isPresent()) {
                ConversationId stream = new ConversationId(element.id());
                held.put(stream, store.history(team, stream));
            }
        }
        return held;
    }

    /**
     * Brings in the held elements this team lacks, and what they had that this team's do not; an element that went
     * on differently here keeps its own history (elements are the team's, not the session's).
     */
    private void bringInElements(Map<ConversationId, List<RecordedEvent>> held) {
        held.forEach((element, events) -> {
            List<RecordedEvent> here = store.history(team, element);
            if (here.size() < events.size() && Histories.startsWith(events, here)) {
                store.adopt(team, element, here.size(), events.subList(here.size(), events.size()));
            }
        });
    }

    /** The history with the held mark after it, as both the branch and the log will hold it. */
    private List<RecordedEvent> withHeldMark(List<RecordedEvent> history, String branch, Instant at) {
        List<RecordedEvent> marked = new ArrayList<>(history);
        RecordedEvent last = history.getLast();
        marked.add(new RecordedEvent(team, last.conversationId(), last.seq() + 1, at,
                new StatusChanged(ConversationStatus.HELD, StatusCause.HELD, "Held on branch " + branch)));
        return marked;
    }

    /** Whether {@code there} is {@code here} and a held mark: a hold whose mark was not recorded here. */
    private static boolean isHoldOf(List<RecordedEvent> there, List<RecordedEvent> here) {
        return there.size() == here.size() + 1 && Histories.startsWith(there, here)
                && there.getLast().event().holds();
    }

    /** Save-then-reload: what the commit holds folds to what was meant, or the branch is put back. */
    private void requireReadBack(GitSessions repository, String branch, Optional<String> tip, String commit,
                                 List<RecordedEvent> meant) {
        String problem;
        try {
            HeldSession back = HeldSessionJson.read(repository.read(commit), branch);
            ConversationState expected = ConversationState.replay(meant.getFirst().conversationId(), meant);
            problem = !back.history().equals(meant) ? "its history differs from the conversation's"
                    : !back.state().equals(expected) ? "it folds to another state than the conversation's" : null;
        } catch (RuntimeException e) {
            problem = e.getMessage();
        }
        if (problem != null) {
            repository.rollBack(branch, commit, tip);
            throw new IllegalStateException("The hold was read back from " + repository.location() + " and "
                    + problem + "; branch " + branch + " was put back and nothing was held");
        }
    }

    private static String commitMessage(ConversationState state, Optional<String> message) {
        String summary = "Hold: " + state.title() + " (" + state.turnCount() + (state.turnCount() == 1 ? " turn"
                : " turns") + ")";
        return message.map(String::strip).filter(text -> !text.isEmpty()).map(text -> text + "\n\n" + summary)
                .orElse(summary) + "\n\nWorkshop-Session: " + state.id().value() + "\n";
    }

    /** The branch that holds this conversation already in {@code repository}, or a new name for it. */
    private String branchOf(GitSessions repository, ConversationState state) {
        String suffix = "-" + state.id().value().substring(0, Math.min(8, state.id().value().length()));
        for (GitSessions.Branch branch : repository.branches()) {
            if (branch.name().endsWith(suffix) && HeldBranches.idAt(repository, branch).filter(state.id().value()::equals).isPresent()) {
                return branch.name();
            }
        }
        return GitSessions.BRANCH_PREFIX + branchSlug(state.title()) + suffix;
    }

    /** A title as a branch name: ASCII (branch names travel through tools that mangle the rest), and short. */
    private static String branchSlug(String title) {
        String slug = ConversationExport.asciiSlug(title);
        return slug.length() > 40 ? slug.substring(0, 40).replaceAll("-+$", "") : slug;
    }

    private void goOnAfterFailedHold(ConversationId id, RuntimeException why) {
        try {
            bridge.resume(id);
        } catch (RuntimeException cannot) {
            why.addSuppressed(cannot);
        }
    }

    private GitSessions openForWriting(SessionLocation where) {
        return where.repository().map(GitSessions::open).orElseGet(() -> GitSessions.openOrCreateBare(defaultRepository));
    }

    /** The repository to read: the one named, the remote fetched into the default one, or the default one. */
    /** What was erased here stays out of this data directory, even as a copy fetched from another repository. */
    private void keepOutErased(GitSessions repository, SessionLocation where) {
        if (where.remote().isPresent()) {
            repository.erase(id -> erasedOn.apply(id).isPresent());
        }
    }

    private GitSessions openForReading(SessionLocation where) {
        if (where.remote().isPresent()) {
            GitSessions repository = GitSessions.openOrCreateBare(defaultRepository);
            try {
                repository.fetch(where.remote().get());
            } catch (RuntimeException e) {
                repository.close();
                throw e;
            }
            return repository;
        }
        if (where.repository().isEmpty() && !Files.exists(defaultRepository.resolve("HEAD"))) {
            throw new SessionRepositoryException("No session has been held in " + defaultRepository + " yet", false);
        }
        return where.repository().map(GitSessions::open).orElseGet(() -> GitSessions.open(defaultRepository));
    }

    private static List<GitSessions.Branch> branchesOf(GitSessions repository, SessionLocation where) {
        return where.remote().map(repository::fetchedBranches).orElseGet(repository::branches);
    }

    /** The held sessions in {@code where}, by branch name. */
    public List<HeldEntry> held(SessionLocation where) {
        try (GitSessions repository = openForReading(where)) {
            keepOutErased(repository, where);
            List<HeldEntry> entries = new ArrayList<>();
            for (GitSessions.Branch branch : branchesOf(repository, where)) {
                try {
                    HeldSession session = HeldSessionJson.read(repository.read(branch.commit()), branch.name());
                    ConversationState state = session.state();
                    entries.add(new HeldEntry(branch.name(), branch.commit(), session.heldAt(), session.id().value(),
                            state.title(), state.participants().stream().map(p -> p.name()).toList(),
                            state.turnCount(), Optional.empty()));
                } catch (InvalidSnapshotException e) {
                    entries.add(new HeldEntry(branch.name(), branch.commit(), branch.committedAt(), "", "", List.of(),
                            0, Optional.of(e.getMessage())));
                }
            }
            return entries;
        }
    }

    /**
     * Brings a held session back into this data directory, paused where it was held, its agents placed on the
     * canvas as they were laid out.
     *
     * @param branchOrId a branch name (with or without {@code workshop/}) or a session id or its start
     * @param asFork     make it a new conversation, the one here having gone on differently
     * @param addAgents  add back the agents the session carries definitions of and this directory has not
     * @throws IllegalArgumentException for an unknown or ambiguous branch or id
     * @throws InvalidSnapshotException for a branch whose files are missing, damaged or of a newer format
     * @throws IllegalStateException    when the conversation here went on differently (and {@code asFork} is off)
     */
    public Reinflated reinflate(String branchOrId, SessionLocation where, boolean asFork, boolean addAgents) {
        HeldSession session;
        GitSessions.Branch branch;
        HeldSessionJson.Files files;
        try (GitSessions repository = openForReading(where)) {
            try {
                branch = HeldBranches.find(repository, branchesOf(repository, where), branchOrId, where);
                files = repository.read(branch.commit());
                session = HeldSessionJson.read(files, branch.name());
                Optional<java.time.Instant> erased = erasedOn.apply(session.id().value());
                if (erased.isPresent()) {
                    throw new dev.workshop.store.ConversationErasedException(erased.get());
                }
                if (where.remote().isPresent()) {
                    // Held again later, it goes on top of the remote's commit: pushing it back is a fast-forward.
                    repository.follow(branch.name(), branch.commit());
                }
            } finally {
                keepOutErased(repository, where);
            }
        }
        if (!session.team().equals(team)) {
            throw new TeamMismatchException(session.id(), session.team(), team);
        }
        ReentrantLock lock = locks.computeIfAbsent(session.id(), key -> new ReentrantLock());
        lock.lock();
        try {
            // The elements first: the conversation may go on at once, and its agents act on them.
            bringInElements(HeldElements.read(files.elementsJsonl(), team, branch.name()));
            return reinflation.reinflate(session, branch, asFork, addAgents);
        } finally {
            lock.unlock();
        }
    }

    /** Forks {@code source} at a turn and holds the fork on a branch of its own (its session names its parent). */
    public HoldOutcome forkAndHold(ConversationId source, int throughTurn, SessionLocation where) {
        RestoredSession fork = bridge.fork(source, throughTurn);
        return hold(fork.id(), where, Optional.of("Fork of " + source + " at turn " + (throughTurn + 1)));
    }
}
