package dev.workshop.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.Wiring;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.store.Conversations;
import dev.workshop.store.StoreException;
import dev.workshop.ui.fx.Background;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.sidebar.SidebarViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The main window's view-model, without a JavaFX toolkit. */
class ShellViewModelTest {
    @TempDir
    Path dir;

    /**
     * One thread stands in for the JavaFX thread: the view-models' updates come from the loops' threads and the
     * test's, and, as on the real one, must never run at the same time.
     */
    private final ThreadPoolExecutor fxThread = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS,
            new LinkedBlockingQueue<>());
    private final FxExecutor fx = fxThread::execute;

    @AfterEach
    void stopFxThread() {
        fxThread.shutdownNow();
    }

    /** What the "JavaFX thread" sees, read there. */
    /** Lets the stand-in FX thread run what it was handed so far, and what that hands it in turn. */
    private void settle() {
        for (int round = 0; round < 1000; round++) {
            read(() -> null);
            // An empty queue may only mean that the thread has just taken the last task: a second round waits for
            // that one, and whatever it handed on is then in the queue.
            if (fxThread.getQueue().isEmpty()) {
                read(() -> null);
                if (fxThread.getQueue().isEmpty()) {
                    return;
                }
            }
        }
        throw new AssertionError("the stand-in FX thread is still handed work after 1000 rounds");
    }

    private <T> T read(Supplier<T> property) {
        try {
            return fxThread.submit(property::get).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void dataThatCannotBeWrittenOpensReadOnlyWithABannerAndRunsNothing() {
        ConversationId interrupted = ConversationId.random();
        try (Workspace workspace = Wiring.openWorkspace(dir)) {
            workspace.store().append(workspace.tenant(), interrupted, 0, List.of(Conversations.started(4),
                    new dev.workshop.domain.conversation.ConversationEvent.StatusChanged(
                            dev.workshop.domain.conversation.ConversationStatus.INTERRUPTED,
                            StatusCause.WORKSHOP_STOPPED, "")));
        }
        // As a full disk answers: the open fails with the store's word for it; reading needs no room.
        ShellViewModel viewModel = new ShellViewModel(dir, new dev.workshop.orchestration.WorkspaceOpener() {
            @Override
            public Workspace open(java.nio.file.Path data, dev.workshop.orchestration.WorkspaceOptions options) {
                throw new dev.workshop.store.StoreException("No space left on device");
            }

            @Override
            public java.util.Optional<Workspace> openReadOnly(java.nio.file.Path data,
                                                              dev.workshop.domain.conversation.TenantId team, String why) {
                return java.util.Optional.of(Wiring.openReadOnly(data, team, why));
            }
        }, fx, WorkspaceOptions.DESKTOP, Background.direct());

        viewModel.open();

        assertThat(read(() -> viewModel.openingProperty().get())).as("opened before open() returned").isFalse();
        assertThat(read(() -> viewModel.fatalErrorProperty().get())).isEmpty();
        assertThat(read(() -> viewModel.savingStoppedProperty().get()))
                .startsWith("The data can only be read (No space left on device): every conversation can be read");
        assertThat(read(() -> viewModel.conversationCountTextProperty().get())).isEqualTo("1 conversation");
        var bridge = viewModel.workspace().orElseThrow().engine();
        assertThat(bridge.state(interrupted).orElseThrow().status())
                .as("nothing resumed").isEqualTo(dev.workshop.domain.conversation.ConversationStatus.INTERRUPTED);
        assertThat(bridge.runningCount()).isZero();
        viewModel.close();
    }

    @Test
    void showsTheDataDirectoryAndItsConversationCountOnceOpened() {
        try (Workspace workspace = Wiring.openWorkspace(dir)) {
            for (int i = 0; i < 3; i++) {
                workspace.store().append(workspace.tenant(), ConversationId.random(), 0, List.of(Conversations.started(4)));
            }
        }
        ShellViewModel viewModel = new ShellViewModel(dir, Wiring::openWorkspace, fx, WorkspaceOptions.DESKTOP, Background.direct());
        assertThat(read(() -> viewModel.conversationCountTextProperty().get())).isEqualTo("Opening…");
        assertThat(read(() -> viewModel.openingProperty().get())).isTrue();

        viewModel.open();

        assertThat(read(() -> viewModel.openingProperty().get())).as("opened before open() returned").isFalse();
        assertThat(read(() -> viewModel.dataDirectoryTextProperty().get())).isEqualTo(dir.toString());
        assertThat(read(() -> viewModel.conversationCountTextProperty().get())).isEqualTo("3 conversations");
        assertThat(read(() -> viewModel.fatalErrorProperty().get())).isEmpty();

        // A deletion and its undoing change the count at once.
        var bridge = viewModel.workspace().orElseThrow().engine();
        ConversationId first = bridge.conversations().getFirst().id();
        try {
            bridge.delete(first, Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        assertThat(read(() -> viewModel.conversationCountTextProperty().get())).isEqualTo("2 conversations");
        bridge.undelete(first);
        assertThat(read(() -> viewModel.conversationCountTextProperty().get())).isEqualTo("3 conversations");
        viewModel.close();
    }

    @Test
    void whenTheDiskRefusesAJournalFileSavingStopsUntilReopenWhichGoesOnFromTheLastSavedEvent() throws Exception {
        ConversationId id = ConversationId.random();
        try (Workspace setUp = Wiring.openWorkspace(dir)) {
            setUp.store().append(setUp.tenant(), id, 0, List.of(Conversations.started(40)));
        }
        ShellViewModel viewModel = new ShellViewModel(dir, Wiring::openWorkspace, fx, new WorkspaceOptions(0), Background.direct());
        viewModel.open();
        assertThat(read(() -> viewModel.readyProperty().get())).isTrue();
        Workspace first = viewModel.workspace().orElseThrow();
        assertThat(read(() -> viewModel.sidebarProperty().get().allRows())).hasSize(1);
        fxThread.submit(() -> {
            SidebarViewModel sidebar = viewModel.sidebarProperty().get();
            sidebar.select(sidebar.allRows().getFirst());
        }).get(10, TimeUnit.SECONDS);
        // The journal's next 16 MB file cannot be written: a folder (not empty, so it is not cleared away) holds
        // the name it is written under first. The kernel refuses it as it refuses a file on a full disk.
        Path blocker = Files.createDirectories(dir.resolve("journal").resolve("00000000000000000002.wal.ready.new")
                .resolve("keep"));
        // Its agents are not among this data's, so the resume at open ended it; messages still append (follow-ups).
        long base = first.store().state(first.tenant(), id).orElseThrow().version();
        String text = "x".repeat(900_000);
        int saved = 0;
        StoreException refused = null;
        while (refused == null && saved < 40) {
            MessageRecorded message = Conversations.message(saved);
            try {
                first.store().append(first.tenant(), id, base + saved, List.of(new MessageRecorded(message.turnIndex(),
                        message.speakerId(), message.speakerName(), text)));
                saved++;
            } catch (StoreException e) {
                refused = e;
            }
        }
        assertThat(refused).as("the first append past the first journal file").isNotNull();
        assertThat(saved).as(refused.getMessage()).isBetween(15, 19);
        assertThat(refused.getMessage()).contains("open the data again");
        settle();
        assertThat(read(() -> viewModel.savingStoppedProperty().get()))
                .startsWith("Cannot save to the journal in " + dir.resolve("journal"))
                .endsWith("then Reopen: they go on from their last saved message.");

        Files.delete(blocker);
        Files.delete(blocker.getParent());
        fxThread.submit(viewModel::reopen).get(10, TimeUnit.SECONDS);

        settle();
        assertThat(read(() -> viewModel.readyProperty().get())).isTrue();
        assertThat(viewModel.workspace()).get().isNotSameAs(first);
        Workspace again = viewModel.workspace().orElseThrow();
        assertThat(read(() -> viewModel.savingStoppedProperty().get())).isEmpty();
        assertThat(again.store().history(again.tenant(), id)).filteredOn(event -> event.event() instanceof MessageRecorded)
                .as("every acknowledged message, and nothing of the refused one").hasSize(saved);
        // The journal takes writes again, into the file that was refused before.
        MessageRecorded next = Conversations.message(saved);
        again.store().append(again.tenant(), id, again.store().state(again.tenant(), id).orElseThrow().version(),
                List.of(new MessageRecorded(next.turnIndex(), next.speakerId(), next.speakerName(), text)));
        assertThat(Files.exists(dir.resolve("journal").resolve("00000000000000000002.wal"))).isTrue();
        settle();
        assertThat(read(() -> viewModel.sidebarProperty().get().selectedProperty().get().id())).isEqualTo(id);
        viewModel.close();
    }

    @Test
    void eachRepairMadeWhileOpeningIsAParagraphOfItsOwnInTheNotice() throws Exception {
        Files.writeString(dir.resolve("agents.json"), "{\"agents\": [\n");
        Files.writeString(dir.resolve("settings.json"), "{\"default_max_turns\": ");
        ShellViewModel viewModel = new ShellViewModel(dir, Wiring::openWorkspace, fx, WorkspaceOptions.DESKTOP, Background.direct());

        viewModel.open();

        assertThat(read(() -> viewModel.openingProperty().get())).as("opened before open() returned").isFalse();
        String notice = read(() -> viewModel.warningTextProperty().get());
        assertThat(notice.split("\n\n")).hasSize(2)
                .anySatisfy(repair -> assertThat(repair).startsWith("The agent list ").doesNotContain("\n"))
                .anySatisfy(repair -> assertThat(repair).startsWith("The settings in ").doesNotContain("\n"));
        assertThat(notice).doesNotContain("REDACTED");
        viewModel.close();
    }

    @Test
    void anErrorWhileOpeningIsReportedInsteadOfOpeningForEver() {
        ShellViewModel viewModel = new ShellViewModel(dir, (directory, options) -> {
            throw new NoClassDefFoundError("dev/workshop/store/journal/Checkpoints");
        }, fx, WorkspaceOptions.DESKTOP, Background.direct());

        viewModel.open();

        assertThat(read(() -> viewModel.openingProperty().get())).as("opened before open() returned").isFalse();
        assertThat(read(() -> viewModel.fatalErrorProperty().get())).isEqualTo("An internal error stopped it: "
                + "java.lang.NoClassDefFoundError: dev/workshop/store/journal/Checkpoints");
        assertThat(read(() -> viewModel.conversationCountTextProperty().get())).isEqualTo("Not opened");
    }

    @Test
    void reportsADataDirectoryHeldByAnotherProcessAndOpensWhenTriedAgainAfterItClosed() throws Exception {
        ShellViewModel viewModel = new ShellViewModel(dir, Wiring::openWorkspace, fx, WorkspaceOptions.DESKTOP, Background.direct());
        try (Workspace held = Wiring.openWorkspace(dir)) {
            viewModel.open();
            assertThat(read(() -> viewModel.openingProperty().get())).as("opened before open() returned").isFalse();
            assertThat(read(() -> viewModel.fatalErrorProperty().get()))
                    .isEqualTo("Workshop is already running with data directory " + dir.toAbsolutePath().normalize());
            assertThat(read(() -> viewModel.conversationCountTextProperty().get())).isEqualTo("Not opened");
            assertThat(viewModel.workspace()).isEmpty();
        }

        fxThread.submit(viewModel::tryAgain).get(10, TimeUnit.SECONDS);

        assertThat(read(() -> viewModel.openingProperty().get())).as("opened before open() returned").isFalse();
        assertThat(read(() -> viewModel.fatalErrorProperty().get())).isEmpty();
        assertThat(viewModel.workspace()).isPresent();
        assertThat(read(() -> viewModel.conversationCountTextProperty().get())).isEqualTo("0 conversations");
        viewModel.close();
    }

    @Test
    void resumesWhatWasRunningAndSaysSoUntilItIsDone() throws Exception {
        ConversationId id;
        try (Workspace workspace = Wiring.openWorkspace(dir)) {
            id = workspace.engine().startConversation(
                    List.of(workspace.agents().list().get(0).id(), workspace.agents().list().get(1).id()),
                    "Plan a picnic", java.util.OptionalInt.of(4));
            // Closing while it runs leaves it interrupted, as quitting the app would.
        }
        List<String> shown = new java.util.concurrent.CopyOnWriteArrayList<>();
        ShellViewModel viewModel = new ShellViewModel(dir, Wiring::openWorkspace, fx, WorkspaceOptions.DESKTOP, Background.direct());
        viewModel.conversationCountTextProperty().addListener((property, old, text) -> shown.add(text));
        viewModel.open();
        // The resume is handed to the FX thread with the first frame.
        settle();

        assertThat(viewModel.workspace().orElseThrow().engine().await(id, Duration.ofSeconds(30)))
                .as("the resumed conversation's loop stopped").isTrue();
        settle();
        assertThat(read(() -> viewModel.conversationCountTextProperty().get())).isEqualTo("1 conversation");
        assertThat(shown).contains("1 conversation · 1 running");
        Workspace workspace = viewModel.workspace().orElseThrow();
        assertThat(workspace.store().state(workspace.tenant(), id).orElseThrow().turnCount()).isEqualTo(4);
        viewModel.close();
    }

    @Test
    void closesInTheBackgroundAndLeavesRunningConversationsResumable() throws Exception {
        ShellViewModel viewModel = new ShellViewModel(dir, (path, options) -> Wiring.openWorkspace(path,
                new dev.workshop.orchestration.WorkspaceOptions(5_000)), fx, WorkspaceOptions.DESKTOP, Background.direct());
        viewModel.open();
        assertThat(viewModel.workspace()).isPresent();
        assertThat(read(() -> viewModel.openingProperty().get())).isFalse();
        Workspace workspace = viewModel.workspace().orElseThrow();
        ConversationId id = workspace.engine().startConversation(
                List.of(workspace.agents().list().get(0).id(), workspace.agents().list().get(1).id()),
                "Plan a picnic", java.util.OptionalInt.of(4));
        java.util.concurrent.CountDownLatch closed = new java.util.concurrent.CountDownLatch(1);

        fxThread.submit(() -> viewModel.closeInBackground(closed::countDown)).get(10, TimeUnit.SECONDS);

        assertThat(read(() -> viewModel.conversationCountTextProperty().get())).isEqualTo("Saving…");
        assertThat(closed.await(20, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(viewModel.workspace()).isEmpty();
        try (Workspace reopened = Wiring.openWorkspace(dir)) {
            assertThat(reopened.store().state(reopened.tenant(), id).orElseThrow().status())
                    .isEqualTo(dev.workshop.domain.conversation.ConversationStatus.INTERRUPTED);
        }
    }
}
