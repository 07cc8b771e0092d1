package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.News;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.session.InvalidSnapshotException;
import dev.workshop.session.SnapshotFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Restore by id (seed 003): from the team's log or its snapshot file, refused for an unknown id or another
 * team's conversation, a warning for speakers no longer in the team, older snapshots migrated, and the
 * conversation paused until the human acts.
 */
class SessionRestoreTest {
    private static final AgentId ADA = new AgentId("starter-ada");
    private static final AgentId BRUNO = new AgentId("starter-bruno");
    private static final TenantId RESEARCH = new TenantId("research");

    @TempDir
    Path dir;

    private Workspace open(TenantId team) {
        return Wiring.openWorkspace(dir, new WorkspaceOptions(10).withTeam(team));
    }

    private static List<String> speakers(Workspace workspace, ConversationId id) {
        return workspace.engine().history(id).stream().map(recorded -> recorded.event())
                .filter(MessageRecorded.class::isInstance).map(event -> ((MessageRecorded) event).speakerName()).toList();
    }

    /** A conversation of Ada and Bruno stopped by the user after its second message. */
    private ConversationId interruptedConversation(TenantId team) throws InterruptedException {
        try (Workspace workspace = open(team)) {
            ConversationId id = ConversationId.random();
            workspace.engine().subscribe(event -> {
                if (Heard.messages(event).stream().anyMatch(message -> message.turnIndex() == 1)) {
                    Thread.ofVirtual().start(() -> workspace.engine().abort(id, AbortOutcome.INTERRUPT));
                }
            });
            workspace.engine().startConversation(id, List.of(ADA, BRUNO), "Name a cat", OptionalInt.of(6));
            assertThat(workspace.engine().await(id, Duration.ofSeconds(20))).isTrue();
            assertThat(workspace.engine().state(id).orElseThrow().status()).isEqualTo(ConversationStatus.INTERRUPTED);
            return id;
        }
    }

    @Test
    void aRestoredConversationIsPausedUntilTheHumanResumesItAndThenGoesOnInRotation() throws Exception {
        ConversationId id = interruptedConversation(TenantId.LOCAL);
        int recorded;
        try (Workspace workspace = open(TenantId.LOCAL)) {
            List<LoopEvent> events = new CopyOnWriteArrayList<>();
            workspace.engine().subscribe(events::add);

            RestoredSession restored = workspace.engine().restore(id);

            ConversationState state = workspace.engine().state(id).orElseThrow();
            recorded = state.turnCount();
            assertThat(restored.messageCount()).isEqualTo(recorded).isBetween(2, 3);
            assertThat(restored.imported()).isFalse();
            assertThat(restored.missingMembers()).isEmpty();
            assertThat(state.status()).isEqualTo(ConversationStatus.WAITING);
            assertThat(state.statusReason()).isEqualTo(Reasons.RESTORED);
            assertThat(workspace.engine().isRunning(id)).as("no loop runs until the human acts").isFalse();
            // What the log took (the pause), then the restore told.
            assertThat(events).hasSize(3);
            assertThat(Heard.news(events.get(0)).flatMap(News::status)).contains(ConversationStatus.WAITING);
            assertThat(events.get(1)).isInstanceOfSatisfying(LoopEvent.SessionRestored.class,
                    event -> assertThat(event.messageCount()).isEqualTo(recorded));
            assertThat(events.get(2)).isInstanceOfSatisfying(LoopEvent.TeamReady.class, event -> {
                assertThat(event.restored()).isTrue();
                assertThat(event.team()).isEqualTo(TenantId.LOCAL);
            });
        }
        try (Workspace relaunched = open(TenantId.LOCAL)) {
            assertThat(relaunched.engine().resumeInterruptedConversations()).as("a launch leaves it paused").isEmpty();
            assertThat(relaunched.engine().state(id).orElseThrow().turnCount()).isEqualTo(recorded);

            assertThat(relaunched.engine().resume(id)).isTrue();
            assertThat(relaunched.engine().await(id, Duration.ofSeconds(20))).isTrue();
            assertThat(relaunched.engine().state(id).orElseThrow().status()).isEqualTo(ConversationStatus.COMPLETED);
            assertThat(speakers(relaunched, id)).containsExactly("Ada", "Bruno", "Ada", "Bruno", "Ada", "Bruno");
        }
    }

