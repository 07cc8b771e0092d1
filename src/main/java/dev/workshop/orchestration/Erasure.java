package dev.workshop.orchestration;

import dev.workshop.domain.audit.AuditAction;
import dev.workshop.domain.audit.AuditEntry;
import dev.workshop.domain.canvas.CanvasScene;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.retention.ErasureReceipt;
import dev.workshop.session.SnapshotFolder;
import dev.workshop.session.git.GitSessions;
import dev.workshop.store.AuditTrail;
import dev.workshop.store.DraftStore;
import dev.workshop.store.SceneStore;
import dev.workshop.store.ScrubbedPlace;
import dev.workshop.store.Tombstones;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Erasing conversations for good (docs/decisions/0031), in two steps. {@link #request} is the commitment: the
 * tombstones are on the disk when it returns, and from then on every way back refuses the conversations. {@link
 * #finishPending} then takes every copy out — the store's files, drafts, snapshots, held branches, the ids in the
 * audit trail — and leaves a receipt; it needs the data directory with no store open on it, so it runs when the
 * data is opened (a crash in the middle is finished by the next start) or by the command that erases. Each place
 * is scrubbed by everything ever erased, so a copy that came back some other way (a restored file) goes too.
 */
public final class Erasure {
    private final Path dataDirectory;
    private final Tombstones tombstones;
    private final AuditTrail audit;
    private final List<ScrubbedPlace> stores;
    private final DraftStore drafts;
    private final SceneStore scene;
    private final Clock clock;
    private final String device;
    private final String member;

    public Erasure(Path dataDirectory, Tombstones tombstones, AuditTrail audit, List<ScrubbedPlace> stores,
                   DraftStore drafts, SceneStore scene, Clock clock, String device, String member) {
        this.dataDirectory = dataDirectory;
        this.tombstones = tombstones;
        this.audit = audit;
        this.stores = List.copyOf(stores);
        this.drafts = drafts;
        this.scene = scene;
        this.clock = clock;
        this.device = device;
        this.member = member;
    }

    /** Erases these conversations for good: durable when it returns; their copies go at {@link #finishPending}. */
    public void request(Collection<ConversationId> ids) {
        tombstones.add(ids.stream().map(ConversationId::value).toList(), clock.instant());
    }

    /** When the conversation with this id was erased for good, or empty. */
    public Optional<java.time.Instant> erasedOn(String conversationId) {
        return tombstones.erasedOn(conversationId);
    }

    /** Whether an erase was asked for whose copies are not all gone yet. */
    public boolean pending() {
        return !tombstones.notYetScrubbed().isEmpty();
    }

    /**
     * Takes every copy of the erased conversations out and records the receipt, one audit entry per conversation;
     * empty when nothing was pending. No store may be open on the data directory meanwhile.
     *
     * @throws dev.workshop.store.StoreException when a place cannot be scrubbed: the erase stays pending (and the
     *                                           conversations refused) until a later run finishes it
     */
    public Optional<ErasureReceipt> finishPending() {
        Set<String> pending = tombstones.notYetScrubbed();
        if (pending.isEmpty()) {
            return Optional.empty();
        }
        Predicate<String> erased = id -> tombstones.erasedOn(id).isPresent();
        Map<String, Long> counts = new LinkedHashMap<>();
        for (ScrubbedPlace store : stores) {
            store.scrub(erased).forEach((place, count) -> counts.merge(place, count, Long::sum));
        }
        counts.put("drafts", (long) scrubDrafts(erased));
        counts.put("canvas_links", (long) scrubScene(erased));
        counts.put("snapshots", (long) new SnapshotFolder(dataDirectory).erase(erased));
        counts.put("held_branches", (long) scrubHeldBranches(erased));
        counts.put("audit_ids_blanked", (long) audit.forget(tombstones.subjects()));
        List<String> notReached = new ArrayList<>(ErasureReceipt.NEVER_REACHED);
        stores.forEach(store -> notReached.addAll(store.notReached()));
        ErasureReceipt receipt = new ErasureReceipt(new ArrayList<>(pending), clock.instant(), counts, notReached);
        for (String subject : pending) {
            audit.record(AuditEntry.draftAbout(receipt.at(), device, member, AuditAction.ERASED, subject,
                    "receipt; not reached: " + String.join("; ", receipt.notReached()), counts));
        }
        tombstones.scrubbed(pending, receipt.at());
        return Optional.of(receipt);
    }

    private int scrubDrafts(Predicate<String> erased) {
        Map<ConversationId, String> saved = new LinkedHashMap<>(drafts.load());
        int before = saved.size();
        saved.keySet().removeIf(id -> erased.test(id.value()));
        if (saved.size() != before) {
            drafts.save(saved);
        }
        return before - saved.size();
    }

    /** The canvas's note of which agents each conversation ran on (ids only, taken out all the same). */
    private int scrubScene(Predicate<String> erased) {
        CanvasScene saved = scene.load();
        Map<ConversationId, List<InstanceId>> links = new LinkedHashMap<>(saved.conversationInstances());
        Map<ConversationId, List<InstanceId>> failed = new LinkedHashMap<>(saved.failedMarks());
        int before = links.size() + failed.size();
        links.keySet().removeIf(id -> erased.test(id.value()));
        failed.keySet().removeIf(id -> erased.test(id.value()));
        int removed = before - links.size() - failed.size();
        if (removed > 0) {
            scene.save(new CanvasScene(saved.instances(), saved.ropes(), saved.camera(), saved.settings(), links,
                    failed, saved.elements()));
        }
        return removed;
    }

    /** The data directory's own repository of held sessions; one given with {@code --repo} is the user's. */
    private int scrubHeldBranches(Predicate<String> erased) {
        Path repository = dataDirectory.resolve("sessions.git");
        if (!Files.exists(repository.resolve("HEAD"))) {
            return 0;
        }
        try (GitSessions sessions = GitSessions.open(repository)) {
            return sessions.erase(erased);
        }
    }
}
