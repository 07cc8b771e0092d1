package dev.workshop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.audit.AuditAction;
import dev.workshop.domain.audit.AuditEntry;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.element.Action;
import dev.workshop.domain.element.ActionType;
import dev.workshop.domain.element.Actor;
import dev.workshop.domain.element.ElementKind;
import dev.workshop.domain.element.ElementState;
import dev.workshop.domain.element.Entry;
import dev.workshop.domain.element.Pin;
import dev.workshop.domain.element.Provenance;
import dev.workshop.domain.retention.ErasureReceipt;
import dev.workshop.orchestration.LoopSettings;
import dev.workshop.orchestration.SessionLocation;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.store.ConversationErasedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proof of an erase (docs/decisions/0031): a canary written into a conversation — its messages, a pin and a vote
 * on a pinboard, a memory note, a held branch, a snapshot, a draft — is found in no byte of the data directory after
 * the erase (raw files, H2's file as its own Recover dumps it, git's objects unpacked), while every other
 * conversation reads back exactly as before and the elements fold again without what the erased one did.
 */
class ErasureTest {
    static final String CANARY = "CANARY-7f3e-erase-me";
    private static final WorkspaceOptions FAST = new WorkspaceOptions(1, LoopSettings.DEFAULTS);
    private static final Actor ADA = new Actor("starter-ada", "Ada");

    @TempDir
    Path dir;
    @TempDir
    Path elsewhere;
    private Workspace workspace;

    @AfterEach
    void close() {
        if (workspace != null) {
            workspace.close();
        }
    }

    /** Two conversations, the canary's and another, with what each did to a pinboard and Ada's memory. */
    record Written(ConversationId canary, ConversationId kept, List<RecordedEvent> keptHistory) {
    }

    Written writeCanaryAndAnother(Workspace open) throws InterruptedException {
        var engine = open.engine();
        ConversationId canary = engine.startConversation(List.of(new AgentId("starter-ada"),
                new AgentId("starter-bruno")), CANARY + " plan the picnic", OptionalInt.of(3));
        ConversationId kept = engine.startConversation(List.of(new AgentId("starter-chen"),
                new AgentId("starter-dalia")), "Keep the shop open", OptionalInt.of(2));
        assertThat(engine.await(canary, Duration.ofSeconds(30))).isTrue();
        assertThat(engine.await(kept, Duration.ofSeconds(30))).isTrue();
        var elements = engine.elements();
        elements.create(ElementKind.PINBOARD, "Plans");
        elements.apply(Action.of(ActionType.PIN, Map.of("text", "Open at nine")), Actor.USER, Provenance.byHand());
        elements.apply(Action.of(ActionType.PIN, Map.of("text", CANARY + " pin")), ADA, Provenance.of(canary.value(), 0, 0));
        elements.apply(Action.of(ActionType.PIN, Map.of("text", "Close at six")), Actor.USER, Provenance.byHand());
        elements.apply(Action.of(ActionType.VOTE_UP, Map.of("pin", "P1")), ADA, Provenance.of(canary.value(), 1, 0));
        elements.apply(Action.of(ActionType.VOTE_UP, Map.of("pin", "P3")), ADA, Provenance.of(kept.value(), 0, 0));
        elements.apply(Action.of(ActionType.REMEMBER, Map.of("text", CANARY + " note")), ADA,
                Provenance.of(canary.value(), 1, 1));
        elements.apply(Action.of(ActionType.REMEMBER, Map.of("text", "Chen keeps the keys")), ADA,
                Provenance.of(kept.value(), 0, 1));
        open.holds().hold(canary, SessionLocation.DEFAULT, Optional.of("for later"));
        open.drafts().keep(canary, CANARY + " draft");
        return new Written(canary, kept, engine.history(kept));
    }

