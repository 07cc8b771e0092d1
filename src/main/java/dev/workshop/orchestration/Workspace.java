package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.Mark;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.retention.ErasureReceipt;
import dev.workshop.gateway.EndpointChecker;
import dev.workshop.gateway.SecretStore;
import dev.workshop.store.AgentCatalog;
import dev.workshop.store.ConversationStore;
import dev.workshop.store.DataDirectory;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * An opened data directory: its lock, its stores and the engine that runs its conversations, for the app
 * and the command line alike. Closing it stops the loops (as interrupted, to be resumed), then closes the
 * stores, then gives the directory back.
 */
public final class Workspace implements AutoCloseable {
    private final DataDirectory directory;
    private final ConversationStore store;
    private final AgentCatalog agents;
    private final ConversationEngine bridge;
    private final TenantId tenant;
    private final List<String> warnings;
    private final SceneKeeper scene;
    private final Drafts drafts;
    private final DataDirectoryWatch watch;
    private final PreferencesKeeper preferences;
    private final EndpointChecker endpoints;
    private final SecretStore secrets;
    private Optional<String> readOnly = Optional.empty();
    private SessionHolds holds;
    private volatile Thread teamDriver;
    private dev.workshop.store.AuditTrail audit = dev.workshop.store.AuditTrail.NONE;
    private AuditRecorder auditRecorder;
    private RetentionJob retention;
    private Erasure erasure;
    private Optional<ErasureReceipt> erasedAtOpen = Optional.empty();
    /** Told once an erase is committed: the app opens the data again, which takes the copies out. */
    private volatile Runnable onErased = () -> { };

    public Workspace(DataDirectory directory, ConversationStore store, AgentCatalog agents, ConversationEngine bridge,
                     SceneKeeper scene, Drafts drafts, DataDirectoryWatch watch, PreferencesKeeper preferences,
                     TenantId tenant, List<String> warnings, EndpointChecker endpoints, SecretStore secrets) {
        this.preferences = preferences;
        this.endpoints = endpoints;
        this.secrets = secrets;
        this.scene = scene;
        this.drafts = drafts;
        this.watch = watch;
        this.directory = directory;
        this.store = store;
        this.agents = agents;
        this.bridge = bridge;
        this.tenant = tenant;
        this.warnings = List.copyOf(warnings);
    }

    /** Keeps the audit trail in {@code trail} from now on: what this workspace's engine records becomes entries. */
    public Workspace keepAudit(dev.workshop.store.AuditTrail trail, String device, String member) {
        audit = trail;
        auditRecorder = new AuditRecorder(trail, device, member,
                failure -> java.util.logging.Logger.getLogger("dev.workshop.audit").warning(failure));
        bridge.subscribe(auditRecorder);
        return this;
    }

    /**
     * Erases through {@code erasure} from now on; {@code finishedAtOpen}: the receipt of an erase this open finished
     * (one asked for before it, or cut short by a crash).
     */
    public Workspace keepErasure(Erasure erasure, Optional<ErasureReceipt> finishedAtOpen) {
        this.erasure = erasure;
        this.erasedAtOpen = finishedAtOpen;
        return this;
    }

    /** When the conversation was erased for good here, or empty. */
    public Optional<java.time.Instant> erasedOn(ConversationId id) {
        return erasure == null ? Optional.empty() : erasure.erasedOn(id.value());
    }

    /** The receipt of the erase this open finished, if it finished one. */
    public Optional<ErasureReceipt> erasedAtOpen() {
        return erasedAtOpen;
    }

    /**
     * Erases these conversations for good: each one running is stopped first, then their tombstones are written —
     * from here on nothing of them is written or shown again. Their copies go when the data is opened next (the
     * app reopens it at once, which finishes the erase and gives its receipt).
     *
     * @throws IllegalStateException when nothing can be erased here (a read-only workspace) or a loop would not stop
     */
    public void erase(java.util.Collection<ConversationId> ids)
            throws InterruptedException {
        if (erasure == null || readOnly.isPresent()) {
            throw new IllegalStateException("Nothing can be erased here" + readOnly.map(why -> ": " + why).orElse(""));
        }
        for (var id : ids) {
            if (store.state(tenant, id).filter(state -> state.is(Mark.LEGAL_HOLD))
                    .isPresent()) {
                throw new IllegalStateException("Conversation " + id + " is under legal hold: release the hold"
                        + " before erasing it; nothing was erased");
            }
        }
        for (var id : ids) {
            if (bridge.isRunning(id)) {
                bridge.delete(id, java.time.Duration.ofSeconds(10));
            }
        }
        erasure.request(ids);
        if (auditRecorder != null) {
            auditRecorder.flush();
        }
        onErased.run();
    }

    /**
     * Puts {@code mark} on the conversation, or takes it off (one event, taken in by a running loop as a rename
     * is); doing what is done already records nothing.
     *
     * @throws IllegalArgumentException for an unknown conversation
     */
    public void mark(ConversationId id, Mark mark,
                     boolean on) {
        for (int attempt = 1; ; attempt++) {
            var state = store.state(tenant, id).orElseThrow(() -> new IllegalArgumentException(
                    "No conversation with id " + id));
            if (state.is(mark) == on) {
                return;
            }
            try {
                // Through the engine's store: the sidebar and the audit trail hear it as any change.
                bridge.recordingStore().append(tenant, id, state.version(), List.of(new dev.workshop.domain
                        .conversation.ConversationEvent.Marked(mark, on)));
                return;
            } catch (dev.workshop.store.ConcurrentAppendException busy) {
                if (attempt == 5) {
                    throw busy;
                }
            }
        }
    }