    @Test
    void aMessageToARestoredConversationStartsTheNextRoundWithTheEntryAgent() throws Exception {
        ConversationId id = interruptedConversation(TenantId.LOCAL);
        try (Workspace workspace = open(TenantId.LOCAL)) {
            workspace.engine().restore(id);
            int before = workspace.engine().state(id).orElseThrow().turnCount();

            workspace.engine().message(id, "Pick a short one, please.");
            assertThat(workspace.engine().await(id, Duration.ofSeconds(20))).isTrue();

            List<String> after = speakers(workspace, id).subList(before, before + 2);
            assertThat(after).containsExactly("You", "Ada");
            assertThat(FollowUps.turnNumber(workspace.engine().history(id))).isEqualTo(2);
        }
    }

    @Test
    void aRestoredConversationWithYouWaitsForYourTurn() throws Exception {
        ConversationId id;
        try (Workspace workspace = open(TenantId.LOCAL)) {
            id = workspace.engine().startConversation(List.of(ADA, Participant.HUMAN), "Plan a picnic", OptionalInt.of(4));
            workspace.engine().await(id, Duration.ofSeconds(20));
        }
        try (Workspace workspace = open(TenantId.LOCAL)) {
            RestoredSession restored = workspace.engine().restore(id);
            assertThat(restored.status()).isEqualTo(ConversationStatus.WAITING);
            assertThat(ConversationEngine.canResume(workspace.engine().state(id).orElseThrow()))
                    .as("it is your turn, so only your message continues it").isFalse();

            workspace.engine().message(id, "The lake, on Saturday.");
            workspace.engine().await(id, Duration.ofSeconds(20));
            assertThat(speakers(workspace, id)).containsExactly("Ada", "You", "Ada");
            assertThat(FollowUps.turnNumber(workspace.engine().history(id))).as("your turn, not a follow-up").isEqualTo(1);
        }
    }

    @Test
    void anEndedConversationStaysEndedAndAFollowUpContinuesIt() throws Exception {
        ConversationId id;
        try (Workspace workspace = open(TenantId.LOCAL)) {
            id = workspace.engine().startConversation(List.of(ADA, BRUNO), "Name a cat", OptionalInt.of(2));
            workspace.engine().await(id, Duration.ofSeconds(20));
        }
        try (Workspace workspace = open(TenantId.LOCAL)) {
            RestoredSession restored = workspace.engine().restore(id);
            assertThat(restored.status()).isEqualTo(ConversationStatus.COMPLETED);
            assertThat(restored.messageCount()).isEqualTo(2);
            assertThat(workspace.engine().isRunning(id)).isFalse();

            workspace.engine().message(id, "And a name for its sister?");
            assertThat(workspace.engine().await(id, Duration.ofSeconds(20))).isTrue();
            assertThat(speakers(workspace, id).subList(2, 4)).containsExactly("You", "Ada");
            assertThat(FollowUps.turnNumber(workspace.engine().history(id))).isEqualTo(2);
        }
    }

    @Test
    void anUnknownIdIsNotFoundNamingTheSessionAndTheTeam() {
        try (Workspace workspace = open(TenantId.LOCAL)) {
            ConversationId unknown = new ConversationId("no-such-session");
            assertThatThrownBy(() -> workspace.engine().restore(unknown))
                    .isInstanceOf(SessionNotFoundException.class)
                    .hasMessage("Session 'no-such-session' not found for team 'local'. Use resume without an id to"
                            + " restore the latest session, or start a new conversation.");
            assertThat(workspace.engine().conversations()).isEmpty();
        }
    }

    @Test
    void anotherTeamsConversationIsRefusedNamingBothTeams() throws Exception {
        ConversationId id = interruptedConversation(RESEARCH);
        try (Workspace workspace = open(TenantId.LOCAL)) {
            assertThatThrownBy(() -> workspace.engine().restore(id))
                    .isInstanceOf(TeamMismatchException.class)
                    .hasMessage("Session '" + id + "' belongs to team 'research', but the current team is 'local'."
                            + " Use the matching team (--team research).");
        }
        try (Workspace research = open(RESEARCH)) {
            assertThat(research.engine().restore(id).status()).isEqualTo(ConversationStatus.WAITING);
            assertThat(research.engine().conversations()).extracting(ConversationState::id).containsExactly(id);
        }
        try (Workspace local = open(TenantId.LOCAL)) {
            assertThat(local.engine().conversations()).as("teams never see each other's conversations").isEmpty();
        }
    }

