package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.Wiring;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.orchestration.Workspace;
import dev.workshop.store.Conversations;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code workshop} command in a real child JVM, as scripts run it. */
@dev.workshop.testing.Slow
class CommandLineTest {
    @TempDir
    Path dir;

    private record Run(int exitCode, String out, String err) {
    }

    private Run workshop(String... args) throws IOException, InterruptedException {
        return workshopWith(java.util.Map.of(), args);
    }

    private Run workshopWith(java.util.Map<String, String> environment, String... args)
            throws IOException, InterruptedException {
        return runCommand(environment, workshopCommand(args));
    }

    private static List<String> workshopCommand(String... args) {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), "dev.workshop.Main"));
        command.addAll(List.of(args));
        return command;
    }

    private Run runCommand(java.util.Map<String, String> environment, List<String> command)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        Process process = builder.start();
        process.getOutputStream().close();
        byte[] out = process.getInputStream().readAllBytes();
        byte[] err = process.getErrorStream().readAllBytes();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(process.exitValue(), new String(out, StandardCharsets.UTF_8),
                new String(err, StandardCharsets.UTF_8));
    }

    /** Runs Ada and Bruno on {@code prompt} for {@code turns} turns in {@code data}; the new conversation's id. */
    private String ranConversation(Path data, String prompt, int turns) throws IOException, InterruptedException {
        Run run = workshop("--data-dir", data.toString(), "run", "--agents", "Ada,Bruno", "--prompt", prompt,
                "--max-turns", Integer.toString(turns), "--offline-delay-ms", "0");
        assertThat(run.exitCode()).as(run.err()).isZero();
        return jsonLines(run.out()).getFirst().get("conversation_id").asText();
    }

    /** The last {@code conversation_end} line (a {@code session_saved} line follows it). */
    private static JsonNode lastEnd(List<JsonNode> events) {
        return events.stream().filter(event -> event.get("event").asText().equals("conversation_end"))
                .reduce((first, second) -> second).orElseThrow();
    }

    @Test
    void printsItsVersion() throws Exception {
        Run run = workshop("--version");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("workshop 0.").contains("Java");
    }

    @Test
    void listsStoredConversationsAsJson() throws Exception {
        ConversationId id = new ConversationId("listed-conversation");
        try (Workspace workspace = Wiring.openWorkspace(dir)) {
            workspace.store().append(workspace.tenant(), id, 0, Conversations.startedWithMessages(8, 3));
        }

        Run run = workshop("--data-dir", dir.toString(), "list", "--json");

        assertThat(run.exitCode()).isZero();
        JsonNode listed = new ObjectMapper().readTree(run.out());
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("id").asText()).isEqualTo("listed-conversation");
        // It was active when its writer went away: opening the data directory marks it interrupted.
        assertThat(listed.get(0).get("status").asText()).isEqualTo("interrupted");
        assertThat(listed.get(0).get("turn_count").asInt()).isEqualTo(3);
        assertThat(listed.get(0).get("max_turns").asInt()).isEqualTo(8);
        assertThat(listed.get(0).get("task_prompt").asText()).isEqualTo("Plan a picnic");
        assertThat(listed.get(0).get("participants")).hasSize(2);
        assertThat(run.err()).as("nothing but JSON and no log noise").isEmpty();
    }

    @Test
    void aDataDirectoryInUseGivesOneClearLineAndExitCodeThree() throws Exception {
        try (Workspace held = Wiring.openWorkspace(dir)) {
            Run run = workshop("--data-dir", dir.toString(), "list", "--json");

            assertThat(run.exitCode()).isEqualTo(3);
            assertThat(run.out()).isEmpty();
            assertThat(run.err().strip()).isEqualTo("workshop: Workshop is already running with data directory "
                    + dir.toAbsolutePath().normalize());
        }
    }

    @Test
    void aBadOptionIsUsageErrorTwo() throws Exception {
        Run run = workshop("list", "--no-such-option");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().strip()).isEqualTo("workshop: Unknown option: '--no-such-option' (see 'workshop --help')");
    }

    @Test
    void storeBenchmarkPrintsTheFourKindsOfLine() throws Exception {
        Run run = workshop("bench", "store", "--json", "--sizes", "10,50", "--conversations", "20", "--turns", "3",
                "--restore-runs", "3", "--append-samples", "100", "--max-warm-up-rounds", "2", "--many-rounds", "3",
                "--work-dir", dir.resolve("bench").toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        ObjectMapper mapper = new ObjectMapper();
        List<JsonNode> lines = new ArrayList<>();
        for (String line : run.out().strip().split("\n")) {
            lines.add(mapper.readTree(line));
        }
        assertThat(lines).extracting(line -> line.get("bench").asText())
                .containsExactly("fsync", "append", "restore", "append", "restore", "many");
        JsonNode fsync = lines.get(0);
        assertThat(fsync.get("p99_ms").asDouble()).isGreaterThanOrEqualTo(fsync.get("p50_ms").asDouble()).isPositive();
        JsonNode shortOnes = lines.get(1);
        assertThat(shortOnes.get("messages").asInt()).isEqualTo(10);
        assertThat(shortOnes.get("conversations").asInt()).as("enough of them for 100 timed appends").isEqualTo(10);
        assertThat(shortOnes.get("samples").asInt()).isEqualTo(100);
        assertThat(shortOnes.get("max_ms").asDouble()).isGreaterThanOrEqualTo(shortOnes.get("p99_ms").asDouble());
        assertThat(lines.get(2).get("events_loaded").asInt()).as("the first of them, restored").isEqualTo(11);
        JsonNode append = lines.get(3);
        assertThat(append.get("messages").asInt()).isEqualTo(50);
        assertThat(append.get("conversations").asInt()).isEqualTo(2);
        assertThat(append.get("samples").asInt()).isEqualTo(100);
        assertThat(append.get("store_bytes").asLong()).isGreaterThan(100L * 500);
        JsonNode restore = lines.get(4);
        assertThat(restore.get("events_loaded").asInt()).isEqualTo(51);
        assertThat(restore.get("restore_ms").asDouble()).isPositive();
        assertThat(restore.get("runs").asInt()).isEqualTo(3);
        assertThat(restore.get("restore_ms").asDouble())
                .isBetween(restore.get("fastest_restore_ms").asDouble(), restore.get("slowest_restore_ms").asDouble());
        assertThat(restore.get("open_ms").asDouble() + restore.get("load_ms").asDouble())
                .as("the median run's own parts").isCloseTo(restore.get("restore_ms").asDouble(),
                        org.assertj.core.data.Offset.offset(0.01));
        JsonNode many = lines.get(5);
        assertThat(many.get("conversations").asInt()).isEqualTo(20);
        assertThat(many.get("turns_per_s").asLong()).isPositive();
        assertThat(many.get("measured_rounds").asInt()).isEqualTo(3);
        List<Long> rounds = new ArrayList<>();
        many.get("rounds_turns_per_s").forEach(round -> rounds.add(round.asLong()));
        assertThat(many.get("turns_per_s").asLong()).as("the median round")
                .isEqualTo(rounds.stream().sorted().toList().get(1));
        assertThat(dir.resolve("bench")).as("the warm-up rounds' stores are deleted at the end")
                .isDirectoryNotContaining(path -> path.getFileName().toString().contains("warm-up"));
    }

    @Test
    void storeBenchmarkRefusesCountsOutOfRange() throws Exception {
        Run sizes = workshop("bench", "store", "--json", "--sizes", "10,0", "--work-dir", dir.resolve("b1").toString());
        Run samples = workshop("bench", "store", "--json", "--append-samples", "0", "--work-dir",
                dir.resolve("b2").toString());
        Run rounds = workshop("bench", "store", "--json", "--many-rounds", "0", "--work-dir", dir.resolve("b3").toString());
        Run warmUp = workshop("bench", "store", "--json", "--max-warm-up-rounds", "-1", "--work-dir",
                dir.resolve("b4").toString());

        assertThat(sizes.exitCode()).isEqualTo(2);
        assertThat(sizes.err().strip()).isEqualTo("workshop: --sizes must all be at least 1, were [10, 0]");
        assertThat(samples.exitCode()).isEqualTo(2);
        assertThat(samples.err().strip()).isEqualTo("workshop: --append-samples must be at least 1, was 0");
        assertThat(rounds.exitCode()).isEqualTo(2);
        assertThat(rounds.err().strip()).isEqualTo("workshop: --many-rounds must be at least 1, was 0");
        assertThat(warmUp.exitCode()).isEqualTo(2);
        assertThat(warmUp.err().strip()).isEqualTo("workshop: --max-warm-up-rounds must not be negative, was -1");
        assertThat(sizes.out()).as("nothing measured").isEmpty();
    }

    @Test
    void loopBenchmarkRunsItsConversationsWithinTheHeapTheTargetAllows() throws Exception {
        Run run = workshop("bench", "loop", "--json", "--turns", "20", "--conversations", "20",
                "--turns-per-conversation", "3", "--gateway-delay-ms", "1", "--max-warm-up-rounds", "2",
                "--measured-rounds", "3", "--work-dir", dir.resolve("bench").toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        List<JsonNode> lines = jsonLines(run.out());
        assertThat(lines).extracting(line -> line.get("mode").asText()).containsExactly("overhead", "many");
        assertThat(lines.get(0).get("turns").asInt()).isEqualTo(20);
        JsonNode many = lines.get(1);
        assertThat(many.get("conversations").asInt()).isEqualTo(20);
        assertThat(many.get("turns_per_s").asLong()).isPositive();
        assertThat(many.get("measured_rounds").asInt()).isEqualTo(3);
        List<Long> rounds = new ArrayList<>();
        many.get("rounds_turns_per_s").forEach(round -> rounds.add(round.asLong()));
        assertThat(rounds).hasSize(3).contains(many.get("turns_per_s").asLong());
        assertThat(many.get("turns_per_s").asLong()).as("the median round")
                .isEqualTo(rounds.stream().sorted().toList().get(1));
        // Run in a JVM of its own whose heap is capped (the bench JVM's own heap is far larger): the figures say
        // what that JVM had, and what it used of it.
        assertThat(many.get("max_heap_mb").asInt()).isBetween(200, 256);
        assertThat(many.get("peak_heap_mb").asInt()).isPositive();
    }

    private List<JsonNode> jsonLines(String out) throws IOException {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : out.strip().split("\n")) {
            lines.add(new ObjectMapper().readTree(line));
        }
        return lines;
    }

    @Test
    void runPrintsOneJsonEventPerLineAndShowReturnsTheTranscript() throws Exception {
        Run run = workshop("--data-dir", dir.toString(), "run", "--agents", "Ada,starter-bruno", "--prompt",
                "Name three risks", "--max-turns", "3", "--offline-delay-ms", "0");

        assertThat(run.exitCode()).as(run.err()).isZero();
        List<JsonNode> lines = jsonLines(run.out());
        assertThat(lines).extracting(e -> e.get("event").asText()).containsExactly("team_ready", "conversation_start",
                "turn_start", "message", "turn_start", "message", "turn_start", "message", "conversation_end",
                "session_saved");
        assertThat(lines.getFirst().get("restored").asBoolean()).isFalse();
        assertThat(lines.getFirst().get("team").asText()).isEqualTo("local");
        List<JsonNode> events = lines.subList(1, lines.size() - 1);
        assertThat(events).allSatisfy(event -> {
            assertThat(event.get("turn_number").asInt()).isEqualTo(1);
            assertThat(event.has("ts")).isTrue();
            assertThat(event.get("conversation_id").asText()).isEqualTo(events.getFirst().get("conversation_id").asText());
        });
        assertThat(events.get(1).get("speaker_id").asText()).isEqualTo("starter-ada");
        assertThat(events.get(4).get("speaker_name").asText()).isEqualTo("Bruno");
        assertThat(events.getLast().get("status").asText()).isEqualTo("completed");
        String id = events.getFirst().get("conversation_id").asText();

        Run show = workshop("--data-dir", dir.toString(), "show", id, "--json");
        JsonNode conversation = new ObjectMapper().readTree(show.out());
        assertThat(conversation.get("task_prompt").asText()).isEqualTo("Name three risks");
        assertThat(conversation.get("messages")).hasSize(3);
        assertThat(conversation.get("messages").get(2).get("turn_index").asInt()).isEqualTo(2);
        assertThat(conversation.get("messages").get(2).get("content").asText())
                .isEqualTo(events.get(6).get("content").asText());

        Run markdown = workshop("--data-dir", dir.toString(), "show", id, "--markdown");
        assertThat(markdown.out()).startsWith("# Name three risks").contains("## 2. Bruno");
        // What the replies cost, summed from the messages' usage as the JSON's statistics are.
        JsonNode totals = conversation.get("statistics");
        assertThat(markdown.out()).contains("\n- Tokens: " + totals.get("prompt_tokens").asLong() + " in, "
                + totals.get("completion_tokens").asLong() + " out over 3 replies (offline/offline-critic, "
                + "offline/offline-planner)\n\n## 1. Ada");

        Run fork = workshop("--data-dir", dir.toString(), "fork", id, "--at", "2");
        assertThat(fork.exitCode()).as(fork.err()).isZero();
        JsonNode forked = new ObjectMapper().readTree(fork.out());
        assertThat(forked.get("forked_from").asText()).isEqualTo(id);
        assertThat(forked.get("title").asText()).isEqualTo("Name three risks (fork at turn 2)");
        assertThat(forked.get("status").asText()).isEqualTo("waiting");
        assertThat(forked.get("turn_count").asInt()).isEqualTo(2);
        assertThat(workshop("--data-dir", dir.toString(), "show", forked.get("conversation_id").asText(), "--markdown")
                .out()).contains("## 2. Bruno").doesNotContain("## 3.");
        Run tooFar = workshop("--data-dir", dir.toString(), "fork", id, "--at", "9");
        assertThat(tooFar.exitCode()).isEqualTo(2);
        assertThat(tooFar.err().strip()).isEqualTo("workshop: Conversation " + id + " has no turn 9 to fork from (it has 3)");
        Run zero = workshop("--data-dir", dir.toString(), "fork", id, "--at", "0");
        assertThat(zero.exitCode()).isEqualTo(2);
        assertThat(zero.err().strip()).isEqualTo("workshop: --at counts turns from 1; 0 is not a turn");
        Run whole = workshop("--data-dir", dir.toString(), "fork", id);
        assertThat(new ObjectMapper().readTree(whole.out()).get("status").asText())
                .as("forked after the last of its 3 turns: ended, open to a follow-up").isEqualTo("completed");
    }

    @Test
    void continueRunsAFollowUpRoundWhoseEventsCarryItsTurnNumber() throws Exception {
        String id = ranConversation(dir, "Name a cat", 2);

        Run next = workshop("--data-dir", dir.toString(), "continue", "--workflow-id", id, "--turn-number", "2",
                "--prompt", "And a middle name?", "--offline-delay-ms", "0");

        assertThat(next.exitCode()).as(next.err()).isZero();
        List<JsonNode> events = jsonLines(next.out());
        assertThat(events).allSatisfy(event -> {
            assertThat(event.get("turn_number").asInt()).isEqualTo(2);
            assertThat(event.get("conversation_id").asText()).isEqualTo(id);
        });
        assertThat(events).extracting(event -> event.get("event").asText()).containsExactly("message",
                "conversation_start", "turn_start", "message", "turn_start", "message", "conversation_end",
                "session_saved");
        assertThat(events.getFirst().get("content").asText()).isEqualTo("And a middle name?");
        assertThat(events.get(2).get("speaker_name").asText()).isEqualTo("Ada");
        JsonNode shown = new ObjectMapper().readTree(workshop("--data-dir", dir.toString(), "show", id, "--json").out());
        assertThat(shown.get("messages")).hasSize(5);
    }

    @Test
    void continueRefusesWhatDoesNotFitWithOneLineAndExitTwoAndStoresNothing() throws Exception {
        String id = ranConversation(dir, "Name a cat", 2);
        Path oversize = dir.resolve("context.args");
        Files.writeString(oversize, "--conversation-context '{\"entry_agent\":\"a\",\"turns\":[{\"role\":\"human\","
                + "\"content\":\"" + "x".repeat(1024 * 1024) + "\"}]}'\n");
        String[][] cases = {
                {"--workflow-id", "no-such-workflow", "--turn-number", "2", "--prompt", "Hi"},
                {"--workflow-id", id, "--turn-number", "3", "--prompt", "Hi"},
                {"--workflow-id", id, "--turn-number", "1", "--prompt", "Hi"},
                {"--workflow-id", id, "--turn-number", "2", "--prompt", "Hi", "--conversation-context", "{\"turns\": ["},
                {"--workflow-id", id, "--turn-number", "2", "--prompt", "Hi", "@" + oversize}};
        String[] expected = {
                "workshop: No conversation with workflow id no-such-workflow",
                "workshop: Turn number 3 does not follow the stored turn 1 (the next is 2)",
                "workshop: Turn number 1 does not follow the stored turn 1 (the next is 2)",
                "workshop: --conversation-context is not valid JSON",
                "workshop: --conversation-context is over the limit of 1048576 bytes (1 MiB)"};
        for (int i = 0; i < cases.length; i++) {
            List<String> args = new ArrayList<>(List.of("--data-dir", dir.toString(), "continue"));
            args.addAll(List.of(cases[i]));
            Run refused = workshop(args.toArray(String[]::new));
            assertThat(refused.exitCode()).as(String.join(" ", cases[i])).isEqualTo(2);
            assertThat(refused.err().strip().lines()).as(refused.err()).singleElement().asString().startsWith(expected[i]);
            assertThat(refused.out()).isEmpty();
        }
        JsonNode shown = new ObjectMapper().readTree(workshop("--data-dir", dir.toString(), "show", id, "--json").out());
        assertThat(shown.get("messages")).hasSize(2);
        assertThat(shown.get("status").asText()).isEqualTo("completed");
    }

    @Test
    void resumeWithASessionRestoresThatConversationPausedWithAWarningForMissingMembers() throws Exception {
        ConversationId id = new ConversationId("half-done");
        try (Workspace workspace = Wiring.openWorkspace(dir)) {
            workspace.store().append(workspace.tenant(), id, 0, Conversations.startedWithMessages(8, 3));
        }

        Run run = workshop("--data-dir", dir.toString(), "resume", "--session", "half-done");

        assertThat(run.exitCode()).as(run.err()).isZero();
        List<JsonNode> events = jsonLines(run.out());
        assertThat(events).extracting(event -> event.get("event").asText())
                .containsExactly("session_restored", "team_ready");
        assertThat(events.get(0).get("message_count").asInt()).isEqualTo(3);
        assertThat(events.get(1).get("restored").asBoolean()).isTrue();
        assertThat(events).allSatisfy(event -> assertThat(event.get("conversation_id").asText()).isEqualTo("half-done"));
        assertThat(run.err().lines().toList()).containsExactly(
                "workshop: warning: Some speakers in the history are not in the current team: Ada, Bob. Their"
                        + " messages are shown with their original names.",
                "workshop: restored conversation half-done (3 messages); it is waiting until you continue it");
        JsonNode listed = new ObjectMapper().readTree(workshop("--data-dir", dir.toString(), "list", "--json").out());
        assertThat(listed.get(0).get("status").asText()).isEqualTo("waiting");
        assertThat(listed.get(0).get("turn_count").asInt()).isEqualTo(3);

        Run plainResume = workshop("--data-dir", dir.toString(), "resume");
        assertThat(plainResume.out()).as("a restored conversation waits for its human, not for resume").isEmpty();
    }

    @Test
    void resumeWithAnUnknownOrAnotherTeamsSessionIsUsageErrorTwoNamingSessionAndTeams() throws Exception {
        Run research = workshop("--data-dir", dir.toString(), "--team", "research", "run", "--agents", "Ada,Bruno",
                "--prompt", "Name a cat", "--max-turns", "2", "--offline-delay-ms", "0");
        assertThat(research.exitCode()).as(research.err()).isZero();
        String id = jsonLines(research.out()).getFirst().get("conversation_id").asText();

        Run unknown = workshop("--data-dir", dir.toString(), "resume", "--session", "nope");
        Run mismatch = workshop("--data-dir", dir.toString(), "resume", "--session", id);
        Run badTeam = workshop("--data-dir", dir.toString(), "--team", "../x", "list", "--json");

        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err().strip()).isEqualTo("workshop: Session 'nope' not found for team 'local'. Use resume"
                + " without an id to restore the latest session, or start a new conversation.");
        assertThat(mismatch.exitCode()).isEqualTo(2);
        assertThat(mismatch.err().strip()).isEqualTo("workshop: Session '" + id + "' belongs to team 'research', but"
                + " the current team is 'local'. Use the matching team (--team research).");
        assertThat(badTeam.exitCode()).isEqualTo(2);
        assertThat(badTeam.err().strip()).startsWith("workshop: --team: A team name has 1 to 64 letters");
        Run restored = workshop("--data-dir", dir.toString(), "--team", "research", "resume", "--session", id);
        assertThat(restored.exitCode()).as(restored.err()).isZero();
        assertThat(jsonLines(restored.out()).getFirst().get("message_count").asInt()).isEqualTo(2);
        assertThat(workshop("--data-dir", dir.toString(), "list", "--json").out().strip()).isEqualTo("[]");
    }

    @Test
    void importBringsInAnExportOrALegacySnapshotAndRefusesABrokenOneNamingTheFile() throws Exception {
        Path source = dir.resolve("source");
        String id = ranConversation(source, "Name a cat", 2);
        Path export = dir.resolve("export.json");
        Files.writeString(export, workshop("--data-dir", source.toString(), "show", id, "--json").out());
        Path legacy = dir.resolve("legacy.json");
        Files.writeString(legacy, """
                {"sessionId": "legacy-7", "teamTask": "Review the notes", "messages": [
                  {"roleId": "starter-ada", "roleName": "Ada", "roleTitle": "Ada (Lead)", "content": "First."},
                  {"roleId": "starter-bruno", "roleName": "Bruno", "content": "Second."}]}
                """);
        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "{\"id\": \"x\", \"messages\": [");
        Path target = dir.resolve("target");

        Run imported = workshop("--data-dir", target.toString(), "import", export.toString());
        Run migrated = workshop("--data-dir", target.toString(), "import", legacy.toString());
        Run refused = workshop("--data-dir", target.toString(), "import", broken.toString());
        Run elsewhere = workshop("--data-dir", target.toString(), "--team", "research", "import", export.toString());

        assertThat(imported.exitCode()).as(imported.err()).isZero();
        assertThat(jsonLines(imported.out()).getFirst().get("message_count").asInt()).isEqualTo(2);
        JsonNode copy = new ObjectMapper().readTree(workshop("--data-dir", target.toString(), "show", id, "--json").out());
        JsonNode original = new ObjectMapper().readTree(Files.readString(export));
        assertThat(copy.get("status").asText()).isEqualTo("completed");
        assertThat(copy.get("messages")).hasSize(2);
        for (int i = 0; i < 2; i++) {
            assertThat(copy.get("messages").get(i).get("content")).isEqualTo(original.get("messages").get(i).get("content"));
            assertThat(copy.get("messages").get(i).get("speaker_name"))
                    .isEqualTo(original.get("messages").get(i).get("speaker_name"));
        }
        assertThat(migrated.exitCode()).as(migrated.err()).isZero();
        JsonNode legacyShown = new ObjectMapper().readTree(workshop("--data-dir", target.toString(), "show", "legacy-7",
                "--json").out());
        assertThat(legacyShown.get("schema_version").asInt()).isEqualTo(2);
        assertThat(legacyShown.get("status").asText()).isEqualTo("waiting");
        assertThat(legacyShown.at("/messages/0/speaker/displayName").asText()).isEqualTo("Ada (Lead)");
        assertThat(legacyShown.at("/messages/1/speaker_name").asText()).isEqualTo("Bruno");
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err().strip()).startsWith("workshop: Invalid session snapshot " + broken
                + ": it is not valid JSON (line 1");
        assertThat(elsewhere.exitCode()).isEqualTo(2);
        assertThat(elsewhere.err().strip()).isEqualTo("workshop: Session '" + id + "' belongs to team 'local', but"
                + " the current team is 'research'. Use the matching team (--team local).");
    }

    @Test
    void streamsTokensOnlyWhenAsked() throws Exception {
        Run run = workshop("--data-dir", dir.toString(), "run", "--agents", "Ada", "--prompt", "Write a haiku",
                "--max-turns", "1", "--offline-delay-ms", "0", "--stream");
        List<JsonNode> events = jsonLines(run.out());
        assertThat(events).filteredOn(e -> e.get("event").asText().equals("token")).hasSizeGreaterThan(3);
        String streamed = events.stream().filter(e -> e.get("event").asText().equals("token"))
                .map(e -> e.get("text").asText()).reduce("", String::concat);
        JsonNode message = events.stream().filter(e -> e.get("event").asText().equals("message")).findFirst().orElseThrow();
        assertThat(streamed).isEqualTo(message.get("content").asText());
    }

    @Test
    void anUnknownAgentIsUsageErrorTwoNamingIt() throws Exception {
        Run run = workshop("--data-dir", dir.toString(), "run", "--agents", "Ada,Zed", "--prompt", "Hi");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().strip()).isEqualTo("workshop: No agent named or with id \"Zed\" (see 'workshop agents list')");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void anUnknownConversationIsUsageErrorTwo() throws Exception {
        Run show = workshop("--data-dir", dir.toString(), "show", "no-such-id", "--json");
        assertThat(show.exitCode()).isEqualTo(2);
        assertThat(show.err().strip()).isEqualTo("workshop: No conversation with id no-such-id (see 'workshop list')");
        Run abort = workshop("--data-dir", dir.toString(), "abort", "no-such-id");
        assertThat(abort.exitCode()).isEqualTo(2);
        assertThat(abort.err().strip()).isEqualTo("workshop: No conversation with id no-such-id");
    }

    @Test
    void renamesAndDeletesConversations() throws Exception {
        List<String> ids = new ArrayList<>();
        for (String prompt : List.of("Plan a picnic", "Write a haiku")) {
            ids.add(ranConversation(dir, prompt, 1));
        }

        // An id's first characters name the conversation, as a commit's do in git.
        Run rename = workshop("--data-dir", dir.toString(), "rename", ids.get(0).substring(0, 8), "Picnic plans");
        assertThat(rename.exitCode()).as(rename.err()).isZero();
        assertThat(new ObjectMapper().readTree(rename.out()).get("title").asText()).isEqualTo("Picnic plans");
        Run typo = workshop("--data-dir", dir.toString(), "delete", ids.get(1), "no-such-id");
        assertThat(typo.exitCode()).isEqualTo(2);
        assertThat(typo.err().strip())
                .isEqualTo("workshop: No conversation with id no-such-id (see 'workshop list'); nothing was deleted");
        Run delete = workshop("--data-dir", dir.toString(), "delete", ids.get(1));
        assertThat(delete.exitCode()).as(delete.err()).isZero();

        JsonNode listed = new ObjectMapper().readTree(workshop("--data-dir", dir.toString(), "list", "--json").out());
        assertThat(listed).singleElement().satisfies(row -> {
            assertThat(row.get("id").asText()).isEqualTo(ids.get(0));
            assertThat(row.get("title").asText()).isEqualTo("Picnic plans");
            assertThat(row.get("task_prompt").asText()).isEqualTo("Plan a picnic");
        });
        assertThat(workshop("--data-dir", dir.toString(), "show", ids.get(0), "--markdown").out())
                .startsWith("# Picnic plans\n");
        Run shown = workshop("--data-dir", dir.toString(), "show", ids.get(1));
        assertThat(shown.exitCode()).isEqualTo(2);
        assertThat(shown.err().strip()).isEqualTo("workshop: Conversation " + ids.get(1) + " was deleted ('workshop undelete "
                + ids.get(1) + "' brings it back)");
        Run again = workshop("--data-dir", dir.toString(), "rename", ids.get(1), "Back?");
        assertThat(again.exitCode()).isEqualTo(2);

        JsonNode deleted = new ObjectMapper().readTree(
                workshop("--data-dir", dir.toString(), "list", "--deleted", "--json").out());
        assertThat(deleted).singleElement().satisfies(row -> {
            assertThat(row.get("id").asText()).isEqualTo(ids.get(1));
            assertThat(java.time.Instant.parse(row.get("deleted_at").asText()))
                    .isAfterOrEqualTo(java.time.Instant.parse(row.get("updated_at").asText()));
        });
        assertThat(workshop("--data-dir", dir.toString(), "list", "--deleted").out())
                .contains("DELETED").contains(ids.get(1)).contains("Write a haiku");
        Run notDeleted = workshop("--data-dir", dir.toString(), "undelete", ids.get(1), ids.get(0));
        assertThat(notDeleted.exitCode()).isEqualTo(2);
        assertThat(notDeleted.err().strip()).isEqualTo("workshop: Conversation " + ids.get(0)
                + " is not deleted; nothing was brought back");
        Run unknown = workshop("--data-dir", dir.toString(), "undelete", "no-such-id");
        assertThat(unknown.err().strip()).isEqualTo("workshop: No deleted conversation with id no-such-id"
                + " (see 'workshop list --deleted'); nothing was brought back");
        Run undelete = workshop("--data-dir", dir.toString(), "undelete", ids.get(1).substring(0, 6));
        assertThat(undelete.exitCode()).as(undelete.err()).isZero();
        assertThat(new ObjectMapper().readTree(undelete.out()).get("deleted").asBoolean()).isFalse();
        assertThat(new ObjectMapper().readTree(undelete.out()).get("conversation_id").asText()).isEqualTo(ids.get(1));
        assertThat(new ObjectMapper().readTree(workshop("--data-dir", dir.toString(), "list", "--json").out()))
                .extracting(row -> row.get("id").asText()).containsExactlyInAnyOrderElementsOf(ids);
        assertThat(workshop("--data-dir", dir.toString(), "list", "--deleted").out().strip())
                .isEqualTo("Nothing is deleted.");
        assertThat(workshop("--data-dir", dir.toString(), "show", ids.get(1).substring(0, 4), "--markdown").out())
                .startsWith("# Write a haiku\n");
        Run tooShort = workshop("--data-dir", dir.toString(), "show", ids.get(1).substring(0, 3));
        assertThat(tooShort.exitCode()).isEqualTo(2);
        assertThat(tooShort.err().strip()).isEqualTo("workshop: \"" + ids.get(1).substring(0, 3) + "\" is too short to "
                + "pick a conversation: type at least 4 characters of its id (see 'workshop list')");
    }

    @Test
    void exportsConversationsToFilesNamedByTitleThatImportReadsBack() throws Exception {
        String id = ranConversation(dir, "Plan a picnic!", 2);
        Path folder = dir.resolve("exports");

        Run none = workshop("--data-dir", dir.toString(), "export", "--to", folder.toString());
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.err().strip()).isEqualTo("workshop: Name the conversations to export, or give --all");
        Run unknown = workshop("--data-dir", dir.toString(), "export", id, "no-such-id", "--to", folder.toString());
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(folder).as("nothing written when one id is wrong").doesNotExist();

        Run json = workshop("--data-dir", dir.toString(), "export", id.substring(0, 6), "--to", folder.toString());
        Run markdown = workshop("--data-dir", dir.toString(), "export", "--all", "--markdown", "--to", folder.toString());

        assertThat(json.exitCode()).as(json.err()).isZero();
        assertThat(markdown.exitCode()).as(markdown.err()).isZero();
        Path exported = folder.resolve("plan-a-picnic-" + id.substring(0, 8) + ".workshop.json");
        assertThat(new ObjectMapper().readTree(json.out()).get("file").asText()).isEqualTo(exported.toString());
        assertThat(folder.resolve("plan-a-picnic-" + id.substring(0, 8) + ".md")).content()
                .startsWith("# Plan a picnic!\n").contains("## 2. Bruno");
        Run imported = workshop("--data-dir", dir.toString(), "import", exported.toString());
        assertThat(imported.exitCode()).as(imported.err()).isZero();
        JsonNode listed = new ObjectMapper().readTree(workshop("--data-dir", dir.toString(), "list", "--json").out());
        assertThat(listed).hasSize(2).allSatisfy(row -> assertThat(row.get("turn_count").asInt()).isEqualTo(2));
    }

    @Test
    void managesAgents() throws Exception {
        Run list = workshop("--data-dir", dir.toString(), "agents", "list", "--json");
        JsonNode starters = new ObjectMapper().readTree(list.out());
        assertThat(starters).hasSize(4);
        assertThat(starters).extracting(a -> a.get("name").asText()).doesNotHaveDuplicates();
        assertThat(starters.get(0).get("provider").asText()).isEqualTo("offline");

        Run add = workshop("--data-dir", dir.toString(), "agents", "add", "--name", "Eve", "--persona", "You are Eve.");
        assertThat(add.exitCode()).as(add.err()).isZero();
        Run coloured = workshop("--data-dir", dir.toString(), "agents", "add", "--name", "Finn", "--color", "#0E7490");
        assertThat(coloured.exitCode()).as(coloured.err()).isZero();
        Run badColour = workshop("--data-dir", dir.toString(), "agents", "add", "--name", "Gil", "--color", "teal");
        assertThat(badColour.exitCode()).isEqualTo(2);
        assertThat(badColour.err().strip()).isEqualTo("workshop: --color takes #rrggbb, such as #0969da; \"teal\" is not");
        Run unknownProvider = workshop("--data-dir", dir.toString(), "agents", "add", "--name", "Olla",
                "--provider", "openai-compatible", "--base-url", "http://localhost:11434/v1", "--model", "llama3.2");
        assertThat(unknownProvider.exitCode()).isEqualTo(2);
        assertThat(unknownProvider.err().strip()).isEqualTo("workshop: Unknown provider \"openai-compatible\": use "
                + "offline or openai (any OpenAI-compatible server: Ollama, llama.cpp, vLLM, LM Studio, OpenAI)");
        Run duplicate = workshop("--data-dir", dir.toString(), "agents", "add", "--name", "eve");
        assertThat(duplicate.exitCode()).isEqualTo(2);
        assertThat(duplicate.err().strip()).isEqualTo("workshop: An agent named \"eve\" already exists");
        Run remove = workshop("--data-dir", dir.toString(), "agents", "remove", "Ada");
        assertThat(remove.exitCode()).isZero();

        JsonNode after = new ObjectMapper().readTree(workshop("--data-dir", dir.toString(), "agents", "list", "--json").out());
        assertThat(after).extracting(a -> a.get("name").asText())
                .containsExactlyInAnyOrder("Bruno", "Chen", "Dalia", "Eve", "Finn");
        // A new agent takes a colour the others do not have (the starters hold the palette's first four).
        assertThat(after).extracting(a -> a.get("avatar_color").asText())
                .containsExactlyInAnyOrder("#cf222e", "#1a7f37", "#8250df", "#bc4c00", "#0e7490");
    }

    @Test
    void runExitsWithFiveWhenTheConversationDidNotComplete() throws Exception {
        // agents add refuses an unknown provider; a hand-edited agents.json (or a newer Workshop's) may hold one.
        workshop("--data-dir", dir.toString(), "agents", "add", "--name", "Remote");
        ObjectMapper json = new ObjectMapper();
        JsonNode catalog = json.readTree(dir.resolve("agents.json").toFile());
        catalog.findParents("name").stream().filter(agent -> agent.path("name").asText().equals("Remote"))
                .forEach(agent -> ((com.fasterxml.jackson.databind.node.ObjectNode) agent).put("provider", "nowhere"));
        json.writeValue(dir.resolve("agents.json").toFile(), catalog);
        Run run = workshop("--data-dir", dir.toString(), "run", "--agents", "Remote,Ada", "--prompt", "Hi",
                "--offline-delay-ms", "0");
        assertThat(run.exitCode()).isEqualTo(5);
        JsonNode end = lastEnd(jsonLines(run.out()));
        assertThat(end.get("event").asText()).isEqualTo("conversation_end");
        assertThat(end.get("status").asText()).isEqualTo("failed");
        assertThat(end.get("reason").asText()).isEqualTo("Agent Remote uses the provider \"nowhere\", which this Workshop does not know");
    }

    @Test
    void aStalledReplyIsAskedAgainWithATurnRetryLineAndASentenceOnStderr() throws Exception {
        try (var server = new dev.workshop.gateway.openai.FakeChatServer()) {
            server.then(server.stallAfter("Half"));
            Run add = workshop("--data-dir", dir.toString(), "agents", "add", "--name", "Ann", "--provider", "openai",
                    "--base-url", server.baseUrl(), "--model", "llama3", "--idle-timeout", "1");
            assertThat(add.exitCode()).as(add.err()).isZero();

            Run run = workshop("--data-dir", dir.toString(), "run", "--agents", "Ann", "--prompt", "Hi",
                    "--max-turns", "1", "--stream");

            assertThat(run.exitCode()).as(run.err()).isZero();
            List<String> kinds = jsonLines(run.out()).stream().map(line -> line.get("event").asText())
                    .filter(kind -> List.of("token", "turn_retry", "message").contains(kind)).toList();
            assertThat(kinds.subList(0, 2)).containsExactly("token", "turn_retry");
            assertThat(kinds.getLast()).isEqualTo("message");
            JsonNode retry = jsonLines(run.out()).stream().filter(line -> line.get("event").asText().equals("turn_retry"))
                    .findFirst().orElseThrow();
            assertThat(retry.get("attempt").asInt()).isEqualTo(2);
            assertThat(retry.get("attempts").asInt()).isEqualTo(4);
            assertThat(retry.get("discard_tokens").asBoolean()).isTrue();
            assertThat(run.err()).contains("workshop: 127.0.0.1 stopped sending mid-reply for 1 s (timed out); asking"
                    + " Ann again (attempt 2 of 4) in ");
        }
    }

    @Test
    void anAgentsTimeoutOutOfRangeIsUsageErrorTwo() throws Exception {
        Run add = workshop("--data-dir", dir.toString(), "agents", "add", "--name", "Ann", "--provider", "openai",
                "--base-url", "http://127.0.0.1:1/v1", "--model", "llama3", "--first-token-timeout", "0");

        assertThat(add.exitCode()).isEqualTo(2);
        assertThat(add.err().strip()).isEqualTo("workshop: The first-token timeout must be 1 to 3600 seconds, was 0");
    }

    @Test
    void aCanvasFileFromANewerWorkshopDoesNotBlockTheConversations() throws Exception {
        String id = ranConversation(dir, "Plan a picnic", 2);
        Files.writeString(dir.resolve("scene.json"), "{\"format\": 99, \"instances\": []}");

        Run list = workshop("--data-dir", dir.toString(), "list", "--json");
        Run show = workshop("--data-dir", dir.toString(), "show", id, "--json");

        assertThat(list.exitCode()).as(list.err()).isZero();
        assertThat(jsonLines(list.out()).getFirst().get(0).get("id").asText()).isEqualTo(id);
        assertThat(show.exitCode()).as(show.err()).isZero();
        assertThat(Files.readString(dir.resolve("scene.json"))).contains("99");
    }

    @Test
    void aTurnFailedByAServerThatIsDownReadsFailedEverywhereWaitsThroughResumeAndRetryGoesOn() throws Exception {
        int port;
        try (var gone = new dev.workshop.gateway.openai.FakeChatServer(0, 0)) {
            port = gone.port(); // closed at once: nothing answers there
        }
        workshop("--data-dir", dir.toString(), "agents", "add", "--name", "Ann", "--provider", "openai",
                "--base-url", "http://127.0.0.1:" + port + "/v1", "--model", "llama3");
        Run run = workshop("--data-dir", dir.toString(), "run", "--agents", "Ann,Ada", "--prompt", "Hi",
                "--max-turns", "2");
        assertThat(run.exitCode()).as(run.err()).isEqualTo(5);
        JsonNode end = lastEnd(jsonLines(run.out()));
        String id = end.get("conversation_id").asText();
        // One status wherever it is read: the end event, the list, show.
        assertThat(end.get("status").asText()).isEqualTo("failed");
        assertThat(end.get("cause").asText()).isEqualTo("endpoint_unreachable");
        JsonNode listed = jsonLines(workshop("--data-dir", dir.toString(), "list", "--json").out()).getFirst().get(0);
        assertThat(listed.get("status").asText()).isEqualTo("failed");
        assertThat(listed.get("status_cause").asText()).isEqualTo("endpoint_unreachable");
        assertThat(workshop("--data-dir", dir.toString(), "list").out()).contains(id + "  failed");

        Run resume = workshop("--data-dir", dir.toString(), "resume");
        assertThat(resume.exitCode()).as(resume.err()).isZero();
        assertThat(resume.err()).as("a failed turn is not asked again by itself").contains("workshop: resumed 0"
                + " conversations");
        JsonNode after = jsonLines(workshop("--data-dir", dir.toString(), "list", "--json").out()).getFirst().get(0);
        assertThat(after.get("updated_at").asText()).as("and it does not move in the list")
                .isEqualTo(listed.get("updated_at").asText());

        try (var back = new dev.workshop.gateway.openai.FakeChatServer(port, 0)) {
            Run retry = workshop("--data-dir", dir.toString(), "retry", id.substring(0, 8), "--offline-delay-ms", "0");
            assertThat(retry.exitCode()).as(retry.err()).isZero();
            assertThat(lastEnd(jsonLines(retry.out())).get("status").asText()).isEqualTo("completed");
        }
        Run again = workshop("--data-dir", dir.toString(), "retry", id);
        assertThat(again.exitCode()).isEqualTo(2);
        assertThat(again.err().strip()).isEqualTo("workshop: Only a conversation stopped by a failed turn can be"
                + " retried; this one is completed");
    }

    @Test
    void aJournalFileThatCannotBeWrittenIsStoreErrorFourAndLeavesNoHalfWrittenFileBehind() throws Exception {
        // The kernel's own refusal, as on a full disk: a process whose files may not grow past 1 MB cannot write
        // the journal's 16 MB first file (the JVM ignores SIGXFSZ, so the write fails with "File too large").
        Path data = dir.resolve("data");
        String workshop = String.join(" ", workshopCommand("--data-dir", data.toString(), "agents", "add", "--name",
                "Eve").stream().map(part -> "'" + part + "'").toList());
        Run run = runCommand(java.util.Map.of(), List.of("bash", "-c", "ulimit -f 1024; exec " + workshop));

        assertThat(run.exitCode()).as(run.err()).isEqualTo(4);
        assertThat(run.err().strip()).isEqualTo("workshop: Cannot open the journal in " + data.resolve("journal")
                + ": File too large");
        try (var left = java.nio.file.Files.list(data.resolve("journal"))) {
            assertThat(left.toList()).as("the half-written file is removed, so it cannot keep a disk full").isEmpty();
        }
        Run again = workshop("--data-dir", data.toString(), "list", "--json");
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.out().strip()).isEqualTo("[]");
    }

    @Test
    void onAReadOnlyOrFullDiskTheConversationsCanStillBeListedReadAndExported() throws Exception {
        Path mount = dir.resolve("disk");
        java.nio.file.Files.createDirectories(mount);
        org.junit.jupiter.api.Assumptions.assumeTrue(system("mount", "-t", "tmpfs", "-o", "size=40m", "tmpfs",
                mount.toString()) == 0, "cannot mount a file system here (needs root)");
        try {
            Path data = mount.resolve("data");
            String id = ranConversation(data, "Plan a picnic", 2);
            Path filler = mount.resolve("filler");
            system("dd", "if=/dev/zero", "of=" + filler, "bs=1M");
            for (String how : List.of("full", "read-only")) {
                if (how.equals("read-only")) {
                    java.nio.file.Files.delete(filler);
                    assertThat(system("mount", "-o", "remount,ro", mount.toString())).isZero();
                }
                Run list = workshop("--data-dir", data.toString(), "list", "--json");
                Run show = workshop("--data-dir", data.toString(), "show", id, "--json");
                Run export = workshop("--data-dir", data.toString(), "export", id, "--to", dir.resolve(how).toString());
                Run change = workshop("--data-dir", data.toString(), "rename", id, "Picnic");

                assertThat(list.exitCode()).as(how + ": " + list.err()).isZero();
                assertThat(jsonLines(list.out()).getFirst().get(0).get("id").asText()).isEqualTo(id);
                if (how.equals("read-only")) {
                    // A full disk may still open as usual (the journal writes into room it took beforehand).
                    assertThat(list.err()).contains("workshop: the data can only be read (")
                            .contains("reading and exporting work, and nothing is changed");
                    assertThat(change.exitCode()).as("a change is refused").isEqualTo(4);
                }
                assertThat(show.exitCode()).as(how + ": " + show.err()).isZero();
                assertThat(new ObjectMapper().readTree(show.out()).get("messages")).hasSize(2);
                assertThat(export.exitCode()).as(how + ": " + export.err()).isZero();
                try (var exported = java.nio.file.Files.list(dir.resolve(how))) {
                    assertThat(exported.toList()).hasSize(1);
                }
            }
        } finally {
            system("umount", "-l", mount.toString());
        }
    }

    private static int system(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return process.waitFor(2, TimeUnit.MINUTES) ? process.exitValue() : -1;
    }

    @Test
    void aDataDirectoryThatCannotBeUsedIsStoreErrorFour() throws Exception {
        Path file = java.nio.file.Files.writeString(dir.resolve("a-file"), "not a directory");
        Run run = workshop("--data-dir", file.toString(), "list", "--json");
        assertThat(run.exitCode()).isEqualTo(4);
        assertThat(run.err().strip()).isEqualTo("workshop: Cannot use data directory " + file + ": it is a file, not a folder");
    }

    @Test
    void agentsOnAnOpenAiCompatibleServerConverseFromTheCommandLine() throws Exception {
        try (var server = new dev.workshop.gateway.openai.FakeChatServer()) {
            for (String name : List.of("Ann", "Ben")) {
                Run add = workshop("--data-dir", dir.toString(), "agents", "add", "--name", name, "--provider", "openai",
                        "--base-url", server.baseUrl(), "--model", "llama3", "--api-key-env", "WORKSHOP_TEST_KEY");
                assertThat(add.exitCode()).as(add.err()).isZero();
            }
            assertThat(java.nio.file.Files.readString(dir.resolve("agents.json"))).contains("WORKSHOP_TEST_KEY")
                    .doesNotContain("sk-secret");

            Run run = workshopWith(java.util.Map.of("WORKSHOP_TEST_KEY", "sk-secret"), "--data-dir", dir.toString(),
                    "run", "--agents", "Ann,Ben", "--prompt", "Plan a launch", "--max-turns", "4");

            assertThat(run.exitCode()).as(run.err()).isZero();
            List<JsonNode> messages = jsonLines(run.out()).stream()
                    .filter(e -> e.get("event").asText().equals("message")).toList();
            assertThat(messages).extracting(m -> m.get("content").asText())
                    .containsOnly("Reply from llama3 to Task: Plan a launch");
            assertThat(messages).extracting(m -> m.get("speaker_name").asText()).containsExactly("Ann", "Ben", "Ann", "Ben");
            assertThat(server.authorizations).containsOnly("Bearer sk-secret");
            assertThat(run.out() + run.err()).doesNotContain("sk-secret");
        }
    }

    @Test
    void anOpenAiAgentNeedsAnEndpoint() throws Exception {
        Run add = workshop("--data-dir", dir.toString(), "agents", "add", "--name", "Ann", "--provider", "openai");
        assertThat(add.exitCode()).isEqualTo(2);
        assertThat(add.err().strip()).isEqualTo("workshop: An agent of provider openai needs --base-url and --model");
    }

    @Test
    void whenTheServerDiesMidConversationTheTurnFailsAndRetryGoesOnWhenTheServerIsBack() throws Exception {
        var server = new dev.workshop.gateway.openai.FakeChatServer(0, 400);
        int port = server.port();
        for (String name : List.of("Ann", "Ben")) {
            workshop("--data-dir", dir.toString(), "agents", "add", "--name", name, "--provider", "openai",
                    "--base-url", server.baseUrl(), "--model", "llama3");
        }
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), "dev.workshop.Main", "--data-dir", dir.toString(), "run",
                "--agents", "Ann,Ben", "--prompt", "Plan a launch", "--max-turns", "6"));
        Process run = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        var lines = new java.io.BufferedReader(new java.io.InputStreamReader(run.getInputStream(), StandardCharsets.UTF_8));
        List<JsonNode> events = new ArrayList<>();
        int messages = 0;
        String line;
        while (messages < 2 && (line = lines.readLine()) != null) {
            JsonNode event = new ObjectMapper().readTree(line);
            events.add(event);
            if (event.get("event").asText().equals("message")) {
                messages++;
            }
        }
        server.close(); // the model server goes away mid-conversation
        while ((line = lines.readLine()) != null) {
            events.add(new ObjectMapper().readTree(line));
        }
        assertThat(run.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(run.exitValue()).isEqualTo(5);
        JsonNode end = lastEnd(events);
        assertThat(end.get("status").asText()).isEqualTo("failed");
        assertThat(end.get("reason").asText()).contains("127.0.0.1").contains("gave up after 4 attempts; Retry once");
        String id = end.get("conversation_id").asText();
        JsonNode before = new ObjectMapper().readTree(workshop("--data-dir", dir.toString(), "show", id, "--json").out());
        int kept = before.get("messages").size();
        assertThat(kept).isGreaterThanOrEqualTo(2).isLessThan(6);

        try (var back = new dev.workshop.gateway.openai.FakeChatServer(port, 0)) {
            Run retry = workshop("--data-dir", dir.toString(), "retry", id);
            assertThat(retry.exitCode()).as(retry.err()).isZero();
        }
        JsonNode after = new ObjectMapper().readTree(workshop("--data-dir", dir.toString(), "show", id, "--json").out());
        assertThat(after.get("status").asText()).isEqualTo("completed");
        assertThat(after.get("messages")).hasSize(6);
        for (int turn = 0; turn < kept; turn++) {
            assertThat(after.get("messages").get(turn)).isEqualTo(before.get("messages").get(turn));
        }
        for (int turn = 0; turn < 6; turn++) {
            assertThat(after.get("messages").get(turn).get("speaker_name").asText()).isEqualTo(turn % 2 == 0 ? "Ann" : "Ben");
        }
    }
}
