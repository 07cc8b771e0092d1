package dev.workshop.domain.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.conversation.Lifecycle.Command;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The lifecycle table, cell by cell: every status with every cause, what it shows and which commands apply. The
 * rules a user relies on are checked on every cell; docs/conversation-lifecycle.md is the table, regenerated here.
 */
class LifecycleTest {

    @Test
    void everyCellFollowsTheRules() {
        for (ConversationStatus status : ConversationStatus.values()) {
            for (StatusCause cause : StatusCause.values()) {
                String cell = status + " × " + cause;
                ConversationStatus shown = Lifecycle.shown(status, cause);
                Set<Command> commands = Lifecycle.commands(status, cause);

                assertThat(commands).as(cell + ": delete and hold apply to every conversation")
                        .contains(Command.DELETE, Command.HOLD);
                assertThat(commands.contains(Command.RETRY)).as(cell + ": Retry exactly where it shows as failed")
                        .isEqualTo(shown == ConversationStatus.FAILED);
                assertThat(commands.contains(Command.RETRY) && commands.contains(Command.RESUME))
                        .as(cell + ": never two buttons for one thing").isFalse();
                if (commands.contains(Command.RESUME_ON_LAUNCH)) {
                    assertThat(cause).as(cell + ": only what Workshop's own stop interrupted goes on by itself")
                            .isEqualTo(StatusCause.WORKSHOP_STOPPED);
                    assertThat(commands).as(cell).contains(Command.RESUME);
                }
                if (Lifecycle.isFailure(cause)) {
                    assertThat(commands).as(cell + ": a failed turn is never asked again by itself")
                            .doesNotContain(Command.RESUME_ON_LAUNCH);
                    if (status == ConversationStatus.INTERRUPTED || status == ConversationStatus.FAILED) {
                        assertThat(shown).as(cell + ": shows as failed, whichever status it was kept as")
                                .isEqualTo(ConversationStatus.FAILED);
                    }
                }
                if (status != ConversationStatus.INTERRUPTED) {
                    assertThat(shown).as(cell + ": only a failure kept as interrupted shows otherwise").isEqualTo(status);
                }
                assertThat(commands.contains(Command.FOLLOW_UP)).as(cell + ": a follow-up continues an ended or"
                        + " waiting conversation, not one whose turn waits for a word on a tool call")
                        .isEqualTo(shown.isFinal() || shown == ConversationStatus.WAITING && !Lifecycle.isAboutACall(cause));
            }
        }
    }

    @Test
    void theCasesUsersMeet() {
        assertThat(Lifecycle.commands(ConversationStatus.INTERRUPTED, StatusCause.WORKSHOP_STOPPED))
                .containsExactlyInAnyOrder(Command.RESUME_ON_LAUNCH, Command.RESUME, Command.HOLD, Command.DELETE);
        assertThat(Lifecycle.commands(ConversationStatus.INTERRUPTED, StatusCause.USER_ABORTED))
                .containsExactlyInAnyOrder(Command.RESUME, Command.HOLD, Command.DELETE);
        assertThat(Lifecycle.commands(ConversationStatus.FAILED, StatusCause.ENDPOINT_UNREACHABLE))
                .containsExactlyInAnyOrder(Command.RETRY, Command.FOLLOW_UP, Command.HOLD, Command.DELETE);
        // Kept as interrupted by an older Workshop: failed all the same, and not asked again at every launch.
        assertThat(Lifecycle.shown(ConversationStatus.INTERRUPTED, StatusCause.ENDPOINT_UNREACHABLE))
                .isEqualTo(ConversationStatus.FAILED);
        assertThat(Lifecycle.commands(ConversationStatus.INTERRUPTED, StatusCause.ENDPOINT_UNREACHABLE))
                .doesNotContain(Command.RESUME_ON_LAUNCH, Command.RESUME).contains(Command.RETRY);
        assertThat(Lifecycle.commands(ConversationStatus.WAITING, StatusCause.RESTORED)).contains(Command.RESUME);
        assertThat(Lifecycle.commands(ConversationStatus.WAITING, StatusCause.YOUR_TURN))
                .doesNotContain(Command.RESUME).contains(Command.FOLLOW_UP);
        assertThat(Lifecycle.commands(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN))
                .containsExactlyInAnyOrder(Command.FOLLOW_UP, Command.HOLD, Command.DELETE);
    }

    @Test
    void sentencesOfOlderWorkshopsAreReadAsTheCausesTheyMeant() {
        assertThat(LegacyReasons.causeOf(ConversationStatus.INTERRUPTED,
                "Workshop stopped while this conversation was running")).isEqualTo(StatusCause.WORKSHOP_STOPPED);
        assertThat(LegacyReasons.causeOf(ConversationStatus.INTERRUPTED, "Aborted by the user"))
                .isEqualTo(StatusCause.USER_ABORTED);
        assertThat(LegacyReasons.causeOf(ConversationStatus.INTERRUPTED, "Bruno: 127.0.0.1 refused the connection"
                + " (gave up after 4 attempts; resume the conversation once 127.0.0.1 answers again)"))
                .isEqualTo(StatusCause.ENDPOINT_UNREACHABLE);
        assertThat(LegacyReasons.causeOf(ConversationStatus.FAILED, "Model llama9 was not found (HTTP 404)"))
                .isEqualTo(StatusCause.ENDPOINT_REFUSED);
        assertThat(LegacyReasons.causeOf(ConversationStatus.COMPLETED, "All 6 turns were taken"))
                .isEqualTo(StatusCause.TURNS_TAKEN);
        assertThat(LegacyReasons.causeOf(ConversationStatus.WAITING, "Imported; nothing runs until you continue it"))
                .isEqualTo(StatusCause.IMPORTED);
        for (StatusCause cause : StatusCause.values()) {
            assertThat(StatusCause.fromWireName(cause.wireName())).isEqualTo(cause);
        }
    }

