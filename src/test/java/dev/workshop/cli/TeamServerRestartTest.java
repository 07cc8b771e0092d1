package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.jdbc.team.PostgresConversationStore;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The team server restarts in the middle of a conversation: the runner says it waits for the server, keeps what
 * it was about to save, saves it once when the server is back, and the conversation ends with every turn once.
 */
@dev.workshop.testing.Slow
class TeamServerRestartTest {
    private static final int TURNS = 8;
    private static final TenantId TEAM = new TenantId("restart");
    private final ObjectMapper json = new ObjectMapper();

    @TempDir
    Path dir;

    private EmbeddedPostgres start(Path data, int port) throws IOException {
        return dev.workshop.store.jdbc.team.EmbeddedTeamServer.startOn(data, port);
    }

    @Test
    void aRunnerWaitsForARestartingServerAndRecordsEveryTurnOnce() throws Exception {
        int port = dev.workshop.store.jdbc.team.EmbeddedTeamServer.freePort();
        Path data = dir.resolve("pgdata");
        EmbeddedPostgres postgres = start(data, port);
        String url = "jdbc:postgresql://localhost:" + port + "/postgres?user=postgres";
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), "dev.workshop.Main", "--data-dir",
                dir.resolve("laptop").toString(), "--store-url", url, "--team", TEAM.value(), "run", "--agents",
                "Ada,Bruno", "--prompt", "Plan a picnic", "--max-turns", String.valueOf(TURNS), "--offline-delay-ms",
                "400"));
        Process run = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        run.getOutputStream().close();
        List<JsonNode> printed = new CopyOnWriteArrayList<>();
        Thread.ofVirtual().start(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(run.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    printed.add(json.readTree(line));
                }
            } catch (IOException ended) {
                // The process is gone.
            }
        });
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> printed.stream()
                    .filter(line -> line.path("event").asText().equals("message")).count() >= 2);
            postgres.close();
            await().atMost(Duration.ofSeconds(60)).until(() -> printed.stream().anyMatch(line ->
                    line.path("event").asText().equals("warning")
                            && line.path("message").asText().contains("Waiting for the team server")));
            postgres = start(data, port);
            assertThat(run.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(run.exitValue()).as("the conversation completed").isZero();
            ConversationId id = new ConversationId(printed.getFirst().get("conversation_id").asText());
            try (PostgresConversationStore store = PostgresConversationStore.open(url)) {
                List<MessageRecorded> transcript = new ArrayList<>();
                for (RecordedEvent recorded : store.history(TEAM, id)) {
                    if (recorded.event() instanceof MessageRecorded message) {
                        transcript.add(message);
                    }
                }
                assertThat(transcript).extracting(MessageRecorded::turnIndex)
                        .containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
            }
        } finally {
            run.destroyForcibly();
            postgres.close();
        }
    }
}
