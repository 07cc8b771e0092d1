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
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The team server goes away twice under a running {@code workshop run}: briefly (one line when it goes, one when
 * it is back, every turn saved once), then for longer than the runner waits (it gives up with the documented exit
 * code 5, in a few lines and no stack trace). Once the server is back, {@code workshop resume} goes on with the
 * conversation, and every turn is in the log exactly once. A real PostgreSQL, stopped and started; real JVMs.
 */
@dev.workshop.testing.Slow
class TeamServerOutageTest {
    private static final int TURNS = 10;
    private static final TenantId TEAM = new TenantId("outage");
    private final ObjectMapper json = new ObjectMapper();

    @TempDir
    Path dir;

    private EmbeddedPostgres start(Path data, int port) throws IOException {
        return dev.workshop.store.jdbc.team.EmbeddedTeamServer.startOn(data, port);
    }

    private List<String> workshop(String url, String... args) {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                // The runner gives up after 25 s instead of two minutes (one attempt may wait 10 s for a connection).
                "-Dworkshop.serverPatienceSeconds=25", "-cp", System.getProperty("java.class.path"),
                "dev.workshop.Main", "--data-dir", dir.resolve("laptop").toString(), "--store-url", url, "--team",
                TEAM.value()));
        command.addAll(List.of(args));
        return command;
    }

    private static void readLines(InputStream stream, Consumer<String> each) {
        Thread.ofVirtual().start(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    each.accept(line);
                }
            } catch (IOException ended) {
                // The process is gone.
            }
        });
    }

    /** Waits up to a minute for {@code condition}; a failure shows what the runner printed. */
    private static void seen(java.util.concurrent.Callable<Boolean> condition, List<JsonNode> printed, List<String> said) {
        try {
            await().atMost(Duration.ofSeconds(60)).until(condition);
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            throw new AssertionError("Not seen in a minute; stdout:\n" + printed + "\nstderr:\n" + String.join("\n", said), e);
        }
    }

    private long count(List<JsonNode> printed, String event) {
        return printed.stream().filter(line -> line.path("event").asText().equals(event)).count();
    }

    @Test
    void aRunnerSaysOnceThatTheServerWentAndCameBackGivesUpWithExitCode5AndResumeGoesOn() throws Exception {
        int port = dev.workshop.store.jdbc.team.EmbeddedTeamServer.freePort();
        Path data = dir.resolve("pgdata");
        EmbeddedPostgres postgres = start(data, port);
        String url = "jdbc:postgresql://localhost:" + port + "/postgres?user=postgres";
        Process run = new ProcessBuilder(workshop(url, "run", "--agents", "Ada,Bruno", "--prompt", "Plan a picnic",
                "--max-turns", String.valueOf(TURNS), "--offline-delay-ms", "300")).start();
        run.getOutputStream().close();
        List<JsonNode> printed = new CopyOnWriteArrayList<>();
        List<String> said = new CopyOnWriteArrayList<>();
        readLines(run.getInputStream(), line -> {
            try {
                printed.add(json.readTree(line));
            } catch (IOException notJson) {
                printed.add(json.createObjectNode().put("event", "not-json").put("line", line));
            }
        });
        readLines(run.getErrorStream(), said::add);
        try {
            seen(() -> count(printed, "message") >= 2, printed, said);
            postgres.close();
            seen(() -> count(printed, "warning") >= 1, printed, said);
            postgres = start(data, port);
            seen(() -> count(printed, "server_back") >= 1, printed, said);
            long savedBefore = count(printed, "message");
            seen(() -> count(printed, "message") >= savedBefore + 2, printed, said);
            postgres.close();

            assertThat(run.waitFor(90, TimeUnit.SECONDS)).as("the runner gave up by itself").isTrue();
            assertThat(run.exitValue()).as(String.join("\n", said)).isEqualTo(ExitCode.CONVERSATION_NOT_COMPLETED);
            assertThat(count(printed, "not-json")).as("stdout holds JSON lines only").isZero();
            assertThat(said).as("stderr: " + said).filteredOn(line -> line.contains("Waiting for the team server"))
                    .hasSize(2);
            assertThat(said).filteredOn(line -> line.contains("The team server is back")).hasSize(1);
            assertThat(said).as("no stack trace, no driver or pool chatter")
                    .noneMatch(line -> line.startsWith("\tat ") || line.contains("Exception") || line.contains("Hikari")
                            || line.contains("org.postgresql"));
            assertThat(said).hasSizeLessThanOrEqualTo(5);

            postgres = start(data, port);
            Process resume = new ProcessBuilder(workshop(url, "resume", "--offline-delay-ms", "0"))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            resume.getOutputStream().close();
            String resumeSaid = new String(resume.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(resume.waitFor(90, TimeUnit.SECONDS)).isTrue();
            assertThat(resume.exitValue()).as(resumeSaid).isZero();
            assertThat(resumeSaid).contains("resumed 1 conversation");

            ConversationId id = new ConversationId(printed.getFirst().get("conversation_id").asText());
            try (PostgresConversationStore store = PostgresConversationStore.open(url)) {
                List<Integer> turns = new ArrayList<>();
                for (RecordedEvent recorded : store.history(TEAM, id)) {
                    if (recorded.event() instanceof MessageRecorded message) {
                        turns.add(message.turnIndex());
                    }
                }
                assertThat(turns).as("every turn once").containsExactlyElementsOf(IntStream.range(0, TURNS).boxed().toList());
            }
        } finally {
            run.destroyForcibly();
            postgres.close();
        }
    }
}
