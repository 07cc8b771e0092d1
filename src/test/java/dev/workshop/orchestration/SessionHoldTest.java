package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.AgentInstance;
import dev.workshop.domain.canvas.Behaviour;
import dev.workshop.domain.canvas.CanvasScene;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.canvas.Rope;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.session.HeldSession;
import dev.workshop.session.HeldSessionJson;
import dev.workshop.session.HoldConflictException;
import dev.workshop.session.git.GitSessions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hold a conversation on its own git branch, re-inflate it elsewhere, fork it to a branch (seed 001). */
class SessionHoldTest {
    private static final AgentId ADA = new AgentId("starter-ada");
    private static final AgentId BRUNO = new AgentId("starter-bruno");
    private static final AgentId CHEN = new AgentId("starter-chen");

    @TempDir
    Path first;
    @TempDir
    Path second;
    @TempDir
    Path shared;

    private static Workspace open(Path dir, long offlineDelayMillis) {
        return Wiring.openWorkspace(dir, new WorkspaceOptions(offlineDelayMillis));
    }

    private static List<MessageRecorded> messages(Workspace workspace, ConversationId id) {
        return workspace.engine().history(id).stream().map(RecordedEvent::event)
                .filter(MessageRecorded.class::isInstance).map(MessageRecorded.class::cast).toList();
    }

    private static ConversationId finished(Workspace workspace, int turns) throws InterruptedException {
        ConversationId id = workspace.engine().startConversation(List.of(ADA, BRUNO), "Name a cat",
                OptionalInt.of(turns));
        assertThat(workspace.engine().await(id, Duration.ofSeconds(60))).isTrue();
        return id;
    }

    /** Ada and Bruno placed on the canvas for {@code id}, a rope between them. */
    private static CanvasScene laidOut(Workspace workspace, ConversationId id) {
        AgentInstance ada = new AgentInstance(new InstanceId("instance-ada"), ADA, new Point(120, 80), Behaviour.WANDER);
        AgentInstance bruno = new AgentInstance(new InstanceId("instance-bruno"), BRUNO, new Point(360, 240),
                Behaviour.STATIONARY);
        CanvasScene scene = new CanvasScene(List.of(ada, bruno),
                List.of(new Rope("rope-1", ada.id(), bruno.id(), "reviews")), CanvasScene.EMPTY.camera(),
                CanvasScene.EMPTY.settings(), Map.of(id, List.of(ada.id(), bruno.id())), Map.of());
        workspace.scene().saveSoon(scene);
        return scene;
    }

    @Test
    void aHeld200TurnConversationReinflatesElsewhereWithTheSameEventsStatisticsAndLayout() throws Exception {
        ConversationId id;
        List<RecordedEvent> held;
        CanvasScene scene;
        HoldOutcome outcome;
        try (Workspace workspace = open(first, 0)) {
            id = finished(workspace, 200);
            scene = laidOut(workspace, id);
            outcome = workspace.holds().hold(id, SessionLocation.DEFAULT, Optional.of("Park it"));
            held = workspace.engine().history(id);
            ConversationState state = workspace.engine().state(id).orElseThrow();
            assertThat(state.status()).isEqualTo(ConversationStatus.HELD);
            assertThat(state.statusReason()).isEqualTo("Held on branch " + outcome.branch());
        }
        assertThat(outcome.branch()).isEqualTo("workshop/name-a-cat-" + id.value().substring(0, 8));
        assertThat(outcome.committed()).isTrue();
        assertThat(outcome.turns()).isEqualTo(200);

        try (Workspace elsewhere = open(second, 0)) {
            Reinflated back = elsewhere.holds().reinflate(outcome.branch(),
                    SessionLocation.of(first.resolve("sessions.git"), null), false, false);
            assertThat(back.outcome()).isEqualTo(Reinflated.Outcome.ADDED);
            assertThat(back.id()).isEqualTo(id);
            List<RecordedEvent> there = elsewhere.engine().history(id);
            // The same events, seqs and times, then the status it had before the hold (it had ended).
            assertThat(there.subList(0, held.size())).isEqualTo(held);
            assertThat(there).hasSize(held.size() + 1);
            assertThat(Transcript.of(there).statistics()).isEqualTo(Transcript.of(held).statistics());
            ConversationState state = elsewhere.engine().state(id).orElseThrow();
            assertThat(state.status()).isEqualTo(ConversationStatus.COMPLETED);
            assertThat(state.turnCount()).isEqualTo(200);
            assertThat(state.createdAt()).isEqualTo(held.getFirst().recordedAt());
            CanvasScene placed = elsewhere.scene().current();
            assertThat(placed.instances()).containsExactlyInAnyOrderElementsOf(scene.instances());
            assertThat(placed.ropes()).containsExactlyElementsOf(scene.ropes());
            assertThat(placed.conversationInstances().get(id)).containsExactly(new InstanceId("instance-ada"),
                    new InstanceId("instance-bruno"));
        }
    }

