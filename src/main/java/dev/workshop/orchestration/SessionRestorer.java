package dev.workshop.orchestration;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationRules;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.Rotation;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.session.InvalidSnapshotException;
import dev.workshop.session.SessionSnapshot;
import dev.workshop.session.SnapshotFolder;
import dev.workshop.store.AgentCatalog;
import dev.workshop.store.ConversationStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Restores one conversation by id for the current team (seed 003): from the team's log, else from its
 * snapshot file (older schemas migrated, then recorded in the log); refuses an unknown id or another team's
 * conversation with a message naming both; warns about speakers no longer in the team; and leaves the
 * conversation paused ("ready-idle"): no loop runs until the human sends a message or resumes it.
 */
final class SessionRestorer {
    private final ConversationStore store;
    private final TenantId team;
    private final AgentCatalog agents;
    private final Optional<SnapshotFolder> snapshots;
    private final Consumer<LoopEvent> publish;
    private final Clock clock;
    private final Predicate<ConversationId> running;

    SessionRestorer(ConversationStore store, TenantId team, AgentCatalog agents, Optional<SnapshotFolder> snapshots,
                    Consumer<LoopEvent> publish, Clock clock, Predicate<ConversationId> running) {
        this.running = running;
        this.store = store;
        this.team = team;
        this.agents = agents;
        this.snapshots = snapshots;
        this.publish = publish;
        this.clock = clock;
    }

    RestoredSession restore(ConversationId id) {
        boolean imported = false;
        if (store.state(team, id).filter(ConversationState::deleted).isPresent()) {
            throw new IllegalArgumentException("Conversation " + id + " was deleted; Recently deleted in the"
                    + " app, or 'workshop undelete " + id + "', brings it back");
        }
        if (store.state(team, id).filter(state -> state.status() == ConversationStatus.HELD).isPresent()) {
            throw new IllegalStateException(SessionHolds.heldHint(store.state(team, id).orElseThrow()));
        }
        if (store.state(team, id).isEmpty()) {
            requireNotAnotherTeams(id);
            SessionSnapshot snapshot = snapshots.flatMap(folder -> folder.load(team, id))
                    .orElseThrow(() -> notFound(id));
            if (!snapshot.sessionId().equals(id.value())) {
                throw new InvalidSnapshotException("Invalid session snapshot " + snapshots.orElseThrow().fileOf(team, id)
                        + ": it holds session '" + snapshot.sessionId() + "', not '" + id + "'");
            }
            record(id, snapshot);
            imported = true;
        }
        return pause(id, imported, Optional.empty(), StatusCause.RESTORED);
    }

    /**
     * Restores the conversation a snapshot or export file holds (any schema this version reads): recorded in
     * this team's log, then paused as any restore. An import adds and never overwrites: when a conversation
     * with its id is stored already, the file's conversation is recorded as a copy under a new id.
     */
    RestoredSession restoreFrom(Path file) {
        SessionSnapshot snapshot = SnapshotFolder.read(file, team);
        ConversationId id;
        try {
            id = new ConversationId(snapshot.sessionId());
        } catch (IllegalArgumentException e) {
            throw new InvalidSnapshotException("Invalid session snapshot " + file + ": its id " + e.getMessage(), e);
        }
        if (!SnapshotFolder.canName(id)) {
            throw new InvalidSnapshotException("Invalid session snapshot " + file + ": its id '" + id + "' may hold"
                    + " only letters, digits, '.', '-' and '_'");
        }
        boolean taken = store.tenantOf(id).isPresent();
        ConversationId target = taken ? ConversationId.random() : id;
        // Marked as imported, from which file: it must not read as the conversation it was exported from.
        Path name = file.getFileName();
        record(target, snapshot, new ConversationEvent.Imported(name == null ? "" : name.toString()));
        ConversationState state = store.state(team, target).orElseThrow();
        if (state.status().isFinal()) {
            // Ended: nothing to pause, but it says it was imported until it is followed up.
            store.append(team, target, state.version(),
                    List.of(new StatusChanged(state.status(), StatusCause.IMPORTED, Reasons.IMPORTED_ENDED)));
        }
        return pause(target, true, taken ? Optional.of(id) : Optional.empty(), StatusCause.IMPORTED);
    }

