package dev.workshop.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.workshop.Wiring;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.orchestration.Workspace;
import dev.workshop.store.Conversations;
import dev.workshop.ui.fx.FxExecutor;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The main window's view-model, without a JavaFX toolkit. */
class ShellViewModelTest {
    @TempDir
    Path dir;

    @Test
    void showsTheDataDirectoryAndItsConversationCountOnceOpened() {
        try (Workspace workspace = Wiring.openWorkspace(dir)) {
            for (int i = 0; i < 3; i++) {
                workspace.store().append(workspace.tenant(), ConversationId.random(), 0, List.of(Conversations.started(4)));
            }
        }
        ShellViewModel viewModel = new ShellViewModel(dir, Wiring::openWorkspace, FxExecutor.direct());
        assertThat(viewModel.conversationCountTextProperty().get()).isEqualTo("Opening…");
        assertThat(viewModel.openingProperty().get()).isTrue();

        viewModel.open();

        await().atMost(Duration.ofSeconds(20)).until(() -> !viewModel.openingProperty().get());
        assertThat(viewModel.dataDirectoryTextProperty().get()).isEqualTo(dir.toString());
        assertThat(viewModel.conversationCountTextProperty().get()).isEqualTo("3 conversations");
        assertThat(viewModel.fatalErrorProperty().get()).isEmpty();
        viewModel.close();
    }

    @Test
    void reportsADataDirectoryHeldByAnotherProcess() {
        try (Workspace held = Wiring.openWorkspace(dir)) {
            ShellViewModel viewModel = new ShellViewModel(dir, Wiring::openWorkspace, FxExecutor.direct());
            viewModel.open();
            await().atMost(Duration.ofSeconds(20)).until(() -> !viewModel.openingProperty().get());
            assertThat(viewModel.fatalErrorProperty().get())
                    .isEqualTo("Workshop is already running with data directory " + dir.toAbsolutePath().normalize());
            assertThat(viewModel.workspace()).isEmpty();
        }
    }
}
