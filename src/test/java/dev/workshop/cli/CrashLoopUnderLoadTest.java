package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.orchestration.LoopSettings;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two hundred conversations in one process — three taking turns, the rest queued — killed with SIGKILL ten
 * times while they run: none may end failed (the crash-loop guard charges only a turn asked again, never a
 * conversation that waited in the queue), and in the end every one has each of its turns exactly once, in
 * rotation, with every message a killed process printed.
 */
@dev.workshop.testing.Slow
class CrashLoopUnderLoadTest {
    private static final int CONVERSATIONS = 200;
    private static final int TURNS = 4;
    private static final int KILLS = 10;
    /** Messages a round prints before its kill: every round gets somewhere, under load as the app would be. */
    private static final int MESSAGES_A_ROUND = 12;
    private final ObjectMapper json = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void twoHundredConversationsKilledTenTimesEndWithNoneFailedLostOrDoubled() throws Exception {
        List<ConversationId> ids = new ArrayList<>();
        // Started, then stopped at once, as a quit would leave them: interrupted, to be resumed.
        try (Workspace workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(60_000, LoopSettings.DEFAULTS))) {
            List<AgentId> pair = List.of(workspace.agents().findByIdOrName("Ada").orElseThrow().id(),
                    workspace.agents().findByIdOrName("Bruno").orElseThrow().id());
            for (int i = 0; i < CONVERSATIONS; i++) {
                ids.add(workspace.engine().startConversation(pair, "Plan outing " + i, OptionalInt.of(TURNS)));
            }
        }
        List<JsonNode> printed = new ArrayList<>();
        for (int kill = 0; kill < KILLS; kill++) {
            runUntilKilled(printed);
        }
        Path err = dir.resolveSibling(dir.getFileName() + "-resume.err");
        Process last = command("resume", "--offline-delay-ms", "0").redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile()).start();
        assertThat(last.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(last.exitValue()).as(java.nio.file.Files.readString(err)).isZero();

        try (Workspace workspace = Wiring.openWorkspace(dir)) {
            Map<ConversationId, ConversationState> states = workspace.store().list(workspace.tenant()).stream()
                    .collect(Collectors.toMap(ConversationState::id, state -> state));
            assertThat(states.keySet()).containsExactlyInAnyOrderElementsOf(ids);
            assertThat(states.values()).as("none failed").allSatisfy(state ->
                    assertThat(state.status().wireName()).as(state.statusReason()).isEqualTo("completed"));
            for (ConversationId id : ids) {
                List<MessageRecorded> messages = workspace.store().history(workspace.tenant(), id).stream()
                        .map(RecordedEvent::event).filter(MessageRecorded.class::isInstance)
                        .map(MessageRecorded.class::cast).toList();
                assertThat(messages).extracting(MessageRecorded::turnIndex).as("none lost or doubled in %s", id)
                        .containsExactly(0, 1, 2, 3);
                assertThat(messages).extracting(MessageRecorded::speakerName)
                        .containsExactly("Ada", "Bruno", "Ada", "Bruno");
                for (JsonNode message : printed) {
                    if (message.get("conversation_id").asText().equals(id.value())) {
                        assertThat(messages.get(message.get("turn_index").asInt()).content())
                                .as("a printed message is kept as printed").isEqualTo(message.get("content").asText());
                    }
                }
            }
        }
        assertThat(printed).hasSizeGreaterThanOrEqualTo(KILLS * MESSAGES_A_ROUND);
    }

    /** {@code workshop resume}, killed once it has printed {@value #MESSAGES_A_ROUND} messages. */
    private void runUntilKilled(List<JsonNode> printed) throws Exception {
        Process process = command("resume", "--offline-delay-ms", "20").redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        int messages = 0;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while (messages < MESSAGES_A_ROUND && (line = lines.readLine()) != null) {
                JsonNode event = json.readTree(line);
                if (event.get("event").asText().equals("message")) {
                    printed.add(event);
                    messages++;
                }
            }
            process.destroyForcibly();
        }
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(messages).as("the round was killed while it ran").isEqualTo(MESSAGES_A_ROUND);
    }

    private ProcessBuilder command(String... args) {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), "dev.workshop.Main", "--data-dir", dir.toString()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }
}
