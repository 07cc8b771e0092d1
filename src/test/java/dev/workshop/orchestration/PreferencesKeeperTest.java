package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.settings.Preferences;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The app's settings: read when the workspace opens, and applied the moment they are saved. */
class PreferencesKeeperTest {
    private static final AgentId ADA = new AgentId("starter-ada");
    private static final AgentId BRUNO = new AgentId("starter-bruno");
    /** As the desktop app opens a workspace: the saved preferences decide. */
    private static final WorkspaceOptions FOLLOWING = new WorkspaceOptions(300, LoopSettings.DEFAULTS, TenantId.LOCAL,
            true);

    @TempDir
    Path dir;

    @Test
    void savedSettingsApplyWhenTheAppOpensAndChangesApplyAtOnce() throws Exception {
        Files.writeString(dir.resolve("settings.json"),
                "{\"default_max_turns\": 2, \"concurrent_conversations\": 1, \"offline_reply_ms\": 200}");
        try (Workspace workspace = Wiring.openWorkspace(dir, FOLLOWING)) {
            assertThat(workspace.preferences().current()).isEqualTo(new Preferences(2, 1, 200));
            assertThat(workspace.engine().settings().defaultMaxTurns()).isEqualTo(2);

            // A long one (40 turns of 200 ms) holds the one slot; the next waits for it.
            ConversationId first = workspace.engine().startConversation(List.of(ADA, BRUNO), "Name a cat",
                    OptionalInt.of(40));
            ConversationId second = workspace.engine().startConversation(List.of(ADA, BRUNO), "Name a dog",
                    OptionalInt.empty());
            await().atMost(Duration.ofSeconds(10)).until(() -> workspace.engine().state(second).orElseThrow().status()
                    == ConversationStatus.QUEUED);

            // Two at once from now on: the queued one starts while the first is still running. (The new pace
            // applies to the first one's next replies too: slow enough that it is still talking at the check.)
            workspace.preferences().change(new Preferences(3, 2, 150));

            assertThat(workspace.engine().await(second, Duration.ofSeconds(20))).isTrue();
            assertThat(workspace.engine().isRunning(first)).as("the second ran beside it").isTrue();
            assertThat(workspace.engine().state(second).orElseThrow().maxTurns()).as("started with the old limit")
                    .isEqualTo(2);
            workspace.engine().abort(first, AbortOutcome.COMPLETE);
            assertThat(workspace.engine().await(first, Duration.ofSeconds(20))).isTrue();
            ConversationId third = workspace.engine().startConversation(List.of(ADA, BRUNO), "Name a bird",
                    OptionalInt.empty());
            assertThat(workspace.engine().await(third, Duration.ofSeconds(20))).isTrue();
            assertThat(workspace.engine().state(third).orElseThrow().maxTurns()).isEqualTo(3);
            assertThat(workspace.engine().state(third).orElseThrow().turnCount()).isEqualTo(3);
        }
        assertThat(Files.readString(dir.resolve("settings.json"))).contains("\"default_max_turns\" : 3")
                .contains("\"concurrent_conversations\" : 2").contains("\"offline_reply_ms\" : 150");
        try (Workspace reopened = Wiring.openWorkspace(dir, FOLLOWING)) {
            assertThat(reopened.preferences().current()).isEqualTo(new Preferences(3, 2, 150));
        }
    }

    @Test
    void theCommandLinesWorkspaceKeepsItsOwnOptions() throws Exception {
        Files.writeString(dir.resolve("settings.json"), "{\"default_max_turns\": 2, \"concurrent_conversations\": 1}");
        try (Workspace workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(0))) {
            assertThat(workspace.engine().settings()).isEqualTo(LoopSettings.DEFAULTS);
            assertThat(workspace.preferences().followed()).isFalse();
            assertThatThrownBy(() -> workspace.preferences().change(Preferences.DEFAULTS))
                    .isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void aSettingsFileThatCannotBeUsedIsReportedWhenTheAppOpens() throws Exception {
        Files.writeString(dir.resolve("settings.json"), "{\"concurrent_conversations\": 0}");
        try (Workspace workspace = Wiring.openWorkspace(dir, FOLLOWING)) {
            assertThat(workspace.preferences().current()).isEqualTo(Preferences.DEFAULTS);
            assertThat(workspace.warnings()).anySatisfy(warning -> assertThat(warning)
                    .contains("settings.json could not be used: Conversations at once are 1 to 50, not 0; the defaults"));
        }
    }
}
