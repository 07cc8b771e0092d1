package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.CanaryScan;
import dev.workshop.Wiring;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.store.Conversations;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code workshop erase} and {@code workshop gc}'s purge, run in this JVM on a real data directory. */
class EraseCommandTest {
    private static final TenantId LOCAL = TenantId.LOCAL;

    @TempDir
    Path dir;

    record Ran(int code, String out, String err) {
    }

    private Ran workshop(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] all = new String[args.length + 2];
        all[0] = "--data-dir";
        all[1] = dir.toString();
        System.arraycopy(args, 0, all, 2, args.length);
        int code = WorkshopCommand.run(all, (data, files) -> { }, Wiring.opener(Wiring::openWorkspace),
                new PrintWriter(out), new PrintWriter(err));
        return new Ran(code, out.toString(), err.toString());
    }

    /** A conversation that ended, with {@code text} in its task; and one that a member took part in. */
    private void write(ConversationId id, String text, boolean withYou) {
        try (Workspace workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(1))) {
            List<Participant> members = withYou ? List.of(Conversations.ADA, Participant.you())
                    : List.of(Conversations.ADA, Conversations.BOB);
            workspace.store().append(LOCAL, id, 0, List.of(
                    new ConversationEvent.ConversationStarted(ConversationKind.CONVERSATION, members, text, 4),
                    new ConversationEvent.StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, "done")));
        }
    }

    @Test
    void eraseByIdPrintsAReceiptAndErasingAgainIsHarmless() throws Exception {
        write(new ConversationId("erase-me-1"), "CANARY-cli-one", false);
        write(new ConversationId("keep-me-1"), "Keep this", false);

        Ran dry = workshop("erase", "erase-me-1", "--dry-run");
        Ran erased = workshop("erase", "erase-me-1", "--json");
        Ran again = workshop("erase", "erase-me-1");

        assertThat(dry.out()).contains("would erase erase-me-1");
        assertThat(erased.code()).as(erased.err()).isZero();
        JsonNode receipt = new ObjectMapper().readTree(erased.out().lines().reduce((a, b) -> b).orElseThrow());
        assertThat(receipt.path("counts").path("journal_records").asLong()).isEqualTo(1);
        assertThat(receipt.path("subjects")).hasSize(1);
        assertThat(receipt.path("not_reached").toString()).contains("exports and copies saved by hand");
        assertThat(again.code()).isZero();
        assertThat(again.err()).contains("was erased on " + LocalDate.now());
        assertThat(CanaryScan.find(dir, "CANARY-cli-one")).isEmpty();
        assertThat(workshop("list").out()).contains("keep-me-1").doesNotContain("erase-me-1");
        assertThat(workshop("audit", "--verify").code()).isZero();
    }

    @Test
    void eraseByMemberTakesEveryConversationThePersonTookPartIn() throws Exception {
        write(new ConversationId("with-you-1"), "CANARY-member-a", true);
        write(new ConversationId("with-you-2"), "CANARY-member-b", true);
        write(new ConversationId("agents-only"), "Agents alone", false);

        Ran erased = workshop("erase", "--member", "you");

        assertThat(erased.code()).as(erased.err()).isZero();
        assertThat(erased.out()).contains("erasing with-you-1", "erasing with-you-2").doesNotContain("agents-only")
                .contains("Erased 2 conversations for good");
        assertThat(CanaryScan.find(dir, "CANARY-member")).isEmpty();
        assertThat(workshop("erase").code()).as("names nothing").isEqualTo(ExitCode.USAGE);
    }

    @Test
    void gcPurgesWhatThePolicyMakesDueByErasingIt() throws Exception {
        write(new ConversationId("ended-long-ago"), "CANARY-gc-purged", false);
        String day91 = LocalDate.now(ZoneOffset.UTC).plus(Duration.ofDays(92).toDays(), java.time.temporal.ChronoUnit.DAYS)
                .toString();

        Ran dry = workshop("gc", "--purge-after", "90", "--as-of", day91, "--dry-run");
        Ran run = workshop("gc", "--purge-after", "90", "--as-of", day91);
        Ran twice = workshop("gc", "--purge-after", "90", "--as-of", day91);

        assertThat(dry.out()).contains("Would purge (erase): ended-long-ago");
        assertThat(run.out()).contains("Purged (erased): ended-long-ago");
        assertThat(run.err()).contains("Erased 1 conversation for good");
        assertThat(twice.out()).contains("Nothing is due.");
        assertThat(CanaryScan.find(dir, "CANARY-gc-purged")).isEmpty();
    }

    @Test
    void gcAppliesThePolicyTheUserSetInTheApp() throws Exception {
        write(new ConversationId("ended-a-while-ago"), "CANARY-gc-settings", false);
        java.nio.file.Files.writeString(dir.resolve("settings.json"), "{\"purge_after_days\": 10}");
        String day11 = LocalDate.now(ZoneOffset.UTC).plusDays(12).toString();

        Ran run = workshop("gc", "--as-of", day11);

        assertThat(run.out()).contains("ended conversations purged after 10 days").contains("Purged (erased): ended-a-while-ago");
        assertThat(CanaryScan.find(dir, "CANARY-gc-settings")).isEmpty();
    }

    @Test
    void aLegalHoldRefusesErasingAndKeepsItFromPurgingAsAStarDoesUntilReleased() throws Exception {
        write(new ConversationId("held-for-court"), "CANARY-legal-hold", false);
        write(new ConversationId("starred-one"), "A favourite", false);
        String later = LocalDate.now(ZoneOffset.UTC).plusDays(400).toString();

        assertThat(workshop("legal-hold", "held-for-court").code()).isZero();
        assertThat(workshop("star", "starred-one").code()).isZero();
        Ran refused = workshop("erase", "held-for-court");
        Ran gc = workshop("gc", "--purge-after", "90", "--as-of", later);

        assertThat(refused.code()).isNotZero();
        assertThat(refused.err()).contains("is under legal hold: release the hold before erasing it");
        assertThat(gc.out()).contains("Nothing is due.");
        assertThat(workshop("list", "--json").out()).contains("\"legal_hold\":true").contains("\"starred\":true");
        assertThat(workshop("audit", "held-for-court").out()).contains("legal_hold").contains("on");

        assertThat(workshop("legal-hold", "held-for-court", "--off").code()).isZero();
        assertThat(workshop("erase", "held-for-court").code()).isZero();
        assertThat(CanaryScan.find(dir, "CANARY-legal-hold")).isEmpty();
        assertThat(workshop("gc", "--purge-after", "90", "--as-of", later).out())
                .as("a star keeps it").contains("Nothing is due.");
    }
}
