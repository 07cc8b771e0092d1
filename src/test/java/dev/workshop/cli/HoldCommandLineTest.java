package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.Wiring;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.gateway.openai.FakeChatServer;
import dev.workshop.orchestration.SessionLocation;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.session.HeldSession;
import dev.workshop.session.HeldSessionJson;
import dev.workshop.session.git.GitSessions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import dev.workshop.cli.WorkshopProcess.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code workshop hold}, {@code held} and {@code reinflate} in real child JVMs, read with the real git program. */
@dev.workshop.testing.Slow
class HoldCommandLineTest {
    private static final String CANARY = "sk-canary-5f1e0c2b9d7a4e61";
    private final ObjectMapper json = new ObjectMapper();

    @TempDir
    Path dir;

    private static Run workshop(Map<String, String> environment, String... args)
            throws IOException, InterruptedException {
        return WorkshopProcess.run(environment, args);
    }

    private static Run workshop(String... args) throws IOException, InterruptedException {
        return WorkshopProcess.run(Map.of(), args);
    }

    private static Process start(Map<String, String> environment, String... args) throws IOException {
        return WorkshopProcess.start(environment, List.of(args));
    }

    private static String git(Path gitDir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "--git-dir", gitDir.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as("git %s: %s", args, out).isZero();
        return out;
    }

