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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code workshop} command in a real child JVM, as scripts run it. */
class CommandLineTest {
    @TempDir
    Path dir;

    private record Run(int exitCode, String out, String err) {
    }

    private Run workshop(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), "dev.workshop.Main"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).start();
        process.getOutputStream().close();
        byte[] out = process.getInputStream().readAllBytes();
        byte[] err = process.getErrorStream().readAllBytes();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(process.exitValue(), new String(out, StandardCharsets.UTF_8),
                new String(err, StandardCharsets.UTF_8));
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
        assertThat(listed.get(0).get("status").asText()).isEqualTo("active");
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
        JsonNode append = lines.get(3);
        assertThat(append.get("messages").asInt()).isEqualTo(50);
        assertThat(append.get("store_bytes").asLong()).isGreaterThan(50L * 500);
        JsonNode restore = lines.get(4);
        assertThat(restore.get("events_loaded").asInt()).isEqualTo(51);
        assertThat(restore.get("restore_ms").asDouble()).isPositive();
        JsonNode many = lines.get(5);
        assertThat(many.get("conversations").asInt()).isEqualTo(20);
        assertThat(many.get("turns_per_s").asLong()).isPositive();
    }
}