    /**
     * A held session carries the elements it needs: re-inflated in another data directory, its pinboard and its
     * agents' inboxes and memories are there with their histories, and going on there applies no action twice.
     */
    @Test
    void aHeldSessionCarriesItsElementsAndGoingOnElsewhereRepeatsNoAction() throws Exception {
        ConversationId id;
        List<dev.workshop.domain.element.ElementChange> pinsHeld;
        HoldOutcome outcome;
        try (Workspace workspace = open(first, 0)) {
            workspace.engine().elements().create(dev.workshop.domain.element.ElementKind.PINBOARD, "Plans");
            id = workspace.engine().startConversation(List.of(ADA, BRUNO), "Name a cat", OptionalInt.of(6));
            assertThat(workspace.engine().await(id, Duration.ofSeconds(60))).isTrue();
            outcome = workspace.holds().hold(id, SessionLocation.DEFAULT, Optional.empty());
            var elements = workspace.engine().elements();
            pinsHeld = elements.history(elements.find("Plans").orElseThrow().id());
        }
        assertThat(pinsHeld).hasSizeGreaterThan(2);

        try (Workspace elsewhere = open(second, 0)) {
            elsewhere.holds().reinflate(outcome.branch(), SessionLocation.of(first.resolve("sessions.git"), null),
                    false, false);
            var elements = elsewhere.engine().elements();
            String plans = elements.find("Plans").orElseThrow().id();
            assertThat(elements.history(plans)).isEqualTo(pinsHeld);
            assertThat(elements.memories().of(ADA.value())).isPresent();
            elsewhere.engine().followUp(id, 2, "Go on", Optional.empty());
            assertThat(elsewhere.engine().await(id, Duration.ofSeconds(60))).isTrue();
            java.util.Map<dev.workshop.domain.element.Provenance, Integer> applied = new java.util.HashMap<>();
            for (var element : elements.environment().elements()) {
                elements.history(element.id()).stream().map(change -> change.provenance())
                        .filter(from -> !from.isByHand() && !from.isSummary())
                        .forEach(from -> applied.merge(from, 1, Integer::sum));
            }
            assertThat(applied.values()).containsOnly(1);
            assertThat(elements.history(plans)).hasSizeGreaterThan(pinsHeld.size());
        }
    }

    @Test
    void aConversationHeldMidTurnGoesOnElsewhereWithTheNextSpeakerAndEveryTurnOnce() throws Exception {
        Path remote = shared.resolve("team.git");
        Git.init().setBare(true).setDirectory(remote.toFile()).call().close();
        ConversationId id;
        int heldTurns;
        try (Workspace workspace = open(first, 25)) {
            id = workspace.engine().startConversation(List.of(ADA, BRUNO, CHEN), "Plan an offsite", OptionalInt.of(12));
            ConversationId running = id;
            await().atMost(Duration.ofSeconds(30)).until(() -> messages(workspace, running).size() >= 3);
            HoldOutcome outcome = workspace.holds().hold(id, SessionLocation.of(null, remote.toString()),
                    Optional.empty());
            assertThat(outcome.pushedTo()).contains(remote.toString());
            assertThat(workspace.engine().isRunning(id)).isFalse();
            heldTurns = messages(workspace, id).size();
            assertThat(heldTurns).isLessThan(12);
            assertThatThrownBy(() -> workspace.engine().message(id, "Hello?"))
                    .hasMessageContaining("is held").hasMessageContaining("workshop reinflate");
            assertThatThrownBy(() -> workspace.engine().resume(id)).hasMessageContaining("is held");
        }
        try (Workspace elsewhere = open(second, 0)) {
            List<HeldEntry> listed = elsewhere.holds().held(SessionLocation.of(null, "file://" + remote));
            assertThat(listed).singleElement().satisfies(entry -> {
                assertThat(entry.id()).isEqualTo(id.value());
                assertThat(entry.turns()).isEqualTo(heldTurns);
                assertThat(entry.participants()).containsExactly("Ada", "Bruno", "Chen");
            });
            Reinflated back = elsewhere.holds().reinflate(id.value().substring(0, 8),
                    SessionLocation.of(null, remote.toString()), false, false);
            assertThat(back.status()).isEqualTo(ConversationStatus.WAITING);
            assertThat(back.messageCount()).isEqualTo(heldTurns);
            assertThat(elsewhere.engine().isRunning(id)).as("paused until the user goes on").isFalse();
            assertThat(elsewhere.engine().resume(id)).isTrue();
            assertThat(elsewhere.engine().await(id, Duration.ofSeconds(60))).isTrue();
            List<MessageRecorded> transcript = messages(elsewhere, id);
            assertThat(transcript).hasSize(12);
            List<String> rotation = List.of("Ada", "Bruno", "Chen");
            for (int turn = 0; turn < 12; turn++) {
                assertThat(transcript.get(turn).turnIndex()).isEqualTo(turn);
                assertThat(transcript.get(turn).speakerName()).isEqualTo(rotation.get(turn % 3));
            }
        }
    }