    @Test
    void speakersNoLongerInTheTeamAreNamedInAWarningAndKeepTheirNames() throws Exception {
        ConversationId id = interruptedConversation(TenantId.LOCAL);
        try (Workspace workspace = open(TenantId.LOCAL)) {
            workspace.agents().remove(BRUNO);
            RestoredSession restored = workspace.engine().restore(id);
            assertThat(restored.missingMembers()).containsExactly("Bruno");
            assertThat(restored.missingMembersWarning()).isEqualTo("Some speakers in the history are not in the"
                    + " current team: Bruno. Their messages are shown with their original names.");
            assertThat(speakers(workspace, id)).startsWith("Ada", "Bruno");
        }
    }

    @Test
    void aLegacySnapshotIsMigratedRecordedInTheLogAndPaused() throws Exception {
        String legacy = """
                {"sessionId": "legacy-1", "teamId": "local", "createdAt": "2025-11-27T10:00:00Z",
                 "context": {"teamTask": "Review the release notes",
                   "messages": [
                     {"speaker": {"roleId": "starter-ada", "roleName": "Ada", "roleTitle": "Ada (Lead)"},
                      "content": "Let's start with the fixes."},
                     {"speaker": {"roleId": "reviewer-7", "roleName": "Rita", "roleTitle": "Rita (Reviewer)"},
                      "content": "The first fix needs a test."}]}}
                """;
        Path file = new SnapshotFolder(dir).fileOf(TenantId.LOCAL, new ConversationId("legacy-1"));
        Files.createDirectories(file.getParent());
        Files.writeString(file, legacy);
        try (Workspace workspace = open(TenantId.LOCAL)) {
            RestoredSession restored = workspace.engine().restore(new ConversationId("legacy-1"));

            assertThat(restored.imported()).isTrue();
            assertThat(restored.messageCount()).isEqualTo(2);
            assertThat(restored.missingMembers()).containsExactly("Rita");
            ConversationState state = workspace.engine().state(new ConversationId("legacy-1")).orElseThrow();
            assertThat(state.status()).isEqualTo(ConversationStatus.WAITING);
            assertThat(state.taskPrompt()).isEqualTo("Review the release notes");
            assertThat(state.participants()).extracting(Participant::name).containsExactly("Ada", "Rita");
            assertThat(speakers(workspace, new ConversationId("legacy-1"))).containsExactly("Ada", "Rita");
        }
    }

    @Test
    void aSnapshotInAnotherTeamsFolderIsAMismatchAndABrokenOneIsNamed() throws Exception {
        Path research = new SnapshotFolder(dir).fileOf(RESEARCH, new ConversationId("their-session"));
        Files.createDirectories(research.getParent());
        Files.writeString(research, "{\"id\": \"their-session\", \"team\": \"research\", \"messages\": []}");
        Path broken = new SnapshotFolder(dir).fileOf(TenantId.LOCAL, new ConversationId("broken"));
        Files.createDirectories(broken.getParent());
        Files.writeString(broken, "{\"id\": \"broken\", \"messages\": [");
        try (Workspace workspace = open(TenantId.LOCAL)) {
            assertThatThrownBy(() -> workspace.engine().restore(new ConversationId("their-session")))
                    .isInstanceOf(TeamMismatchException.class).hasMessageContaining("belongs to team 'research'");
            assertThatThrownBy(() -> workspace.engine().restore(new ConversationId("broken")))
                    .isInstanceOf(InvalidSnapshotException.class)
                    .hasMessageStartingWith("Invalid session snapshot " + broken + ": it is not valid JSON (line 1");
            assertThat(workspace.engine().conversations()).as("nothing recorded from a refused restore").isEmpty();
            assertThat(broken).exists();
        }
    }

    @Test
    void anImportAddsAndNeverOverwrites() throws Exception {
        ConversationId id = interruptedConversation(TenantId.LOCAL);
        Path export = dir.resolve("export.json");
        try (Workspace workspace = open(TenantId.LOCAL)) {
            Files.writeString(export, ConversationExport.withMessages(TenantId.LOCAL,
                    workspace.engine().state(id).orElseThrow(), workspace.engine().history(id)).toPrettyString());
            long before = workspace.engine().state(id).orElseThrow().version();

            RestoredSession copy = workspace.engine().restoreFrom(export);

            assertThat(copy.copyOf()).contains(id);
            assertThat(copy.id()).isNotEqualTo(id);
            assertThat(copy.imported()).isTrue();
            assertThat(workspace.engine().state(id).orElseThrow().version()).as("the stored one untouched")
                    .isEqualTo(before);
            assertThat(speakers(workspace, copy.id())).isEqualTo(speakers(workspace, id));
            assertThat(workspace.engine().state(copy.id()).orElseThrow().status()).isEqualTo(ConversationStatus.WAITING);
            assertThat(workspace.engine().conversations()).hasSize(2);
        }
    }

