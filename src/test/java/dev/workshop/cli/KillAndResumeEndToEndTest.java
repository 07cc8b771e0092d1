package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.Wiring;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.orchestration.Workspace;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The promise, end to end: {@code workshop run} with three agents and 30 turns is killed with SIGKILL again
 * and again, each time followed by {@code workshop resume}; in the end the transcript has exactly 30
 * messages in strict rotation, and every message a killed process printed is in it.
 */
@dev.workshop.testing.Slow
class KillAndResumeEndToEndTest {
    private static final int TURNS = 30;
    private static final int KILLS = 10;
    private final ObjectMapper json = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aConversationKilledTenTimesEndsWithEveryTurnOnceInRotation() throws Exception {
        json.readTree("{\"warm\":\"up\"}"); // a cold parser would let the first round run on for many turns
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<JsonNode> printedMessages = new CopyOnWriteArrayList<>();
        int kills = 0;
        boolean first = true;
        List<String> rounds = new ArrayList<>();
        while (kills < KILLS) {
            // 10–20 ms per reply and a kill within 3 ms of the first stored message: each round records a few
            // turns, so the 30 turns outlast the ten kills.
            String delay = String.valueOf(random.nextInt(10, 21));
            List<String> command = first
                    ? List.of("run", "--agents", "Ada,Bruno,Chen", "--prompt", "Plan a three-day team offsite",
                            "--max-turns", String.valueOf(TURNS), "--offline-delay-ms", delay)
                    : List.of("resume", "--offline-delay-ms", delay);
            first = false;
            int before = printedMessages.size();
            boolean killed = runAndKill(command, random.nextInt(0, 4), printedMessages);
            if (killed) {
                kills++;
            }
            rounds.add(command.getFirst() + (killed ? " killed" : " ended") + " after "
                    + (printedMessages.size() - before) + " messages");
            if (completed()) {
                break;
            }
        }
        Process last = start(List.of("resume", "--offline-delay-ms", "0"));
        collect(last, printedMessages, () -> { }).join();
        assertThat(last.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(kills).as("kills before the conversation ended (seed %d): %s; listing: %s", seed, rounds, lastListing).isEqualTo(KILLS);
        try (Workspace workspace = Wiring.openWorkspace(dir)) {
            List<ConversationState> conversations = workspace.store().list(workspace.tenant());
            assertThat(conversations).hasSize(1);
            ConversationState state = conversations.getFirst();
            assertThat(state.status().wireName()).isEqualTo("completed");
            List<MessageRecorded> transcript = new ArrayList<>();
            for (RecordedEvent recorded : workspace.store().history(workspace.tenant(), state.id())) {
                if (recorded.event() instanceof MessageRecorded message) {
                    transcript.add(message);
                }
            }
            assertThat(transcript).hasSize(TURNS);
            List<String> rotation = List.of("Ada", "Bruno", "Chen");
            for (int turn = 0; turn < TURNS; turn++) {
                assertThat(transcript.get(turn).turnIndex()).isEqualTo(turn);
                assertThat(transcript.get(turn).speakerName()).as("seed %d, turn %d", seed, turn)
                        .isEqualTo(rotation.get(turn % 3));
            }
            assertThat(printedMessages).as("messages printed by the killed processes").isNotEmpty();
            for (JsonNode printed : printedMessages) {
                MessageRecorded stored = transcript.get(printed.get("turn_index").asInt());
                assertThat(stored.content()).as("printed message of turn %s", printed.get("turn_index"))
                        .isEqualTo(printed.get("content").asText());
                assertThat(stored.speakerId().value()).isEqualTo(printed.get("speaker_id").asText());
            }
        }
    }

    private String lastListing = "";

    private boolean completed() throws IOException, InterruptedException {
        Process list = start(List.of("list", "--json"));
        String out = new String(list.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        list.waitFor(60, TimeUnit.SECONDS);
        lastListing = out;
        JsonNode conversations = json.readTree(out);
        return conversations.size() == 1 && conversations.get(0).get("status").asText().equals("completed");
    }

    /**
     * Runs a command and kills it with SIGKILL a moment after its first stored message (so every round makes
     * progress and the resume-attempt cap does not end the conversation); true if it was still running. The
     * thread that reads the message line kills, so a busy test JVM (the child's start keeps both cores busy)
     * adds no wake-up of another thread to the few milliseconds the round is meant to last.
     */
    private boolean runAndKill(List<String> command, int millisAfterFirstMessage, List<JsonNode> printed)
            throws Exception {
        Process process = start(command);
        java.util.concurrent.atomic.AtomicBoolean aliveAtKill = new java.util.concurrent.atomic.AtomicBoolean();
        Thread reader = collect(process, printed, () -> {
            long killAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millisAfterFirstMessage);
            while (System.nanoTime() < killAt) {
                Thread.onSpinWait();
            }
            aliveAtKill.set(process.isAlive());
            process.destroyForcibly();
        });
        reader.join(TimeUnit.SECONDS.toMillis(90));
        process.destroyForcibly();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        reader.join();
        return aliveAtKill.get();
    }

    private Process start(List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), "dev.workshop.Main", "--data-dir", dir.toString()));
        command.addAll(args);
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    /** Collects the printed messages; {@code atFirstMessage} runs on this thread as the first one is read. */
    private Thread collect(Process process, List<JsonNode> printed, Runnable atFirstMessage) {
        return Thread.ofPlatform().start(() -> {
            boolean first = true;
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    if (line.contains("\"event\":\"message\"")) {
                        if (first) {
                            first = false;
                            atFirstMessage.run();
                        }
                        printed.add(json.readTree(line));
                    }
                }
            } catch (IOException ignored) {
                // The pipe closes when the process is killed; a line cut in half by the kill is not a message.
            }
        });
    }
}