    @Test
    void reinflatingWhereItWasHeldReleasesItAndAgainIsANoOpThatSaysSo() throws Exception {
        try (Workspace workspace = open(first, 0)) {
            ConversationId id = finished(workspace, 4);
            HoldOutcome outcome = workspace.holds().hold(id, SessionLocation.DEFAULT, Optional.empty());
            HoldOutcome again = workspace.holds().hold(id, SessionLocation.DEFAULT, Optional.empty());
            assertThat(again.committed()).as("holding what is held commits nothing").isFalse();
            assertThat(again.commit()).isEqualTo(outcome.commit());

            Reinflated released = workspace.holds().reinflate(outcome.branch(), SessionLocation.DEFAULT, false, false);
            assertThat(released.outcome()).isEqualTo(Reinflated.Outcome.RELEASED);
            assertThat(released.status()).isEqualTo(ConversationStatus.COMPLETED);
            long version = workspace.engine().state(id).orElseThrow().version();

            // Held again after it went on: the same branch gets a new commit on top.
            workspace.engine().followUp(id, 2, "And a dog?", Optional.empty());
            assertThat(workspace.engine().await(id, Duration.ofSeconds(30))).isTrue();
            HoldOutcome later = workspace.holds().hold(id, SessionLocation.DEFAULT, Optional.empty());
            assertThat(later.branch()).isEqualTo(outcome.branch());
            try (GitSessions repository = GitSessions.open(workspace.holds().defaultRepository());
                 Git git = Git.open(workspace.holds().defaultRepository().toFile())) {
                assertThat(repository.tip(later.branch())).contains(later.commit());
                List<String> log = new ArrayList<>();
                git.log().add(git.getRepository().resolve(later.commit())).call().forEach(c -> log.add(c.name()));
                assertThat(log).containsExactly(later.commit(), outcome.commit());
            }
            assertThat(version).isLessThan(workspace.engine().state(id).orElseThrow().version());
        }
        try (Workspace workspace = open(second, 0)) {
            assertThatThrownBy(() -> workspace.holds().reinflate("workshop/no-such-00000000",
                    SessionLocation.of(first.resolve("sessions.git"), null), false, false))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("No held session");
            assertThat(workspace.conversationCount()).isZero();
        }
    }

