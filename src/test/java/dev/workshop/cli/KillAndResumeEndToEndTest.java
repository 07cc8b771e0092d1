package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.Wiring;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.orchestration.Workspace;
import java.io.IOException;
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
    private ChildWorkshop child;

    @Test
    void aConversationKilledTenTimesEndsWithEveryTurnOnceInRotation() throws Exception {
        child = new ChildWorkshop(dir);
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
            // Killed a moment after its first stored message: every round makes progress, so the resume-attempt cap
            // does not end the conversation.
            boolean killed = child.runAndKill(command, random.nextInt(0, 4), message -> true, printedMessages);
            if (killed) {
                kills++;
            }
            rounds.add(command.getFirst() + (killed ? " killed" : " ended") + " after "
                    + (printedMessages.size() - before) + " messages");
            if (completed()) {
                break;
            }
        }
        Process last = child.start(List.of("resume", "--offline-delay-ms", "0"));
        child.collect(last, printedMessages, message -> false, () -> { }).join();
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
        String out = child.run(List.of("list", "--json"));
        lastListing = out;
        JsonNode conversations = json.readTree(out);
        return conversations.size() == 1 && conversations.get(0).get("status").asText().equals("completed");
    }
}