    @Test
    void anImportWithAnUnsafeIdOrAnOversizeMessageIsRefusedAndStoresNothing() throws Exception {
        Path unsafe = dir.resolve("unsafe.json");
        Files.writeString(unsafe, "{\"id\": \"../escape\", \"task_prompt\": \"T\", \"messages\": []}");
        Path oversize = dir.resolve("oversize.json");
        Files.writeString(oversize, "{\"id\": \"big\", \"task_prompt\": \"T\", \"messages\": [{\"speaker_id\":"
                + " \"starter-ada\", \"content\": \"" + "x".repeat(1024 * 1024 + 1) + "\"}]}");
        try (Workspace workspace = open(TenantId.LOCAL)) {
            assertThatThrownBy(() -> workspace.engine().restoreFrom(unsafe))
                    .isInstanceOf(InvalidSnapshotException.class)
                    .hasMessage("Invalid session snapshot " + unsafe + ": its id '../escape' may hold only letters,"
                            + " digits, '.', '-' and '_'");
            assertThatThrownBy(() -> workspace.engine().restoreFrom(oversize))
                    .hasMessageContaining("over the limit of 1048576 bytes (1 MiB); nothing was stored");
            assertThat(workspace.engine().conversations()).isEmpty();
        }
    }

    @Test
    void snapshotsAreSavedWhenTheTurnPassesToYouAndWhenTheConversationStops() throws Exception {
        SnapshotFolder folder = new SnapshotFolder(dir);
        try (Workspace workspace = open(TenantId.LOCAL)) {
            List<LoopEvent> events = new CopyOnWriteArrayList<>();
            workspace.engine().subscribe(events::add);
            ConversationId id = workspace.engine().startConversation(List.of(ADA, Participant.HUMAN), "Plan a picnic",
                    OptionalInt.of(4));
            workspace.engine().await(id, Duration.ofSeconds(20));
            await().atMost(Duration.ofSeconds(10)).until(() -> events.stream()
                    .anyMatch(event -> event instanceof LoopEvent.SessionSaved saved && saved.conversationId().equals(id)));
            assertThat(folder.load(TenantId.LOCAL, id).orElseThrow().messages()).hasSize(1);
            assertThat(folder.load(TenantId.LOCAL, id).orElseThrow().status()).isEqualTo(ConversationStatus.WAITING);

            workspace.engine().abort(id, AbortOutcome.INTERRUPT);
            await().atMost(Duration.ofSeconds(10)).until(() -> folder.load(TenantId.LOCAL, id).orElseThrow().status()
                    == ConversationStatus.INTERRUPTED);
        }
        ConversationId stopped;
        try (Workspace workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(60_000))) {
            stopped = workspace.engine().startConversation(List.of(ADA, BRUNO), "Name a dog", OptionalInt.of(4));
        }
        assertThat(folder.load(TenantId.LOCAL, stopped).orElseThrow().status())
                .as("saved on stop, before the store closed").isEqualTo(ConversationStatus.INTERRUPTED);
    }

    @Test
    void aFailedSaveIsReportedAndRetriedAndTheConversationCarriesOn() throws Exception {
        Path blocker = dir.resolve("sessions");
        Files.writeString(blocker, "a file where the snapshot folder should be");
        try (Workspace workspace = open(TenantId.LOCAL)) {
            List<LoopEvent> events = new CopyOnWriteArrayList<>();
            workspace.engine().subscribe(events::add);
            ConversationId id = workspace.engine().startConversation(List.of(ADA, BRUNO), "Name a cat", OptionalInt.of(2));
            await().atMost(Duration.ofSeconds(10)).until(() -> events.stream().anyMatch(LoopEvent.SaveFailed.class::isInstance));
            LoopEvent.SaveFailed failed = events.stream().filter(LoopEvent.SaveFailed.class::isInstance)
                    .map(LoopEvent.SaveFailed.class::cast).findFirst().orElseThrow();
            assertThat(failed.attempt()).isEqualTo(1);
            assertThat(failed.retrying()).isTrue();
            assertThat(failed.message()).startsWith("Could not save the snapshot of conversation " + id);
            assertThat(workspace.engine().state(id).orElseThrow().status()).isEqualTo(ConversationStatus.COMPLETED);

            Files.delete(blocker);
            await().atMost(Duration.ofSeconds(10)).until(() -> events.stream()
                    .anyMatch(LoopEvent.SessionSaved.class::isInstance));
            assertThat(new SnapshotFolder(dir).load(TenantId.LOCAL, id).orElseThrow().messages()).hasSize(2);
        }
    }
}