    private static byte[] gitBytes(Path gitDir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "--git-dir", gitDir.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).start();
        process.getOutputStream().close();
        byte[] out = process.getInputStream().readAllBytes();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    @Test
    void aHeldSessionCarriesNoSecretAndTheGitProgramReadsItsBranch() throws Exception {
        Path data = dir.resolve("data");
        Path remote = dir.resolve("remote.git");
        git(remote, "init", "--bare", "--quiet");
        Map<String, String> environment = Map.of("WORKSHOP_CANARY_KEY", CANARY);
        try (FakeChatServer server = new FakeChatServer()) {
            for (String name : List.of("Kim", "Lee")) {
                Run added = workshop(environment, "--data-dir", data.toString(), "agents", "add", "--name", name,
                        "--persona", "You are " + name + ".", "--provider", "openai", "--model", "fake-model",
                        "--base-url", server.baseUrl(), "--api-key-env", "WORKSHOP_CANARY_KEY");
                assertThat(added.exitCode()).as(added.err()).isZero();
            }
            Run run = workshop(environment, "--data-dir", data.toString(), "run", "--agents", "Kim,Lee", "--prompt",
                    "Compare two tents", "--max-turns", "4");
            assertThat(run.exitCode()).as(run.err()).isZero();
            assertThat(server.authorizations).as("the key reached the server").contains("Bearer " + CANARY);
        }
        String id = json.readTree(workshop("--data-dir", data.toString(), "list", "--json").out()).get(0).get("id")
                .asText();

        Run hold = workshop(environment, "--data-dir", data.toString(), "hold", id.substring(0, 8), "--remote",
                remote.toString(), "--message", "Tents, for later");
        assertThat(hold.exitCode()).as(hold.err()).isZero();
        JsonNode held = json.readTree(hold.out());
        String branch = held.get("branch").asText();
        assertThat(held.get("status").asText()).isEqualTo("held");
        assertThat(hold.err()).contains("held on branch " + branch);

        Path repository = data.resolve("sessions.git");
        for (Path gitDir : List.of(repository, remote)) {
            String log = git(gitDir, "log", "--format=%H %s", branch);
            assertThat(log).startsWith(held.get("commit").asText() + " Tents, for later");
            JsonNode session = json.readTree(git(gitDir, "show", branch + ":.workshop/session.json"));
            assertThat(session.get("id").asText()).isEqualTo(id);
            assertThat(session.get("participants").get(0).get("agent").get("endpoint").get("api_key_env").asText())
                    .isEqualTo("WORKSHOP_CANARY_KEY");
            String events = git(gitDir, "show", branch + ":.workshop/events.jsonl");
            assertThat(HeldSessionJson.sha256(events.getBytes(StandardCharsets.UTF_8)))
                    .isEqualTo(session.get("events").get("sha256").asText());
            git(gitDir, "fsck", "--strict");
            // Every object of the repository, inflated: the key is in none of them.
            String objects = new String(gitBytes(gitDir, "cat-file", "--batch-all-objects", "--batch"),
                    StandardCharsets.ISO_8859_1);
            assertThat(objects).contains("Compare two tents").doesNotContain(CANARY);
        }
        try (Stream<Path> files = Files.walk(data)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                assertThat(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1)).as("%s", file)
                        .doesNotContain(CANARY);
            }
        }
    }

    @Test
    void badRepositoriesAndBranchesEndInOneLineAndChangeNothing() throws Exception {
        Path data = dir.resolve("data");
        Run run = workshop("--data-dir", data.toString(), "run", "--agents", "Ada,Bruno", "--prompt", "Name a cat",
                "--max-turns", "2", "--offline-delay-ms", "0");
        assertThat(run.exitCode()).as(run.err()).isZero();
        String before = workshop("--data-dir", data.toString(), "list", "--json").out();
        String id = json.readTree(before).get(0).get("id").asText();

        Path notThere = dir.resolve("nowhere");
        Path plain = Files.createDirectories(dir.resolve("plain-folder"));
        Path odd = dir.resolve("odd.git");
        git(odd, "init", "--bare", "--quiet");
        // A branch of the right name whose commit holds no session: made with git's own plumbing.
        Path emptyFile = Files.writeString(dir.resolve("empty.txt"), "not a session\n");
        String blob = git(odd, "hash-object", "-w", emptyFile.toString()).strip();
        String tree = mktree(odd, "100644 blob " + blob + "\tREADME\n");
        String commit = git(odd, "commit-tree", tree, "-m", "not a session").strip();
        git(odd, "update-ref", "refs/heads/workshop/readme-00000000", commit);

        List<List<String>> cases = List.of(
                List.of("hold", "00000000-0000-0000-0000-000000000000"),
                List.of("hold", id, "--repo", notThere.toString()),
                List.of("hold", id, "--repo", plain.toString()),
                List.of("reinflate", "workshop/x-12345678", "--repo", odd.toString()),
                List.of("reinflate", "workshop/readme-00000000", "--repo", odd.toString()),
                List.of("reinflate", "anything", "--remote", "file://" + dir.resolve("no-such.git")),
                List.of("held", "--repo", notThere.toString()));
        List<String> expected = List.of("No conversation", "There is no repository at", "is not a git repository",
                "No held session 'workshop/x-12345678'", "holds no .workshop/session.json", "Cannot reach",
                "There is no repository at");
        for (int at = 0; at < cases.size(); at++) {
            int i = at;
            List<String> args = new ArrayList<>(List.of("--data-dir", data.toString()));
            args.addAll(cases.get(i));
            Run bad = workshop(args.toArray(String[]::new));
            assertThat(bad.exitCode()).as("%s: %s", cases.get(i), bad.err()).isEqualTo(ExitCode.USAGE);
            assertThat(bad.err().strip().lines().toList()).as("%s", cases.get(i)).singleElement()
                    .satisfies(line -> assertThat(line).startsWith("workshop: ").contains(expected.get(i)));
            assertThat(bad.out()).isEmpty();
        }

        // A repository whose branches cannot be written: exit 4, and the conversation is not held.
        Path locked = dir.resolve("locked.git");
        git(locked, "init", "--bare", "--quiet");
        Files.writeString(locked.resolve("refs/heads/workshop"), "a file where the branches' folder would be\n");
        Run unwritable = workshop("--data-dir", data.toString(), "hold", id, "--repo", locked.toString());
        assertThat(unwritable.exitCode()).as(unwritable.err()).isEqualTo(ExitCode.STORE_ERROR);
        assertThat(unwritable.err().strip().lines().toList()).singleElement()
                .satisfies(line -> assertThat(line).contains("cannot be written").contains("nothing was held"));

        assertThat(workshop("--data-dir", data.toString(), "list", "--json").out()).isEqualTo(before);
    }

    private static String mktree(Path gitDir, String entries) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("git", "--git-dir", gitDir.toString(), "mktree").start();
        process.getOutputStream().write(entries.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return out.strip();
    }

    @Test
    void aSessionHeldInFormatOneAndCommittedByGitItselfReinflates() throws Exception {
        Path repository = dir.resolve("fixture.git");
        git(repository, "init", "--bare", "--quiet");
        Path folder = Files.createDirectories(dir.resolve("fixture"));
        for (String name : List.of("session.json", "events.jsonl")) {
            try (InputStream in = HoldCommandLineTest.class.getResourceAsStream("/dev/workshop/session/held-v1/" + name)) {
                Files.write(folder.resolve(name), in.readAllBytes());
            }
        }
        String events = git(repository, "hash-object", "-w", folder.resolve("events.jsonl").toString()).strip();
        String session = git(repository, "hash-object", "-w", folder.resolve("session.json").toString()).strip();
        String inner = mktree(repository, "100644 blob " + events + "\tevents.jsonl\n100644 blob " + session
                + "\tsession.json\n");
        String tree = mktree(repository, "040000 tree " + inner + "\t.workshop\n");
        String commit = git(repository, "commit-tree", tree, "-m", "Hold: Plan a picnic (9 turns)").strip();
        git(repository, "update-ref", "refs/heads/workshop/plan-a-picnic-06979d32", commit);

        Path data = dir.resolve("data");
        Run listed = workshop("--data-dir", data.toString(), "held", "--repo", repository.toString(), "--json");
        assertThat(listed.exitCode()).as(listed.err()).isZero();
        assertThat(json.readTree(listed.out()).get(0).get("turns").asInt()).isEqualTo(9);
        Run back = workshop("--data-dir", data.toString(), "reinflate", "06979d32", "--repo", repository.toString());
        assertThat(back.exitCode()).as(back.err()).isZero();
        JsonNode result = json.readTree(back.out());
        assertThat(result.get("outcome").asText()).isEqualTo("added");
        assertThat(result.get("status").asText()).isEqualTo("completed");
        assertThat(result.get("turn_count").asInt()).isEqualTo(9);
        Run again = workshop("--data-dir", data.toString(), "reinflate", "06979d32", "--repo", repository.toString());
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.err()).contains("is here already with everything").contains("nothing changed");
        assertThat(json.readTree(again.out()).get("outcome").asText()).isEqualTo("already_here");
    }

    /**
     * SIGKILL at a random moment of {@code workshop hold} (once its first object is written, or before): the
     * branch is at the old commit or the new one, and the conversation is held with that commit or not held;
     * holding again finishes the job.
     */
    @Test
    void aHoldKilledAtAnyMomentLeavesTheBranchAndTheConversationConsistent() throws Exception {
        Path data = dir.resolve("data");
        Run run = workshop("--data-dir", data.toString(), "run", "--agents", "Ada,Bruno", "--prompt", "Name a cat",
                "--max-turns", "4", "--offline-delay-ms", "0");
        assertThat(run.exitCode()).as(run.err()).isZero();
        ConversationId id = new ConversationId(json.readTree(workshop("--data-dir", data.toString(), "list", "--json")
                .out()).get(0).get("id").asText());
        Path repository = data.resolve("sessions.git");
        long seed = System.nanoTime();
        Random random = new Random(seed);
        int killedWhileHolding = 0;
        for (int round = 1; round <= 4; round++) {
            if (round > 1) {
                goOn(data, id, round);
            }
            long objectsBefore = countObjects(repository);
            Process hold = start(Map.of(), "--data-dir", data.toString(), "hold", id.value());
            int extraMillis = random.nextInt(0, 40);
            // Killed once the hold wrote its first object (plus a little), or when it ends first.
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(1))
                    .until(() -> !hold.isAlive() || countObjects(repository) > objectsBefore);
            long until = System.nanoTime() + extraMillis * 1_000_000L;
            await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(1))
                    .until(() -> !hold.isAlive() || System.nanoTime() >= until);
            if (hold.isAlive()) {
                killedWhileHolding++;
            }
            hold.destroyForcibly();
            hold.waitFor(30, TimeUnit.SECONDS);
            requireConsistent(data, repository, id, "round " + round + ", seed " + seed);

            Run again = workshop("--data-dir", data.toString(), "hold", id.value());
            assertThat(again.exitCode()).as(again.err()).isZero();
            try (Workspace workspace = Wiring.openWorkspace(data, WorkspaceOptions.DEFAULTS);
                 GitSessions sessions = GitSessions.open(repository)) {
                String branch = json.readTree(again.out()).get("branch").asText();
                HeldSession atTip = HeldSessionJson.read(sessions.read(sessions.tip(branch).orElseThrow()), branch);
                assertThat(workspace.store().history(workspace.tenant(), id)).isEqualTo(atTip.history());
                assertThat(workspace.engine().state(id).orElseThrow().status()).isEqualTo(ConversationStatus.HELD);
            }
        }
        assertThat(killedWhileHolding).as("rounds whose hold was killed before it ended (seed %d)", seed)
                .isPositive();
    }

    /** Re-inflates the held conversation and takes one more follow-up round, so that the next hold commits. */
    private static void goOn(Path data, ConversationId id, int round) throws InterruptedException {
        try (Workspace workspace = Wiring.openWorkspace(data, new WorkspaceOptions(0))) {
            String branch = workspace.holds().held(SessionLocation.DEFAULT).getFirst().branch();
            workspace.holds().reinflate(branch, SessionLocation.DEFAULT, false, false);
            ConversationState state = workspace.engine().state(id).orElseThrow();
            int turnNumber = dev.workshop.domain.conversation.Transcript.of(workspace.engine().history(id)).turnNumber();
            workspace.engine().followUp(id, turnNumber + 1, "Round " + round, Optional.empty());
            assertThat(workspace.engine().await(id, Duration.ofSeconds(30))).isTrue();
            assertThat(state).isNotNull();
        }
    }

    private static void requireConsistent(Path data, Path repository, ConversationId id, String where) {
        try (Workspace workspace = Wiring.openWorkspace(data, WorkspaceOptions.DEFAULTS)) {
            List<RecordedEvent> local = workspace.store().history(workspace.tenant(), id);
            ConversationState state = workspace.engine().state(id).orElseThrow();
            if (!Files.exists(repository.resolve("HEAD"))) {
                assertThat(state.status()).as(where).isNotEqualTo(ConversationStatus.HELD);
                return;
            }
            try (GitSessions sessions = GitSessions.open(repository)) {
                List<GitSessions.Branch> branches = sessions.branches();
                if (branches.isEmpty()) {
                    assertThat(state.status()).as(where).isNotEqualTo(ConversationStatus.HELD);
                    return;
                }
                HeldSession atTip = HeldSessionJson.read(sessions.read(branches.getFirst().commit()),
                        branches.getFirst().name());
                if (state.status() == ConversationStatus.HELD) {
                    assertThat(local).as("held with the branch's commit (%s)", where).isEqualTo(atTip.history());
                } else {
                    // Not held: the branch holds an older hold, or this one without its mark recorded here.
                    assertThat(atTip.history().size()).as(where).isLessThanOrEqualTo(local.size() + 1);
                    assertThat(local.subList(0, Math.min(local.size(), atTip.history().size() - 1)))
                            .as(where).isEqualTo(atTip.history().subList(0,
                                    Math.min(local.size(), atTip.history().size() - 1)));
                }
            }
        }
    }

    private static long countObjects(Path repository) throws IOException {
        Path objects = repository.resolve("objects");
        if (!Files.isDirectory(objects)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(objects)) {
            return files.filter(Files::isRegularFile).count();
        }
    }

    @Test
    void aSessionPushedToABareRepositoryIsClonedIntoAnotherDataDirectoryReinflatedAndContinued() throws Exception {
        Path data = dir.resolve("first");
        Path remote = dir.resolve("team.git");
        git(remote, "init", "--bare", "--quiet");
        Run run = workshop("--data-dir", data.toString(), "run", "--agents", "Ada,Bruno,Chen", "--prompt",
                "Plan a retreat", "--max-turns", "3", "--offline-delay-ms", "0");
        assertThat(run.exitCode()).as(run.err()).isZero();
        String id = json.readTree(workshop("--data-dir", data.toString(), "list", "--json").out()).get(0).get("id")
                .asText();
        Run hold = workshop("--data-dir", data.toString(), "hold", id, "--remote", remote.toString());
        assertThat(hold.exitCode()).as(hold.err()).isZero();
        JsonNode before = json.readTree(workshop("--data-dir", data.toString(), "show", id, "--json").out())
                .get("messages");

        Path other = dir.resolve("second");
        Files.createDirectories(other);
        Process clone = new ProcessBuilder("git", "clone", "--bare", "--quiet", remote.toString(),
                other.resolve("sessions.git").toString()).redirectErrorStream(true).start();
        clone.getOutputStream().close();
        clone.getInputStream().readAllBytes();
        assertThat(clone.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(clone.exitValue()).isZero();

        Run back = workshop("--data-dir", other.toString(), "reinflate", id.substring(0, 8));
        assertThat(back.exitCode()).as(back.err()).isZero();
        JsonNode after = json.readTree(workshop("--data-dir", other.toString(), "show", id, "--json").out())
                .get("messages");
        assertThat(after).as("the same transcript, times included").isEqualTo(before);
        Run follow = workshop("--data-dir", other.toString(), "continue", "--workflow-id", id, "--turn-number", "2",
                "--prompt", "And the budget?", "--offline-delay-ms", "0");
        assertThat(follow.exitCode()).as(follow.err()).isZero();
        JsonNode shown = json.readTree(workshop("--data-dir", other.toString(), "show", id, "--json").out());
        assertThat(shown.get("messages").size()).isGreaterThan(4);
        assertThat(shown.get("messages").get(3).get("content").asText()).isEqualTo("And the budget?");
        assertThat(shown.get("messages").get(4).get("speaker_name").asText()).isEqualTo("Ada");
    }
}