    /** Hears each erase committed here, after its tombstones are written (the app reopens the data then). */
    public void onErased(Runnable listener) {
        onErased = listener;
    }

    /** Whether an erase was committed whose copies go only when the data is opened again. */
    public boolean erasePending() {
        return erasure != null && erasure.pending();
    }

    /** Applies the retention policy daily from now on ({@link RetentionJob}), the policy read from the settings. */
    public Workspace applyRetentionDaily(java.util.function.Supplier<dev.workshop.domain.retention.RetentionPolicy> policy) {
        retention = new RetentionJob(new Retention(bridge, this::erase), policy, java.time.Clock.systemUTC(),
                java.time.Duration.ofDays(1), told -> java.util.logging.Logger.getLogger("dev.workshop.retention")
                .info(told), () -> store.drive(tenant, RetentionJob.CLAIM));
        return this;
    }

    /** The audit trail: who did what to which conversation, hash-chained ({@code workshop audit}, Activity). */
    public dev.workshop.store.AuditTrail audit() {
        if (auditRecorder != null) {
            auditRecorder.flush();
        }
        return audit;
    }

    /** What was done to one conversation, oldest first (its Activity): the audit trail's entries about it. */
    public java.util.List<dev.workshop.domain.audit.AuditEntry> activity(ConversationId id) {
        return audit().read(Optional.ofNullable(id).map(ConversationId::value),
                Optional.empty());
    }

    /** This workspace, opened only to be read because its data cannot be written, for {@code why}. */
    public Workspace readOnly(String why) {
        readOnly = Optional.of(why);
        return this;
    }

    /** Why the data can only be read, when it was opened so; every change is then refused. */
    public Optional<String> readOnlyReason() {
        return readOnly;
    }

    public Path dataDirectory() {
        return directory.path();
    }

    public ConversationStore store() {
        return store;
    }

    public AgentCatalog agents() {
        return agents;
    }

    /** The agents for the app, which may not reach the store package. */
    public AgentDirectory agentDirectory() {
        return new AgentDirectory(agents, endpoints, secrets);
    }

    public ConversationEngine engine() {
        return bridge;
    }

    /**
     * Team mode (the app on a team server, {@code workshop serve}): about every second, goes on with the team's
     * conversations whose driver is gone, until the workspace closes. Started once.
     */
    public synchronized void driveTeamConversations() {
        if (teamDriver != null) {
            return;
        }
        teamDriver = Thread.ofVirtual().name("team-driver").start(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    Thread.sleep(1000);
                    bridge.driveThoseWithoutADriver(java.time.Duration.ofSeconds(5));
                } catch (InterruptedException closing) {
                    return;
                } catch (RuntimeException away) {
                    // The server is away for a moment: the next round tries again.
                    System.getLogger(Workspace.class.getName()).log(System.Logger.Level.WARNING,
                            "Could not look for conversations to drive: " + away.getMessage());
                }
            }
        });
    }

    /** Hold, re-inflate and list sessions in git (seed 001). */
    public synchronized SessionHolds holds() {
        if (holds == null) {
            holds = new SessionHolds(bridge.recordingStore(), tenant, agents, bridge, scene, directory.path(),
                    java.time.Clock.systemUTC()).keepingOutErased(id -> erasure == null ? Optional.empty()
                    : erasure.erasedOn(id));
        }
        return holds;
    }

    /** The canvas scene: loaded at launch, saved shortly after each change and on close. */
    public SceneKeeper scene() {
        return scene;
    }

    /** The user's unsent messages, one per conversation: kept across switches, restarts and crashes. */
    public Drafts drafts() {
        return drafts;
    }

    /** Tells when the data directory is deleted or moved away while Workshop runs (nothing is saved then). */
    public DataDirectoryWatch directoryWatch() {
        return watch;
    }

    /**
     * Hears once, with the reason, when saving stops for good in this process (the disk refused a write of the
     * journal): running conversations stop as interrupted, and opening the data again goes on from the last
     * saved event once the disk takes writes.
     */
    public void onSavingStopped(java.util.function.Consumer<String> listener) {
        store.onWritesStopped(listener);
    }

    /** The user's preferences: what applies now, and saving new ones (applied at once). */
    public PreferencesKeeper preferences() {
        return preferences;
    }

    public TenantId tenant() {
        return tenant;
    }

    public int conversationCount() {
        return store.count(tenant);
    }

    /** What opening found and repaired (a damaged journal, an unreadable database moved aside…). */
    public List<String> warnings() {
        return warnings;
    }

    @Override
    public void close() {
        Thread driver = teamDriver;
        if (driver != null) {
            // Stopped before the loops are: a conversation it is taking over now is then stopped with the others.
            driver.interrupt();
            try {
                driver.join(java.time.Duration.ofSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (retention != null) {
            retention.close();
        }
        try {
            watch.close();
            scene.close();
            drafts.close();
            bridge.close();
            if (auditRecorder != null) {
                auditRecorder.close();
            }
        } finally {
            try {
                store.close();
            } finally {
                directory.close();
            }
        }
    }
}
