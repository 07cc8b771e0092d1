package dev.workshop.store.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.audit.AuditAction;
import dev.workshop.domain.audit.AuditEntry;
import dev.workshop.store.AuditTrail;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The audit trail's file: entries chained by their hashes, so an edited, missing or moved entry is found. */
class JsonlAuditTrailTest {
    @TempDir
    Path dir;

    private static AuditEntry draft(int second, AuditAction action, String conversation, String detail) {
        return AuditEntry.draft(Instant.parse("2026-11-28T10:00:00Z").plusSeconds(second), "laptop", "ada", action,
                Optional.of(conversation), detail, Map.of("turns", (long) second));
    }

    private AuditTrail withThree() {
        AuditTrail trail = new JsonlAuditTrail(dir);
        trail.record(draft(1, AuditAction.STATUS_CHANGED, "c-1", "status=active cause=none"));
        trail.record(draft(2, AuditAction.RENAMED, "c-2", ""));
        trail.record(draft(3, AuditAction.DELETED, "c-1", ""));
        return trail;
    }

    private List<String> lines() throws Exception {
        return new ArrayList<>(Files.readAllLines(dir.resolve("audit.jsonl")));
    }

    private void write(List<String> lines) throws Exception {
        Files.writeString(dir.resolve("audit.jsonl"), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    }

    @Test
    void entriesAreNumberedChainedAndReadByConversationAndDay() {
        AuditTrail trail = withThree();

        List<AuditEntry> ofOne = trail.read(Optional.of("c-1"), Optional.empty());
        List<AuditEntry> later = trail.read(Optional.empty(), Optional.of(Instant.parse("2026-11-28T10:00:02Z")));

        assertThat(ofOne).extracting(AuditEntry::number).containsExactly(1L, 3L);
        assertThat(later).extracting(AuditEntry::action).containsExactly(AuditAction.RENAMED, AuditAction.DELETED);
        assertThat(ofOne.get(1).previous()).isEqualTo(trail.read(Optional.of("c-2"), Optional.empty()).getFirst()
                .hash());
        assertThat(ofOne.getFirst().subject()).isEqualTo(trail.keyedHash("c-1")).isNotEqualTo("c-1").hasSize(64);
        assertThat(trail.verify()).isEqualTo(new AuditTrail.Verification(3, Optional.empty()));
        assertThat(new JsonlAuditTrail(dir).verify().holds()).as("read back by another opening").isTrue();
    }

    @Test
    void anEditedEntryIsFound() throws Exception {
        withThree();
        List<String> lines = lines();
        lines.set(1, lines.get(1).replace("\"renamed\"", "\"undeleted\""));
        write(lines);

        assertThat(new JsonlAuditTrail(dir).verify().broken()).contains("entry 2 was changed after it was recorded");
    }

    @Test
    void aMissingEntryIsFound() throws Exception {
        withThree();
        List<String> lines = lines();
        lines.remove(1);
        write(lines);

        assertThat(new JsonlAuditTrail(dir).verify().broken()).contains("entry 2 is missing");
    }

    @Test
    void anEntryMovedToAnotherConversationIsFound() throws Exception {
        withThree();
        List<String> lines = lines();
        lines.set(2, lines.get(2).replace("\"conversation\":\"c-1\"", "\"conversation\":\"c-2\""));
        write(lines);

        assertThat(new JsonlAuditTrail(dir).verify().broken())
                .contains("entry 3 names another conversation than it was recorded for");
    }

    @Test
    void aConversationsIdTakenOutByAnEraseLeavesTheChainWhole() throws Exception {
        withThree();
        List<String> lines = lines();
        lines.replaceAll(line -> line.replace("\"conversation\":\"c-1\"", "\"conversation\":null"));
        write(lines);

        JsonlAuditTrail reopened = new JsonlAuditTrail(dir);
        assertThat(reopened.verify().holds()).isTrue();
        assertThat(reopened.read(Optional.of("c-1"), Optional.empty())).as("found by its keyed hash").hasSize(2)
                .allMatch(entry -> entry.conversation().isEmpty());
    }

    @Test
    void aLineACrashCutOffWasNeverRecordedAndTheKeyIsTheOwnersOnly() throws Exception {
        withThree();
        Files.writeString(dir.resolve("audit.jsonl"), "{\"number\":4,\"at\":\"2026-", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);

        JsonlAuditTrail reopened = new JsonlAuditTrail(dir);
        reopened.record(draft(5, AuditAction.UNDELETED, "c-1", ""));

        assertThat(reopened.verify()).isEqualTo(new AuditTrail.Verification(4, Optional.empty()));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("audit.key"))))
                .isEqualTo("rw-------");
    }
}
