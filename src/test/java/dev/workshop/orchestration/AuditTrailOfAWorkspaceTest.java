package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.Wiring;
import dev.workshop.domain.audit.AuditAction;
import dev.workshop.domain.audit.AuditEntry;
import dev.workshop.domain.conversation.ConversationId;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A workspace keeps its audit trail from what its engine records: status changes, renames, deletions and their
 * undo, each with the device, the member and the turns — and never a word of what was said.
 */
class AuditTrailOfAWorkspaceTest {
    private static final String CANARY = "canary-a41f90 tell nobody";

    @TempDir
    Path dir;

    @Test
    void whatIsDoneToAConversationIsAuditedWithoutItsText() throws Exception {
        ConversationId id;
        try (Workspace workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(0))) {
            ConversationEngine engine = workspace.engine();
            id = engine.startConversation(List.of(workspace.agents().findByIdOrName("Ada").orElseThrow().id(),
                    workspace.agents().findByIdOrName("Bruno").orElseThrow().id()), "Plan it: " + CANARY,
                    OptionalInt.of(2));
            engine.awaitAll();
            engine.rename(id, "Secret plans " + CANARY);
            engine.delete(id, Duration.ofSeconds(10));
            engine.undelete(id);

            List<AuditEntry> entries = workspace.audit().read(Optional.of(id.value()), Optional.empty());

            assertThat(entries).extracting(AuditEntry::action).containsSubsequence(AuditAction.STATUS_CHANGED,
                    AuditAction.RENAMED, AuditAction.DELETED, AuditAction.UNDELETED);
            assertThat(entries).filteredOn(entry -> entry.action() == AuditAction.STATUS_CHANGED)
                    .extracting(AuditEntry::detail).contains("status=completed cause=turns_taken");
            assertThat(entries).allMatch(entry -> entry.member().equals(System.getProperty("user.name", "you")))
                    .allMatch(entry -> !entry.device().isBlank());
            assertThat(entries.getLast().counts()).containsEntry("turns", 2L);
            assertThat(workspace.audit().verify().holds()).isTrue();
        }
        assertThat(Files.readString(dir.resolve("audit.jsonl"), StandardCharsets.UTF_8)).contains(id.value())
                .doesNotContain("canary-a41f90");
    }
}
