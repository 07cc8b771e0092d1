package dev.workshop.ui.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.Wiring;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.ui.shell.ShellViewModel;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;

/**
 * "Kill the app with kill -9 during a conversation and start it again: the same scene, the conversation going
 * on." The app's engine runs in a child JVM that is SIGKILLed mid-conversation several times; each restart
 * must show the same agent instances and carry the conversation on, and in the end it has every turn once,
 * in strict rotation.
 */
@dev.workshop.testing.Slow
@dev.workshop.testing.WholeApp
class AppKillNineTest {
    static final int TURNS = 12;
    private static final int KILLS = 4;

    @TempDir
    Path dir;

    @Test
    void eachRestartShowsTheSameSceneAndTheConversationGoesOnToItsLastTurn() throws Exception {
        Random random = new Random();
        String firstInstances = null;
        for (int kill = 0; kill < KILLS; kill++) {
            Process child = start();
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String ready = awaitLine(lines, "READY ");
                if (firstInstances == null) {
                    firstInstances = ready;
                }
                assertThat(ready).as("the agents on the canvas after restart %d", kill).isEqualTo(firstInstances);
                awaitLine(lines, "MESSAGE ");
                Thread.sleep(random.nextInt(0, 200));
            } finally {
                child.destroyForcibly();
                child.waitFor(10, TimeUnit.SECONDS);
            }
        }

        try (Workspace killed = Wiring.openWorkspace(dir)) {
            ConversationState left = killed.store().list(killed.tenant()).getFirst();
            assertThat(left.turnCount()).as("turns taken before the last kill").isBetween(KILLS - 1, TURNS - 1);
            assertThat(left.status()).isEqualTo(ConversationStatus.INTERRUPTED);
        }
        FxThread fx = new FxThread();
        ShellViewModel app = new ShellViewModel(dir, Wiring::openWorkspace, fx.executor(), new WorkspaceOptions(20));
        try {
            app.open();
            await().atMost(Duration.ofSeconds(20)).until(() -> app.canvasProperty().get() != null);
            Workspace workspace = app.workspace().orElseThrow();
            CanvasViewModel canvas = app.canvasProperty().get();
            assertThat("READY " + fx.call(() -> canvas.agents().stream().map(agent -> agent.id().value()).sorted()
                    .toList())).isEqualTo(firstInstances);
            ConversationState conversation = workspace.store().list(workspace.tenant()).getFirst();
            await().atMost(Duration.ofSeconds(30)).until(() -> workspace.engine().state(conversation.id()).orElseThrow()
                    .status() == ConversationStatus.COMPLETED);
            List<String> speakers = new ArrayList<>();
            List<Integer> turns = new ArrayList<>();
            workspace.store().history(workspace.tenant(), conversation.id()).forEach(recorded -> {
                if (recorded.event() instanceof MessageRecorded message) {
                    speakers.add(message.speakerId().value());
                    turns.add(message.turnIndex());
                }
            });
            assertThat(turns).hasSize(TURNS).isSorted().doesNotHaveDuplicates();
            for (int i = 0; i < TURNS; i++) {
                assertThat(speakers.get(i)).as("speaker of turn %d", i)
                        .isEqualTo(List.of("starter-ada", "starter-bruno", "starter-chen").get(i % 3));
            }
            assertThat(workspace.store().list(workspace.tenant())).hasSize(1);
        } finally {
            app.close();
            fx.close();
        }
    }

    private Process start() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        return new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), AppUntilKilled.class.getName(),
                dir.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static String awaitLine(BufferedReader lines, String prefix) throws Exception {
        String line;
        while ((line = lines.readLine()) != null) {
            if (line.startsWith(prefix)) {
                return line;
            }
        }
        throw new AssertionError("the app ended before printing \"" + prefix + "\"");
    }
}