    @Test
    void aConversationThatWentOnDifferentlyIsRefusedAndReinflatesAsAForkInstead() throws Exception {
        ConversationId id;
        HoldOutcome outcome;
        try (Workspace workspace = open(first, 0)) {
            id = finished(workspace, 4);
            outcome = workspace.holds().hold(id, SessionLocation.of(null, null), Optional.empty());
        }
        Path repository = first.resolve("sessions.git");
        try (Workspace elsewhere = open(second, 0)) {
            elsewhere.holds().reinflate(outcome.branch(), SessionLocation.of(repository, null), false, false);
            elsewhere.engine().followUp(id, 2, "Now a dog", Optional.empty());
            assertThat(elsewhere.engine().await(id, Duration.ofSeconds(30))).isTrue();
        }
        try (Workspace workspace = open(first, 0)) {
            workspace.holds().reinflate(outcome.branch(), SessionLocation.DEFAULT, false, false);
            workspace.engine().followUp(id, 2, "Now a bird", Optional.empty());
            assertThat(workspace.engine().await(id, Duration.ofSeconds(30))).isTrue();
        }
        try (Workspace elsewhere = open(second, 0)) {
            HoldOutcome there = elsewhere.holds().hold(id, SessionLocation.of(repository, null), Optional.empty());
            assertThat(there.committed()).isTrue();
        }
        try (Workspace workspace = open(first, 0)) {
            List<RecordedEvent> before = workspace.engine().history(id);
            assertThatThrownBy(() -> workspace.holds().reinflate(outcome.branch(), SessionLocation.DEFAULT, false, false))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("went on differently")
                    .hasMessageContaining("--as-fork");
            assertThatThrownBy(() -> workspace.holds().hold(id, SessionLocation.DEFAULT, Optional.empty()))
                    .isInstanceOf(HoldConflictException.class).hasMessageContaining("another continuation");
            assertThat(workspace.engine().history(id)).isEqualTo(before);
            assertThat(workspace.engine().state(id).orElseThrow().status()).isNotEqualTo(ConversationStatus.HELD);

            Reinflated fork = workspace.holds().reinflate(outcome.branch(), SessionLocation.DEFAULT, true, false);
            assertThat(fork.outcome()).isEqualTo(Reinflated.Outcome.FORKED);
            assertThat(fork.id()).isNotEqualTo(id);
            assertThat(messages(workspace, fork.id())).extracting(MessageRecorded::content)
                    .containsExactlyElementsOf(messagesOfBranch(repository, outcome.branch()).stream()
                            .map(MessageRecorded::content).toList())
                    .contains("Now a dog").doesNotContain("Now a bird");
            assertThat(messages(workspace, id)).extracting(MessageRecorded::content).contains("Now a bird");
        }
    }

    private static List<MessageRecorded> messagesOfBranch(Path repository, String branch) {
        try (GitSessions sessions = GitSessions.open(repository)) {
            HeldSession session = HeldSessionJson.read(sessions.read(sessions.tip(branch).orElseThrow()), branch);
            return session.history().stream().map(RecordedEvent::event).filter(MessageRecorded.class::isInstance)
                    .map(MessageRecorded.class::cast).toList();
        }
    }

    @Test
    void aForkAtEveryTurnIsHeldOnABranchOfItsOwnNamingItsParentAndTheSourceIsUntouched() throws Exception {
        try (Workspace workspace = open(first, 0)) {
            ConversationId source = finished(workspace, 5);
            List<RecordedEvent> before = workspace.engine().history(source);
            List<String> branches = new ArrayList<>();
            for (int turn = 0; turn < 5; turn++) {
                HoldOutcome fork = workspace.holds().forkAndHold(source, turn, SessionLocation.DEFAULT);
                branches.add(fork.branch());
                try (GitSessions repository = GitSessions.open(workspace.holds().defaultRepository())) {
                    HeldSession session = HeldSessionJson.read(repository.read(fork.commit()), fork.branch());
                    assertThat(session.parent()).contains(new HeldSession.Parent(source, turn));
                    assertThat(session.state().turnCount()).isEqualTo(turn + 1);
                }
            }
            assertThat(branches).doesNotHaveDuplicates();
            assertThat(workspace.engine().history(source)).isEqualTo(before);
            assertThat(workspace.holds().held(SessionLocation.DEFAULT)).hasSize(5);
        }
    }

