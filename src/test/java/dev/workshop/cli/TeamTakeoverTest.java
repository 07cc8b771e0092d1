package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.jdbc.team.PostgresConversationStore;
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
 * One driver per conversation on a team server: {@code workshop run} is killed (SIGKILL) or frozen (SIGSTOP) in
 * the middle of a conversation while {@code workshop serve} waits on another device; the server takes over once
 * the runner's claim runs out, the conversation goes on to its end with every turn once, and a frozen runner that
 * wakes up records nothing more.
 */
@dev.workshop.testing.Slow
class TeamTakeoverTest {
    private static final int TURNS = 10;
    private static final TenantId TEAM = new TenantId("takeover");
    @org.junit.jupiter.api.extension.RegisterExtension
    static final dev.workshop.store.jdbc.team.EmbeddedTeamServer SERVER = new dev.workshop.store.jdbc.team.EmbeddedTeamServer();
    private final ObjectMapper json = new ObjectMapper();

    @TempDir
    Path dir;

    private Process start(Path data, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), "dev.workshop.Main", "--data-dir", data.toString(),
                "--store-url", SERVER.url(), "--team", TEAM.value()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        process.getOutputStream().close();
        return process;
    }

    /** The JSON lines {@code process} prints, collected as they come. */
    private List<JsonNode> lines(Process process) {
        List<JsonNode> lines = new CopyOnWriteArrayList<>();
        Thread.ofVirtual().start(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    lines.add(json.readTree(line));
                }
            } catch (IOException ended) {
                // The process is gone.
            }
        });
        return lines;
    }

    private static List<JsonNode> messages(List<JsonNode> lines) {
        return lines.stream().filter(line -> line.path("event").asText().equals("message")).toList();
    }

    private static List<MessageRecorded> transcript(PostgresConversationStore store, ConversationId id) {
        List<MessageRecorded> messages = new ArrayList<>();
        for (RecordedEvent recorded : store.history(TEAM, id)) {
            if (recorded.event() instanceof MessageRecorded message) {
                messages.add(message);
            }
        }
        return messages;
    }

    private void requireEveryTurnOnceInRotation(PostgresConversationStore store, ConversationId id) {
        List<MessageRecorded> transcript = transcript(store, id);
        assertThat(transcript).hasSize(TURNS);
        for (int turn = 0; turn < TURNS; turn++) {
            assertThat(transcript.get(turn).turnIndex()).isEqualTo(turn);
            assertThat(transcript.get(turn).speakerName()).isEqualTo(List.of("Ada", "Bruno", "Chen").get(turn % 3));
        }
    }

    @Test
    void whenTheRunnerIsKilledTheServerGoesOnFromTheLastCommittedTurn() throws Exception {
        Process serve = start(dir.resolve("server"), "serve", "--offline-delay-ms", "50");
        Process run = start(dir.resolve("laptop"), "run", "--agents", "Ada,Bruno,Chen", "--prompt", "Plan a launch",
                "--max-turns", String.valueOf(TURNS), "--offline-delay-ms", "300");
        List<JsonNode> printed = lines(run);
        try (PostgresConversationStore store = PostgresConversationStore.open(SERVER.url())) {
            await().atMost(Duration.ofSeconds(60)).until(() -> messages(printed).size() >= 2);
            run.destroyForcibly();
            run.waitFor(30, TimeUnit.SECONDS);
            ConversationId id = new ConversationId(printed.getFirst().get("conversation_id").asText());
            long killedAt = System.nanoTime();

            await().atMost(Duration.ofSeconds(60)).until(() -> store.state(TEAM, id).orElseThrow().status()
                    == ConversationStatus.COMPLETED);
            long takeover = Duration.ofNanos(System.nanoTime() - killedAt).toSeconds();
            requireEveryTurnOnceInRotation(store, id);
            for (JsonNode message : messages(printed)) {
                assertThat(transcript(store, id).get(message.get("turn_index").asInt()).content())
                        .as("what the killed runner printed is what was kept").isEqualTo(message.get("content").asText());
            }
            assertThat(takeover).as("taken over and finished within the lease and a few turns").isLessThan(40);
            // The takeover is an entry of the team's trail, as the log records it.
            await().atMost(Duration.ofSeconds(30)).until(() -> store.auditTrail(TEAM).read(java.util.Optional.of(
                    id.value()), java.util.Optional.empty()).stream().anyMatch(entry -> entry.action()
                    == dev.workshop.domain.audit.AuditAction.TAKEN_OVER));
        } finally {
            serve.destroy();
            assertThat(serve.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(serve.exitValue()).as("SIGTERM ends serve cleanly").isZero();
        }
    }

    @Test
    void aFrozenRunnerThatWakesAfterTheTakeoverRecordsNothing() throws Exception {
        Process run = start(dir.resolve("laptop"), "run", "--agents", "Ada,Bruno,Chen", "--prompt", "Plan a retreat",
                "--max-turns", String.valueOf(TURNS), "--offline-delay-ms", "300");
        List<JsonNode> printed = lines(run);
        Process serve = null;
        try (PostgresConversationStore store = PostgresConversationStore.open(SERVER.url())) {
            await().atMost(Duration.ofSeconds(60)).until(() -> messages(printed).size() >= 2);
            new ProcessBuilder("kill", "-STOP", String.valueOf(run.pid())).start().waitFor(10, TimeUnit.SECONDS);
            int printedBeforeFreeze = messages(printed).size();
            ConversationId id = new ConversationId(printed.getFirst().get("conversation_id").asText());
            serve = start(dir.resolve("server"), "serve", "--offline-delay-ms", "50");
            await().atMost(Duration.ofSeconds(60)).until(() -> store.state(TEAM, id).orElseThrow().status()
                    == ConversationStatus.COMPLETED);
            List<MessageRecorded> finished = transcript(store, id);

            new ProcessBuilder("kill", "-CONT", String.valueOf(run.pid())).start().waitFor(10, TimeUnit.SECONDS);
            assertThat(run.waitFor(60, TimeUnit.SECONDS)).as("the runner stands down").isTrue();
            assertThat(transcript(store, id)).as("nothing recorded after the takeover").isEqualTo(finished);
            requireEveryTurnOnceInRotation(store, id);
            assertThat(messages(printed).size()).as("no message printed as kept after waking")
                    .isLessThanOrEqualTo(printedBeforeFreeze + 1);
            // Its last word names what happened (taken over, or ended there), not the failure of its own last write.
            String storedReason = store.state(TEAM, id).orElseThrow().statusReason();
            assertThat(printed).filteredOn(line -> line.path("event").asText().equals("conversation_end"))
                    .singleElement().satisfies(end -> assertThat(end.path("reason").asText())
                            .satisfiesAnyOf(reason -> assertThat(reason).startsWith("Taken over by "),
                                    reason -> assertThat(reason).isEqualTo(storedReason)));
            assertThat(printed).filteredOn(line -> line.path("event").asText().equals("conversation_error"))
                    .noneSatisfy(error -> assertThat(error.path("message").asText())
                            .containsAnyOf("busy", "Could not record the end", "connection"));
        } finally {
            run.destroyForcibly();
            if (serve != null) {
                serve.destroy();
                serve.waitFor(30, TimeUnit.SECONDS);
            }
        }
    }
}