    @Test
    void anErasedConversationIsInNoByteOfTheDataDirectoryAndTheOthersReadBackAsBefore() throws Exception {
        workspace = Wiring.openWorkspace(dir, FAST);
        Written written = writeCanaryAndAnother(workspace);
        workspace.close();
        workspace = Wiring.openWorkspace(dir, FAST);
        assertThat(CanaryScan.find(dir, CANARY)).as("the canary is written before the erase")
                .contains("journal/00000000000000000001.wal", "starts/00000000000000000001.wal", "drafts.json");

        workspace.erase(List.of(written.canary()));
        workspace.close();
        workspace = Wiring.openWorkspace(dir, FAST);

        ErasureReceipt receipt = workspace.erasedAtOpen().orElseThrow();
        assertThat(CanaryScan.find(dir, CANARY)).isEmpty();
        assertThat(CanaryScan.find(dir, written.canary().value())).as("nor its id").isEmpty();
        assertThat(receipt.counts()).containsEntry("held_branches", 1L).containsEntry("snapshots", 1L)
                .containsEntry("drafts", 1L).containsEntry("element_changes", 3L);
        assertThat(receipt.subjects()).containsExactly(workspace.audit().keyedHash(written.canary().value()));
        assertThat(workspace.engine().state(written.canary())).isEmpty();
        assertThat(workspace.engine().conversations()).extracting(state -> state.id()).containsExactly(written.kept());
        assertThat(workspace.engine().history(written.kept())).isEqualTo(written.keptHistory());

        ElementState plans = workspace.engine().elements().find("Plans").orElseThrow();
        assertThat(plans.topPins()).extracting(Pin::id, Pin::text, Pin::score).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple("P1", "Open at nine", 0),
                org.assertj.core.groups.Tuple.tuple("P3", "Close at six", 1));
        ElementState memory = workspace.engine().elements().memories().of("starter-ada").orElseThrow();
        assertThat(memory.entries()).extracting(Entry::number, Entry::text)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(2, "Chen keeps the keys"));

        List<AuditEntry> trail = workspace.audit().read(Optional.empty(), Optional.empty());
        assertThat(trail).filteredOn(entry -> entry.action() == AuditAction.ERASED).singleElement()
                .satisfies(entry -> assertThat(entry.subject()).isEqualTo(receipt.subjects().getFirst()));
        assertThat(workspace.audit().verify().holds()).isTrue();
    }

    @Test
    void theLogNeverHoldsWhatWasSaidSoThereIsNothingToScrubThere() throws Exception {
        assertThat(AppLog.install(dir)).isEmpty();
        try {
            workspace = Wiring.openWorkspace(dir, FAST);
            writeCanaryAndAnother(workspace);
            System.getLogger("dev.workshop.test").log(System.Logger.Level.WARNING, "a line so the log is there");
        } finally {
            AppLog.close();
        }
        assertThat(AppLog.folder(dir).resolve("workshop-0.log")).content().contains("a line so the log is there");
        assertThat(CanaryScan.find(AppLog.folder(dir), CANARY)).isEmpty();
    }

    @Test
    void nothingBringsAnErasedConversationBack() throws Exception {
        workspace = Wiring.openWorkspace(dir, FAST);
        Written written = writeCanaryAndAnother(workspace);
        Path remote = elsewhere.resolve("remote.git");
        Git.init().setBare(true).setDirectory(remote.toFile()).call().close();
        SessionLocation pushed = new SessionLocation(Optional.empty(), Optional.of(remote.toString()));
        workspace.holds().hold(written.canary(), pushed, Optional.of("pushed"));
        Path export = elsewhere.resolve("canary.workshop.json");
        var state = workspace.engine().state(written.canary()).orElseThrow();
        Files.writeString(export, dev.workshop.orchestration.ConversationExport.withMessages(workspace.tenant(), state,
                workspace.engine().history(written.canary())).toString());
        Files.copy(dir.resolve("journal/00000000000000000001.wal"),
                dir.resolve("journal/00000000000000000001.wal.damaged-20261128-000000"));

        workspace.erase(List.of(written.canary()));
        // A reply that arrives after the erase, before the copies are gone: never appended.
        assertThatThrownBy(() -> workspace.store().append(workspace.tenant(), written.canary(), 99,
                List.of(new ConversationEvent.Renamed("late"))))
                .isInstanceOf(ConversationErasedException.class).hasMessageContaining("was erased on");
        assertThat(workspace.engine().conversations()).extracting(s -> s.id()).doesNotContain(written.canary());
        workspace.close();
        workspace = Wiring.openWorkspace(dir, FAST);
        assertThat(CanaryScan.find(dir, CANARY)).as("the damaged copy set aside is scrubbed too").isEmpty();

        // A rebuild of the tables from the journal.
        workspace.close();
        Files.delete(dir.resolve("workshop.mv.db"));
        workspace = Wiring.openWorkspace(dir, FAST);
        assertThat(workspace.engine().state(written.canary())).isEmpty();
        assertThat(workspace.engine().history(written.kept())).isEqualTo(written.keptHistory());
        // Re-import of an export saved by hand.
        assertThatThrownBy(() -> workspace.engine().restoreFrom(export))
                .hasMessageContaining("was erased on");
        // Re-inflation of the branch pushed elsewhere (which the receipt names as not reached).
        assertThatThrownBy(() -> workspace.holds().reinflate(written.canary().value(), pushed, false, false))
                .hasMessageContaining("was erased on");
        assertThat(workspace.engine().state(written.canary())).isEmpty();
        assertThat(CanaryScan.find(dir, CANARY)).isEmpty();
    }

    @Test
    void anEraseCutShortBeforeItsScrubIsFinishedAtTheNextOpenAndErasingTwiceIsHarmless() throws Exception {
        workspace = Wiring.openWorkspace(dir, FAST);
        Written written = writeCanaryAndAnother(workspace);
        workspace.erase(List.of(written.canary()));
        // As a kill -9 right after the tombstone: the store files never see the scrub in this process.
        workspace.close();

        workspace = Wiring.openWorkspace(dir, FAST);
        assertThat(workspace.erasedAtOpen()).isPresent();
        assertThat(CanaryScan.find(dir, CANARY)).isEmpty();
        workspace.erase(List.of(written.canary()));
        workspace.close();
        workspace = Wiring.openWorkspace(dir, FAST);
        assertThat(workspace.erasedAtOpen()).as("nothing more to take out").isEmpty();
        assertThat(workspace.engine().history(written.kept())).isEqualTo(written.keptHistory());
    }

    @Test
    void anEraseThatCannotBeFinishedAtOpenIsSaidTheDataStillOpensAndTheConversationStaysOut() throws Exception {
        workspace = Wiring.openWorkspace(dir, FAST);
        Written written = writeCanaryAndAnother(workspace);
        workspace.erase(List.of(written.canary()));
        workspace.close();
        // A held-sessions repository broken by hand: the scrub cannot go through it.
        Path repository = dir.resolve("sessions.git");
        try (var files = Files.walk(repository)) {
            for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
        Files.createDirectories(repository);
        Files.writeString(repository.resolve("HEAD"), "ref: refs/heads/main\n");

        workspace = Wiring.openWorkspace(dir, FAST);

        assertThat(workspace.erasedAtOpen()).isEmpty();
        assertThat(workspace.warnings()).anySatisfy(warning -> assertThat(warning).contains("sessions.git"));
        assertThat(workspace.engine().state(written.canary())).isEmpty();
        assertThat(workspace.engine().history(written.kept())).isEqualTo(written.keptHistory());
        workspace.close();
        Files.delete(repository.resolve("HEAD"));
        workspace = Wiring.openWorkspace(dir, FAST);
        assertThat(workspace.erasedAtOpen()).as("finished once it can be").isPresent();
        assertThat(CanaryScan.find(dir, CANARY)).isEmpty();
    }

    @Test
    void aConversationMidTurnIsStoppedAndNothingItWasWritingComesBack() throws Exception {
        workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(2_000, LoopSettings.DEFAULTS));
        var engine = workspace.engine();
        ConversationId running = engine.startConversation(List.of(new AgentId("starter-ada"),
                new AgentId("starter-bruno")), CANARY + " slow talk", OptionalInt.of(6));
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> engine.history(running).stream()
                .anyMatch(event -> event.event() instanceof ConversationEvent.ReplyChunk
                        || event.event() instanceof ConversationEvent.TurnStarted));
        assertThat(engine.isRunning(running)).as("mid-turn").isTrue();

        workspace.erase(List.of(running));

        assertThat(engine.isRunning(running)).isFalse();
        workspace.close();
        workspace = Wiring.openWorkspace(dir, FAST);
        assertThat(workspace.erasedAtOpen()).isPresent();
        assertThat(workspace.engine().state(running)).isEmpty();
        assertThat(CanaryScan.find(dir, CANARY)).isEmpty();
    }
}