    @Test
    void twoHoldsOfTheSameSessionAtOnceCommitOnceAndTheOtherIsToldWithNoCommitLost() throws Exception {
        Path repository = shared.resolve("holds.git");
        Git.init().setBare(true).setDirectory(repository.toFile()).call().close();
        ConversationId id;
        try (Workspace workspace = open(first, 0)) {
            id = finished(workspace, 4);
        }
        try (Workspace workspace = open(first, 0)) {
            // In one process: the second waits for the first and is told the conversation is held already.
            CountDownLatch go = new CountDownLatch(1);
            ExecutorService threads = Executors.newFixedThreadPool(2);
            List<Future<HoldOutcome>> holds = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                holds.add(threads.submit(() -> {
                    go.await();
                    return workspace.holds().hold(id, SessionLocation.of(repository, null), Optional.empty());
                }));
            }
            go.countDown();
            HoldOutcome one = holds.get(0).get();
            HoldOutcome other = holds.get(1).get();
            threads.shutdown();
            assertThat(List.of(one.committed(), other.committed())).containsExactlyInAnyOrder(true, false);
            assertThat(one.commit()).isEqualTo(other.commit());
        }
        // Two data directories holding the same session onto one branch: compare-and-swap lets one win.
        try (Workspace a = open(first, 0); Workspace b = open(second, 0)) {
            String branch = a.holds().held(SessionLocation.of(repository, null)).getFirst().branch();
            b.holds().reinflate(branch, SessionLocation.of(repository, null), false, false);
            a.holds().reinflate(branch, SessionLocation.of(repository, null), false, false);
            a.engine().followUp(id, 2, "Now a dog", Optional.empty());
            b.engine().followUp(id, 2, "Now a bird", Optional.empty());
            assertThat(a.engine().await(id, Duration.ofSeconds(30))).isTrue();
            assertThat(b.engine().await(id, Duration.ofSeconds(30))).isTrue();
            String before;
            try (GitSessions sessions = GitSessions.open(repository)) {
                before = sessions.tip(branch).orElseThrow();
            }
            CountDownLatch go = new CountDownLatch(1);
            ExecutorService threads = Executors.newFixedThreadPool(2);
            List<Future<Object>> results = new ArrayList<>();
            for (Workspace workspace : List.of(a, b)) {
                results.add(threads.submit(() -> {
                    go.await();
                    try {
                        return workspace.holds().hold(id, SessionLocation.of(repository, null), Optional.empty());
                    } catch (HoldConflictException told) {
                        return told;
                    }
                }));
            }
            go.countDown();
            List<Object> outcomes = List.of(results.get(0).get(), results.get(1).get());
            threads.shutdown();
            assertThat(outcomes).filteredOn(HoldOutcome.class::isInstance).hasSize(1);
            assertThat(outcomes).filteredOn(HoldConflictException.class::isInstance).hasSize(1);
            HoldOutcome winner = (HoldOutcome) outcomes.stream().filter(HoldOutcome.class::isInstance).findFirst()
                    .orElseThrow();
            try (Git git = Git.open(repository.toFile())) {
                List<String> log = new ArrayList<>();
                git.log().add(git.getRepository().resolve(winner.commit())).call().forEach(c -> log.add(c.name()));
                assertThat(log).containsExactly(winner.commit(), before);
            }
            assertThat(List.of(a, b)).as("only the winner is held").filteredOn(workspace ->
                    workspace.engine().state(id).orElseThrow().status() == ConversationStatus.HELD).hasSize(1);
        }
    }

    @Test
    void aPushThatIsNotAFastForwardIsRefusedAndTheConversationIsNotHeld() throws Exception {
        Path remote = shared.resolve("team.git");
        Git.init().setBare(true).setDirectory(remote.toFile()).call().close();
        SessionLocation team = SessionLocation.of(null, remote.toString());
        ConversationId id;
        try (Workspace workspace = open(first, 0)) {
            id = finished(workspace, 4);
            workspace.holds().hold(id, team, Optional.empty());
        }
        try (Workspace elsewhere = open(second, 0)) {
            elsewhere.holds().reinflate(id.value(), team, false, false);
            elsewhere.engine().followUp(id, 2, "Now a dog", Optional.empty());
            assertThat(elsewhere.engine().await(id, Duration.ofSeconds(30))).isTrue();
            assertThat(elsewhere.holds().hold(id, team, Optional.empty()).pushedTo()).contains(remote.toString());
        }
        try (Workspace workspace = open(first, 0);
             GitSessions sessions = GitSessions.open(remote)) {
            String remoteTip = sessions.branches().getFirst().commit();
            workspace.holds().reinflate(id.value(), SessionLocation.DEFAULT, false, false);
            workspace.engine().followUp(id, 2, "Now a bird", Optional.empty());
            assertThat(workspace.engine().await(id, Duration.ofSeconds(30))).isTrue();

            assertThatThrownBy(() -> workspace.holds().hold(id, team, Optional.empty()))
                    .isInstanceOf(HoldConflictException.class).hasMessageContaining("has commits this one has not")
                    .hasMessageContaining("never is by force");
            assertThat(workspace.engine().state(id).orElseThrow().status()).isEqualTo(ConversationStatus.COMPLETED);
            assertThat(sessions.branches().getFirst().commit()).as("the remote branch as it was").isEqualTo(remoteTip);
        }
    }

    @Test
    void missingAgentsAreNamedAndTheDefinitionsTheSessionCarriesCanBeAddedBack() throws Exception {
        HoldOutcome held;
        try (Workspace workspace = open(first, 0)) {
            ConversationId id = finished(workspace, 2);
            held = workspace.holds().hold(id, SessionLocation.DEFAULT, Optional.empty());
        }
        SessionLocation there = SessionLocation.of(first.resolve("sessions.git"), null);
        try (Workspace elsewhere = open(second, 0)) {
            assertThat(elsewhere.agents().remove(BRUNO)).isTrue();
            Reinflated back = elsewhere.holds().reinflate(held.branch(), there, false, false);
            assertThat(back.missingAgents()).containsExactly("Bruno");
            assertThat(back.summary()).contains("not among your agents: Bruno");
        }
        try (Workspace third = open(shared.resolve("third"), 0)) {
            String persona = third.agents().find(BRUNO).orElseThrow().persona();
            assertThat(third.agents().remove(BRUNO)).isTrue();
            Reinflated back = third.holds().reinflate(held.branch(), there, false, true);
            assertThat(back.addedAgents()).containsExactly("Bruno");
            assertThat(back.missingAgents()).isEmpty();
            assertThat(third.agents().find(BRUNO).orElseThrow().persona()).isEqualTo(persona);
        }
    }

    @Test
    void aUsersOwnRepositoryHoldsSessionsWithoutItsWorkTreeIndexOrHeadBeingTouched() throws Exception {
        Path project = shared.resolve("project");
        String head;
        byte[] index;
        try (Git git = Git.init().setDirectory(project.toFile()).setInitialBranch("main").call()) {
            java.nio.file.Files.writeString(project.resolve("README.md"), "My project\n");
            git.add().addFilepattern("README.md").call();
            head = git.commit().setMessage("First").setAuthor("Me", "me@example.com")
                    .setCommitter("Me", "me@example.com").call().name();
            java.nio.file.Files.writeString(project.resolve("README.md"), "My project, edited and not committed\n");
            java.nio.file.Files.writeString(project.resolve("notes.txt"), "untracked\n");
            index = java.nio.file.Files.readAllBytes(project.resolve(".git/index"));
        }
        String headFile = java.nio.file.Files.readString(project.resolve(".git/HEAD"));
        try (Workspace workspace = open(first, 0)) {
            ConversationId id = finished(workspace, 2);
            HoldOutcome held = workspace.holds().hold(id, SessionLocation.of(project, null), Optional.empty());
            assertThat(held.repository()).isEqualTo(project);
        }
        try (Git git = Git.open(project.toFile())) {
            assertThat(git.getRepository().resolve("HEAD").name()).isEqualTo(head);
            assertThat(java.nio.file.Files.readString(project.resolve(".git/HEAD"))).isEqualTo(headFile);
            assertThat(java.nio.file.Files.readAllBytes(project.resolve(".git/index"))).isEqualTo(index);
            assertThat(java.nio.file.Files.readString(project.resolve("README.md")))
                    .isEqualTo("My project, edited and not committed\n");
            assertThat(project.resolve(".workshop")).as("nothing written into the work tree").doesNotExist();
            assertThat(git.status().call().getModified()).containsExactly("README.md");
            assertThat(git.status().call().getUntracked()).containsExactly("notes.txt");
            assertThat(git.branchList().call()).extracting(ref -> ref.getName())
                    .contains("refs/heads/main").anyMatch(name -> name.startsWith("refs/heads/workshop/name-a-cat-"));
        }
        try (Workspace elsewhere = open(second, 0)) {
            String branch = elsewhere.holds().held(SessionLocation.of(project, null)).getFirst().branch();
            Reinflated back = elsewhere.holds().reinflate(branch, SessionLocation.of(project, null), false, false);
            assertThat(back.messageCount()).isEqualTo(2);
        }
    }
}