    /**
     * A new conversation holding {@code source}'s messages up to and including {@code throughTurn}: the same
     * members, task and turn limit, titled after its source, paused on the turn after that message (ended, open
     * to a follow-up, when that message took the last turn). The source is read, never changed, so it may
     * be running.
     */
    RestoredSession fork(ConversationId source, int throughTurn) {
        ConversationState state = store.state(team, source).filter(found -> !found.deleted())
                .orElseThrow(() -> new IllegalArgumentException("No conversation with id " + source));
        SessionSnapshot whole = SessionSnapshot.of(team, state, store.history(team, source));
        if (whole.messages().isEmpty()) {
            throw new IllegalArgumentException("Conversation " + source + " has no messages to fork from yet");
        }
        if (throughTurn < 0 || throughTurn >= whole.messages().size()) {
            throw new IllegalArgumentException("Conversation " + source + " has no turn " + (throughTurn + 1)
                    + " to fork from (it has " + whole.messages().size() + ")");
        }
        int maxTurns = state.maxTurns() > 0 ? state.maxTurns() : Integer.MAX_VALUE;
        boolean lastTurn = throughTurn + 1 >= maxTurns;
        ConversationId target = ConversationId.random();
        SessionSnapshot fork = new SessionSnapshot(SessionSnapshot.SCHEMA_VERSION, target.value(), team,
                whole.kind(), lastTurn ? ConversationStatus.COMPLETED : ConversationStatus.WAITING,
                lastTurn ? Reasons.FORKED_AT_THE_END : "", whole.members(), whole.taskPrompt(), whole.maxTurns(),
                whole.messages().subList(0, throughTurn + 1), clock.instant(), clock.instant(),
                forkTitle(state.title(), throughTurn));
        // One append, as an import is, with where it came from recorded before the messages copied.
        List<ConversationEvent> events = new ArrayList<>(fork.toEvents());
        events.add(1, new ConversationEvent.Forked(source, throughTurn));
        store.append(team, target, 0, events);
        return pause(target, false, Optional.empty(), StatusCause.FORKED);
    }

    /** "Cat names (fork at turn 3)", the source's part shortened so that the whole fits in a title. */
    private static String forkTitle(String source, int throughTurn) {
        String suffix = " (fork at turn " + (throughTurn + 1) + ")";
        int room = ConversationRules.MAX_TITLE_CHARS - suffix.length();
        return (source.length() > room ? source.substring(0, room - 1).strip() + "…" : source) + suffix;
    }

    /** Records the snapshot's conversation under {@code id}, {@code origin} (if any) before its messages. */
    private void record(ConversationId id, SessionSnapshot snapshot, ConversationEvent... origin) {
        if (!snapshot.team().equals(team)) {
            throw new TeamMismatchException(new ConversationId(snapshot.sessionId()), snapshot.team(), team);
        }
        List<ConversationEvent> events = new ArrayList<>(snapshot.toEvents());
        events.addAll(1, List.of(origin));
        // One append: the whole conversation is in the log, or none of it.
        store.append(team, id, 0, events);
    }

    private RestoredSession pause(ConversationId id, boolean imported, Optional<ConversationId> copyOf,
                                  StatusCause cause) {
        if (running.test(id)) {
            throw new IllegalStateException("Conversation " + id + " is running; only a stopped one can be restored");
        }
        ConversationState state = store.state(team, id).orElseThrow();
        List<RecordedEvent> history = store.history(team, id);
        if (!state.status().isFinal() && !isPaused(state)) {
            store.append(team, id, state.version(), List.of(Reasons.change(ConversationStatus.WAITING, cause)));
            state = store.state(team, id).orElseThrow();
        }
        int messages = state.turnCount();
        Transcript transcript = Transcript.of(history);
        int turnNumber = transcript.turnNumber();
        publish.accept(new LoopEvent.SessionRestored(id, turnNumber, clock.instant(), messages));
        publish.accept(new LoopEvent.TeamReady(id, turnNumber, clock.instant(), team, true));
        return new RestoredSession(id, messages, state.status(), imported, copyOf, missingMembers(transcript));
    }

    /** Waiting already, for the human's message or for the user to go on after an earlier restore. */
    private static boolean isPaused(ConversationState state) {
        return state.status() == ConversationStatus.WAITING;
    }

    private void requireNotAnotherTeams(ConversationId id) {
        Optional<TenantId> owner = store.tenantOf(id);
        if (owner.isPresent() && !owner.get().equals(team)) {
            throw new TeamMismatchException(id, owner.get(), team);
        }
    }

    private RuntimeException notFound(ConversationId id) {
        List<TenantId> holders = snapshots.map(folder -> folder.teamsHolding(id)).orElse(List.of());
        return holders.isEmpty() ? new SessionNotFoundException(id, team)
                : new TeamMismatchException(id, holders.getFirst(), team);
    }

    /** Names of the agents who spoke in the history but are no longer agents of this team, each once. */
    private List<String> missingMembers(Transcript transcript) {
        Map<AgentId, String> missing = new LinkedHashMap<>();
        for (MessageRecorded message : transcript.messages()) {
            if (!message.speakerId().equals(Participant.HUMAN) && agents.find(message.speakerId()).isEmpty()) {
                missing.putIfAbsent(message.speakerId(), message.speakerName());
            }
        }
        return new ArrayList<>(missing.values());
    }

    /** True when the human continues a restored conversation by resuming it: it is paused on an agent's turn. */
    static boolean pausedOnAnAgentsTurn(ConversationState state) {
        return state.status() == ConversationStatus.WAITING
                && !Rotation.nextSpeaker(state.participants(), state.lastSpeaker()).isHuman();
    }
}