    @Test
    void theTableInTheDocsIsTheTable() throws IOException {
        Path doc = Path.of("docs/conversation-lifecycle.md");
        String expected = document();
        String actual = Files.exists(doc) ? Files.readString(doc, StandardCharsets.UTF_8) : "";
        if (!actual.equals(expected)) {
            Files.writeString(doc, expected, StandardCharsets.UTF_8);
        }
        assertThat(actual).as("docs/conversation-lifecycle.md was out of date and has been regenerated; commit it")
                .isEqualTo(expected);
    }

    /** The table as Markdown: the cells a conversation can reach, each with what it shows and allows. */
    private static String document() {
        StringBuilder doc = new StringBuilder("# Conversation lifecycle\n\n")
                .append("Generated from `Lifecycle` by `LifecycleTest`; do not edit. Every view (the sidebar's row,")
                .append(" the status bar, the canvas, `workshop list` and `show`, the JSON events) shows the status")
                .append(" in the *shows* column, and only the commands listed apply. A failed turn waits for Retry:")
                .append(" it is never asked again by itself.\n\n")
                .append("| status kept | cause | shows | commands |\n|---|---|---|---|\n");
        for (ConversationStatus status : ConversationStatus.values()) {
            for (StatusCause cause : reachable(status)) {
                doc.append("| ").append(status.wireName()).append(" | ").append(cause.wireName()).append(" | ")
                        .append(Lifecycle.shown(status, cause).wireName()).append(" | ")
                        .append(Lifecycle.commands(status, cause).stream()
                                .map(command -> command.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '))
                                .collect(Collectors.joining(", ")))
                        .append(" |\n");
            }
        }
        doc.append("\n```mermaid\nstateDiagram-v2\n    [*] --> active\n");
        for (String arrow : ARROWS) {
            doc.append("    ").append(arrow).append('\n');
        }
        return doc.append("```\n").toString();
    }

    /** Which causes each status is recorded with (and, for interrupted, what older Workshops kept there). */
    private static Set<StatusCause> reachable(ConversationStatus status) {
        return switch (status) {
            case QUEUED -> EnumSet.of(StatusCause.SLOT_FULL);
            case ACTIVE -> EnumSet.of(StatusCause.NONE);
            case ABANDONED -> EnumSet.of(StatusCause.NONE, StatusCause.IDLE);
            case WAITING -> EnumSet.of(StatusCause.YOUR_TURN, StatusCause.APPROVAL_NEEDED, StatusCause.CALL_IN_DOUBT,
                    StatusCause.RESTORED, StatusCause.FORKED, StatusCause.IMPORTED, StatusCause.REINFLATED);
            case INTERRUPTED -> EnumSet.of(StatusCause.WORKSHOP_STOPPED, StatusCause.USER_ABORTED,
                    StatusCause.DELETING, StatusCause.HOLDING, StatusCause.ENDPOINT_UNREACHABLE,
                    StatusCause.AGENT_MISSING, StatusCause.UNEXPECTED);
            case HELD -> EnumSet.of(StatusCause.HELD);
            case COMPLETED -> EnumSet.of(StatusCause.TURNS_TAKEN, StatusCause.NO_TASK, StatusCause.AGENT_GONE,
                    StatusCause.USER_ABORTED, StatusCause.FORKED, StatusCause.IMPORTED, StatusCause.REINFLATED);
            case FAILED -> EnumSet.of(StatusCause.ENDPOINT_UNREACHABLE, StatusCause.ENDPOINT_REFUSED,
                    StatusCause.EMPTY_REPLY, StatusCause.CRASH_LOOP, StatusCause.AGENT_MISSING, StatusCause.UNEXPECTED,
                    StatusCause.IMPORTED);
        };
    }

    /** How a conversation moves between statuses, labelled with the causes (the engine's writes). */
    private static final java.util.List<String> ARROWS = java.util.List.of(
            "active --> queued : slot_full",
            "queued --> active : a slot frees",
            "active --> waiting : your_turn, approval_needed, call_in_doubt (a tool call waits for your word)",
            "active --> completed : turns_taken, no_task, agent_gone, user_aborted (Abort, complete)",
            "active --> failed : endpoint_unreachable, endpoint_refused, empty_reply, agent_missing, unexpected",
            "active --> interrupted : workshop_stopped, user_aborted, deleting, holding",
            "interrupted --> active : resume on launch (workshop_stopped), Resume",
            "interrupted --> failed : crash_loop (stopped again and again)",
            "failed --> active : Retry",
            "waiting --> active : your message, Resume (restored, forked, imported, re-inflated), your word on the call",
            "completed --> active : follow-up",
            "interrupted --> abandoned : idle (the retention policy)",
            "waiting --> abandoned : idle (the retention policy)",
            "failed --> active : follow-up",
            "active --> held : Hold",
            "interrupted --> held : Hold",
            "completed --> held : Hold",
            "held --> waiting : re-inflated");
}
