package dev.workshop.ui.sidebar;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.ResumeStarted;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.orchestration.Heard;
import dev.workshop.orchestration.LoopEvent;
import dev.workshop.ui.fx.Background;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.fx.JoinableBackground;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sidebar's view-model on a real workspace, on a stand-in FX thread, without JavaFX nodes. */
class SidebarViewModelTest {
    private static final Participant ADA = new Participant(new AgentId("starter-ada"), "Ada");
    private static final Participant BRUNO = new Participant(new AgentId("starter-bruno"), "Bruno");

    @TempDir
    Path dir;
    private final ThreadPoolExecutor fxThread = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS,
            new LinkedBlockingQueue<>());
    private final FxExecutor fx = fxThread::execute;
    private Workspace workspace;
    private SidebarViewModel sidebar;

    @BeforeEach
    void open() {
        workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(200));
    }

    @AfterEach
    void close() throws Exception {
        workspace.close();
        fxThread.shutdown();
        fxThread.awaitTermination(10, TimeUnit.SECONDS);
    }

    private <T> T onFx(Callable<T> work) throws Exception {
        return fxThread.submit(work).get(30, TimeUnit.SECONDS);
    }

    /** The sidebar with its store work done at once, on the (stand-in) FX thread: nothing to wait for but loops. */
    private void startSidebar() throws Exception {
        sidebar = new SidebarViewModel(workspace, fx, Background.direct());
        onFx(() -> {
            sidebar.start();
            return null;
        });
        settle();
    }

    /**
     * Lets the stand-in FX thread run what it was handed so far, and what that hands it in turn: what the sidebar
     * was told (by the user or by the loops, which are done or waited for first) has been taken in.
     */
    private void settle() throws Exception {
        for (int round = 0; round < 1000; round++) {
            onFx(() -> null);
            if (fxThread.getQueue().isEmpty()) {
                return;
            }
        }
        throw new AssertionError("the stand-in FX thread is still handed work after 1000 rounds");
    }

    /** Opens once the engine tells of what {@code wanted} accepts, {@code times} times: subscribe before acting. */
    private CountDownLatch hearing(int times, Predicate<LoopEvent> wanted) {
        CountDownLatch heard = new CountDownLatch(times);
        workspace.engine().subscribe(event -> {
            if (wanted.test(event)) {
                heard.countDown();
            }
        });
        return heard;
    }

    /** Waits until {@code latch} opens (the sidebar heard it first), then lets the sidebar take in what it heard. */
    private void heard(CountDownLatch latch) throws Exception {
        assertThat(latch.await(30, TimeUnit.SECONDS)).as("the engine told of it within 30 s").isTrue();
        settle();
    }

    /** Waits for {@code id}'s loop to stop, then lets the sidebar take in all it said. */
    private void finished(ConversationId id) throws Exception {
        assertThat(workspace.engine().await(id, Duration.ofSeconds(30))).as("the loop stopped within 30 s").isTrue();
        settle();
    }

    /** A message of {@code id} recorded (any, or from turn {@code fromTurn} on). */
    private static Predicate<LoopEvent> messageOf(ConversationId id, int fromTurn) {
        return event -> event.conversationId().equals(id)
                && Heard.messages(event).stream().anyMatch(message -> message.turnIndex() >= fromTurn);
    }

    private ConversationId stored(String task, ConversationEvent... more) {
        ConversationId id = ConversationId.random();
        List<ConversationEvent> events = new ArrayList<>();
        events.add(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BRUNO), task, 6));
        events.addAll(Arrays.asList(more));
        workspace.store().append(workspace.tenant(), id, 0, events);
        return id;
    }

    /** As {@link #stored}, recorded at {@code at}: a conversation known to be the newer one. */
    private ConversationId storedAt(Instant at, String task, ConversationEvent... more) {
        ConversationId id = ConversationId.random();
        List<ConversationEvent> events = new ArrayList<>();
        events.add(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BRUNO), task, 6));
        events.addAll(Arrays.asList(more));
        List<RecordedEvent> recorded = new ArrayList<>();
        for (ConversationEvent event : events) {
            recorded.add(new RecordedEvent(workspace.tenant(), id, recorded.size() + 1, at, event));
        }
        workspace.store().adopt(workspace.tenant(), id, 0, recorded);
        return id;
    }

    private void select(ConversationRow row) throws Exception {
        onFx(() -> {
            sidebar.select(row);
            return null;
        });
    }

    private ConversationRow row(ConversationId id) throws Exception {
        return onFx(() -> sidebar.allRows().stream().filter(row -> row.id().equals(id)).findFirst().orElseThrow());
    }

    @Test
    void aConversationPickedWhileItsTurnIsAskedAgainSaysSoUntilTheFirstWordComes() throws Exception {
        try (var server = new dev.workshop.gateway.openai.FakeChatServer()) {
            // Silent after a word (the agent waits 1 s), then an answer that starts only on the test's word.
            java.util.concurrent.CountDownLatch answer = new java.util.concurrent.CountDownLatch(1);
            server.then(server.stallAfter("Well")).then((exchange, request) -> {
                answer.await(1, TimeUnit.MINUTES);
                dev.workshop.gateway.openai.FakeChatServer.stream("Here is the plan").answer(exchange, request);
            });
            AgentId ann = workspace.agents().add(new dev.workshop.domain.agent.AgentDefinition(new AgentId("agent-ann"),
                    "Ann", "You are Ann.", dev.workshop.domain.agent.AgentDefinition.OPENAI_COMPATIBLE, "fake",
                    null, new dev.workshop.domain.agent.ModelEndpoint(server.baseUrl(), null, null, "", null, 1))).id();
            startSidebar();
            CountDownLatch retrying = hearing(1, LoopEvent.TurnRetry.class::isInstance);
            ConversationId id = workspace.engine().assignTask(ann, "Plan a launch", java.util.OptionalInt.of(1));
            heard(retrying);

            select(row(id));

            settle();
            assertThat(onFx(() -> sidebar.retryingProperty().get()))
                    .isEqualTo("Retrying Ann's turn (2 of 4): 127.0.0.1 stopped sending mid-reply for 1 s (timed out)");
            answer.countDown();
            finished(id);
            assertThat(onFx(() -> sidebar.retryingProperty().get())).isEmpty();
        }
    }

    @Test
    void exportingEveryConversationWritesFilesThatImportReadsBack(@TempDir Path folder) throws Exception {
        ConversationId picnic = stored("Plan a picnic", new MessageRecorded(0, ADA.agentId(), "Ada", "Lemonade"),
                new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, ""));
        stored("Plan a picnic", new MessageRecorded(0, ADA.agentId(), "Ada", "Sandwiches"),
                new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, ""));
        startSidebar();
        assertThat(onFx(() -> sidebar.allRows().size())).isEqualTo(2);

        onFx(() -> {
            sidebar.transfer().exportAll(List.copyOf(sidebar.allRows()), folder);
            return null;
        });

        settle();
        assertThat(onFx(() -> sidebar.noticeProperty().get())).isEqualTo("Exported 2 conversations to " + folder);
        List<Path> files;
        try (var listing = Files.list(folder)) {
            files = listing.sorted().toList();
        }
        assertThat(files).as("two files although the titles are the same").hasSize(2)
                .allMatch(file -> file.getFileName().toString().startsWith("plan-a-picnic-"));
        Path picnicFile = files.stream().filter(file -> file.getFileName().toString()
                .contains(picnic.value().substring(0, 8))).findFirst().orElseThrow();
        onFx(() -> {
            sidebar.transfer().importFile(picnicFile);
            return null;
        });
        settle();
        assertThat(onFx(() -> sidebar.allRows().size())).isEqualTo(3);
        // Already here, so it comes in as a copy; ended, so not paused, but marked imported (and from where) until
        // it is followed up: it must not read as its original.
        ConversationRow copy = onFx(() -> sidebar.allRows().stream().filter(ConversationRow::justImported)
                .findFirst().orElseThrow());
        assertThat(copy.id()).isNotEqualTo(picnic);
        assertThat(copy.status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(copy.statusReason()).isEqualTo("Imported after its last turn; write to follow it up");
        assertThat(onFx(() -> sidebar.allRows().stream().filter(ConversationRow::justImported).count())).isOne();
        settle();
        assertThat(onFx(() -> sidebar.selectedProperty().get().id())).isEqualTo(copy.id());
        assertThat(onFx(() -> sidebar.loadingProperty().get())).isFalse();
        assertThat(onFx(() -> sidebar.importedFromProperty().get())).isEqualTo(picnicFile.getFileName().toString());
    }

    @Test
    void messagesThatArriveLiveCarryTheResumeAndAskedAgainMarksThatAReloadShows() throws Exception {
        // Interrupted while Ada's first turn was being written: resuming asks that turn again.
        ConversationId id = stored("Name a cat", new ConversationEvent.TurnStarted(0, ADA.agentId(), false),
                new ConversationEvent.StatusChanged(ConversationStatus.INTERRUPTED, StatusCause.WORKSHOP_STOPPED, "Workshop stopped"));
        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(1);
        select(row(id));
        settle();
        assertThat(onFx(() -> sidebar.loadingProperty().get())).isFalse();

        workspace.engine().resume(id);
        assertThat(workspace.engine().await(id, Duration.ofSeconds(20))).isTrue();
        settle();
        assertThat(onFx(() -> sidebar.messages().size())).isEqualTo(6);
        List<String> live = onFx(() -> marks(sidebar.messages()));
        assertThat(live.getFirst()).isEqualTo("0 resumed asked-again");
        assertThat(live.subList(1, 6)).allMatch(mark -> !mark.contains("resumed") && !mark.contains("asked-again"));

        select(row(id));
        settle();
        assertThat(onFx(() -> sidebar.messages().size())).isEqualTo(6);
        assertThat(onFx(() -> marks(sidebar.messages()))).as("the same marks from the history").isEqualTo(live);
    }

    private static List<String> marks(List<MessageItem> items) {
        return items.stream().map(item -> item.turnIndex() + item.resumeMark().map(mark -> " resumed").orElse("")
                + (item.retried() ? " asked-again" : "")).toList();
    }

    @Test
    void stoppingAReplyMidWayShowsItCutOffInTheListAndClearsTheWritingLine() throws Exception {
        workspace.close();
        // Offline replies that take 4 s: long enough for pieces of them to be kept (one a second).
        workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(4000));
        startSidebar();
        CountDownLatch pieceKept = hearing(1, event -> event instanceof LoopEvent.Recorded recorded
                && recorded.events().stream().anyMatch(each -> each.event() instanceof ConversationEvent.ReplyChunk));
        ConversationId id = workspace.engine().startConversation(List.of(ADA.agentId(), BRUNO.agentId()), "Name a cat",
                OptionalInt.of(2));
        settle();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(1);
        select(row(id));
        heard(pieceKept);
        assertThat(onFx(() -> sidebar.writingProperty().get())).isNotEmpty();

        onFx(() -> {
            sidebar.abort();
            return null;
        });

        finished(id);
        assertThat(onFx(() -> sidebar.messages().size())).isEqualTo(1);
        assertThat(onFx(() -> sidebar.messages().getFirst().writing())).isFalse();
        MessageItem cut = onFx(() -> sidebar.messages().getFirst());
        assertThat(cut.cutOff()).isTrue();
        assertThat(cut.speakerName()).isEqualTo("Ada");
        assertThat(cut.content()).isNotBlank();
        assertThat(onFx(() -> sidebar.writingProperty().get())).isEmpty();
    }

    @Test
    void listsEveryConversationNewestFirstWithTitleStatusAndTurns() throws Exception {
        ConversationId older = stored("Plan a picnic for twelve people in the park next Saturday, with games and food");
        java.time.Instant stamped = workspace.engine().state(older).orElseThrow().updatedAt();
        ConversationId newer = storedAt(stamped.plusSeconds(1), "Name a cat", message(0, ADA, "Mochi"),
                new StatusChanged(ConversationStatus.INTERRUPTED, StatusCause.WORKSHOP_STOPPED, "stopped"));

        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(2);

        List<ConversationRow> rows = onFx(() -> List.copyOf(sidebar.rows()));
        assertThat(rows).extracting(ConversationRow::id).containsExactly(newer, older);
        assertThat(rows.get(0).title()).isEqualTo("Name a cat");
        assertThat(rows.get(0).status()).isEqualTo(ConversationStatus.INTERRUPTED);
        assertThat(rows.get(0).participants()).isEqualTo("Ada, Bruno");
        assertThat(rows.get(0).turnText()).isEqualTo("Turn 1 / 6");
        assertThat(rows.get(1).title()).hasSizeLessThanOrEqualTo(dev.workshop.domain.conversation.ConversationState.TITLE_CHARS).startsWith("Plan a picnic")
                .endsWith("…");
    }

    @Test
    void aTitleTakenFromTheTaskReadsAsTextNotAsItsMarkdown() throws Exception {
        ConversationId id = stored("**Plan** a `weekend` in Lisbon");

        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(1);

        assertThat(row(id).title()).isEqualTo("Plan a weekend in Lisbon");
        onFx(() -> {
            sidebar.rename(id, "My **own** title");
            return null;
        });
        settle();
        assertThat(row(id).title()).isEqualTo("My **own** title");
    }

    @Test
    void everyStatusHasItsOwnWordsAndTimesReadAsPeopleSayThem() {
        assertThat(Arrays.stream(ConversationStatus.values()).map(ConversationRow::statusLabel).distinct())
                .hasSize(ConversationStatus.values().length);
        assertThat(ConversationRow.statusLabel(ConversationStatus.WAITING)).isEqualTo("Waiting for you");
        Instant now = Instant.parse("2026-11-22T12:00:00Z");
        assertThat(ConversationRow.relativeTime(now.minusSeconds(10), now)).isEqualTo("just now");
        assertThat(ConversationRow.relativeTime(now.minusSeconds(125), now)).isEqualTo("2 min ago");
        assertThat(ConversationRow.relativeTime(now.minusSeconds(3 * 3600), now)).isEqualTo("3 h ago");
        assertThat(ConversationRow.relativeTime(now.minusSeconds(26 * 3600), now)).isEqualTo("yesterday");
        assertThat(ConversationRow.relativeTime(now.minusSeconds(5 * 86400), now)).isEqualTo("5 days ago");
        // Hovering shows the exact time on the reader's clock, in their language, not an ISO instant in UTC.
        assertThat(ConversationRow.clockTime(now, java.time.ZoneId.of("Europe/Lisbon"), java.util.Locale.UK))
                .isEqualTo("22 Nov 2026, 12:00:00");
        assertThat(ConversationRow.clockTime(now, java.time.ZoneId.of("Asia/Tokyo"), java.util.Locale.UK))
                .isEqualTo("22 Nov 2026, 21:00:00");
    }

    @Test
    void filtersByStatusAndBySearchText() throws Exception {
        stored("Plan a picnic");
        stored("Name a cat", new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, ""));
        stored("Name a dog", new StatusChanged(ConversationStatus.FAILED, StatusCause.ENDPOINT_REFUSED, "model not found"));
        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(3);

        onFx(() -> {
            sidebar.statusFilterProperty().set(ConversationStatus.COMPLETED);
            return null;
        });
        assertThat(onFx(() -> sidebar.rows().stream().map(ConversationRow::title).toList())).containsExactly("Name a cat");

        onFx(() -> {
            sidebar.statusFilterProperty().set(null);
            sidebar.queryProperty().set("NAME a");
            return null;
        });
        assertThat(onFx(() -> sidebar.rows().stream().map(ConversationRow::title).toList()))
                .containsExactlyInAnyOrder("Name a cat", "Name a dog");
        onFx(() -> {
            sidebar.queryProperty().set("bruno");
            return null;
        });
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(3);
    }

    @Test
    void revealingAMessageSelectsItsConversationAndClearsAFilterThatHidesIt() throws Exception {
        ConversationId cat = stored("Name a cat", message(0, ADA, "Mochi"), message(1, BRUNO, "Miso"),
                new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, ""));
        stored("Name a dog", new StatusChanged(ConversationStatus.FAILED, StatusCause.ENDPOINT_REFUSED, "model not found"));
        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(2);
        onFx(() -> {
            sidebar.statusFilterProperty().set(ConversationStatus.FAILED);
            sidebar.queryProperty().set("dog");
            return null;
        });

        onFx(() -> {
            sidebar.reveal(cat, 1);
            return null;
        });

        assertThat(onFx(() -> sidebar.selectedProperty().get().id())).isEqualTo(cat);
        assertThat(onFx(() -> sidebar.rows().stream().map(ConversationRow::id).toList())).contains(cat);
        assertThat(onFx(() -> sidebar.statusFilterProperty().get())).isNull();
        assertThat(onFx(() -> sidebar.queryProperty().get())).isEmpty();
        Reveal first = onFx(() -> sidebar.revealedProperty().get());
        assertThat(first.conversationId()).isEqualTo(cat);
        assertThat(first.turnIndex()).isEqualTo(1);
        settle();
        assertThat(onFx(() -> sidebar.messages().size())).isEqualTo(2);

        // The same message again is a new request (the reader may have scrolled away since), and keeps the list.
        Reveal again = onFx(() -> {
            sidebar.reveal(cat, 1);
            return sidebar.revealedProperty().get();
        });
        assertThat(again).isNotEqualTo(first);
        assertThat(onFx(() -> sidebar.messages().size())).isEqualTo(2);
        assertThat(onFx(() -> sidebar.loadingProperty().get())).isFalse();
    }

    @Test
    void revealingAConversationThatIsNotListedSaysSoAndKeepsTheSelection() throws Exception {
        ConversationId cat = stored("Name a cat", message(0, ADA, "Mochi"));
        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(1);
        ConversationRow row = row(cat);
        onFx(() -> {
            sidebar.select(row);
            sidebar.reveal(ConversationId.random(), 0);
            return null;
        });

        assertThat(onFx(() -> sidebar.selectedProperty().get().id())).isEqualTo(cat);
        assertThat(onFx(() -> sidebar.revealedProperty().get())).isNull();
        assertThat(onFx(() -> sidebar.noticeProperty().get())).contains("not in the list");
    }

    @Test
    void theSearchTextAlsoFindsConversationsByTheirMessages() throws Exception {
        ConversationId picnic = stored("Plan a picnic", new MessageRecorded(0, ADA.agentId(), "Ada", "Bring LEMONADE"));
        stored("Name a cat", new MessageRecorded(0, ADA.agentId(), "Ada", "Mochi"));
        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(2);

        boolean searchingAtOnce = onFx(() -> {
            sidebar.queryProperty().set("lemonade");
            return sidebar.searchingProperty().get();
        });
        assertThat(searchingAtOnce).as("searching says so while the messages are searched").isTrue();
        settle();
        assertThat(onFx(() -> sidebar.searchingProperty().get())).isFalse();
        assertThat(onFx(() -> sidebar.rows().stream().map(ConversationRow::id).toList())).containsExactly(picnic);

        onFx(() -> {
            sidebar.queryProperty().set("cat");
            return null;
        });
        settle();
        assertThat(onFx(() -> sidebar.searchingProperty().get())).isFalse();
        assertThat(onFx(() -> sidebar.rows().stream().map(ConversationRow::title).toList()))
                .as("by title, and no message holds it").containsExactly("Name a cat");
        onFx(() -> {
            sidebar.queryProperty().set("");
            return null;
        });
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(2);
    }

    @Test
    void aConversationInterruptedByAnErrorShowsItsFailedTurnButOneAbortedDoesNot() throws Exception {
        ConversationId down = stored("Plan a picnic", new MessageRecorded(0, ADA.agentId(), "Ada", "Sandwiches?"),
                new StatusChanged(ConversationStatus.INTERRUPTED, StatusCause.ENDPOINT_UNREACHABLE, "Bruno: 127.0.0.1 refused the connection"));
        ConversationId aborted = stored("Name a cat", new MessageRecorded(0, ADA.agentId(), "Ada", "Mochi"),
                new StatusChanged(ConversationStatus.INTERRUPTED, StatusCause.USER_ABORTED, "Aborted by the user"));
        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(2);

        assertThat(RowRules.failure(row(down))).isEqualTo("Turn 2 failed: Bruno: 127.0.0.1 refused the connection");
        assertThat(RowRules.failure(row(aborted))).isEmpty();
        // Failed says failed, in the list, its filter and above the messages; Retry, not Resume, takes it on.
        assertThat(row(down).statusWords()).isEqualTo("Failed");
        assertThat(row(down).shownStatus()).isEqualTo(ConversationStatus.FAILED);
        assertThat(RowRules.canResume(row(down))).isFalse();
        assertThat(row(aborted).statusWords()).isEqualTo("Interrupted");
        assertThat(RowRules.canResume(row(aborted))).isTrue();
        onFx(() -> {
            sidebar.statusFilterProperty().set(ConversationStatus.FAILED);
            return null;
        });
        assertThat(onFx(() -> sidebar.rows().stream().map(ConversationRow::title).toList())).containsExactly("Plan a picnic");
    }

    @Test
    void aFailedConversationSaysWhichTurnFailedAndRetryTakesItOn() throws Exception {
        ConversationId id = stored("Plan a picnic", new MessageRecorded(0, ADA.agentId(), "Ada", "Sandwiches?"),
                new StatusChanged(ConversationStatus.FAILED, StatusCause.ENDPOINT_REFUSED, "Model llama9 was not found (HTTP 404)"));
        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(1);
        ConversationRow failed = row(id);
        assertThat(RowRules.failure(failed)).isEqualTo("Turn 2 failed: Model llama9 was not found (HTTP 404)");
        assertThat(RowRules.failure(null)).isEmpty();

        select(failed);
        onFx(() -> {
            sidebar.retry();
            return null;
        });
        finished(id);
        assertThat(workspace.engine().state(id).orElseThrow().status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(workspace.engine().state(id).orElseThrow().turnCount()).isEqualTo(6);
        assertThat(RowRules.failure(row(id))).isEmpty();
        // The asked-again turn says it was a retry, not a restart.
        List<MessageItem> history = MessageItem.fromHistory(workspace.engine().history(id), agent -> "#000000");
        assertThat(history.get(1).resumeMark()).contains("retried after a failure");
    }

    @Test
    void aForkNamesItsSourceWhileThatIsListedAndOnlyItsTurnOnceItIsDeleted() throws Exception {
        ConversationId source = stored("Name a cat", message(0, ADA, "Tom?"), message(1, BRUNO, "Felix."),
                new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, ""));
        ConversationId fork = workspace.engine().fork(source, 1).id();
        startSidebar();
        assertThat(onFx(() -> sidebar.allRows().size())).isEqualTo(2);

        select(row(fork));
        settle();
        assertThat(onFx(() -> sidebar.forkOriginProperty().get())).isNotNull();
        assertThat(onFx(() -> sidebar.forkOriginProperty().get()))
                .isEqualTo(new ForkOrigin(source, 1, "Name a cat"));
        select(row(source));
        settle();
        assertThat(onFx(() -> sidebar.loadingProperty().get())).isFalse();
        assertThat(onFx(() -> sidebar.forkOriginProperty().get())).as("the source is no fork").isNull();

        workspace.engine().delete(source, Duration.ofSeconds(5));
        settle();
        assertThat(onFx(() -> sidebar.allRows().size())).isEqualTo(1);
        select(row(fork));
        settle();
        assertThat(onFx(() -> sidebar.forkOriginProperty().get())).isNotNull();
        ForkOrigin origin = onFx(() -> sidebar.forkOriginProperty().get());
        assertThat(origin.sourceListed()).isFalse();
        assertThat(origin.turnIndex()).isEqualTo(1);
        onFx(() -> {
            sidebar.showForkSource();
            return null;
        });
        assertThat(onFx(() -> sidebar.selectedProperty().get().id())).as("nothing to show: the fork stays shown")
                .isEqualTo(fork);
    }

    @Test
    void deletingSaysWhatItMeansAndTheRowsGoWithTheSelection() throws Exception {
        ConversationId done = stored("Name a cat", new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, ""));
        ConversationId paused = stored("Plan a picnic", new StatusChanged(ConversationStatus.INTERRUPTED, StatusCause.WORKSHOP_STOPPED, "Stopped"));
        ConversationId kept = stored("Write a haiku");
        startSidebar();
        assertThat(onFx(() -> sidebar.allRows().size())).isEqualTo(3);
        ConversationRow running = row(kept);
        ConversationRow ended = row(done);

        assertThat(ConversationDeletion.question(List.of(ended)))
                .containsExactly("Delete \u201cName a cat\u201d?", "It leaves the list, also after a restart; Undo brings it back just after, Recently deleted (the bin above the list) later.");
        assertThat(ConversationDeletion.question(List.of(running)))
                .containsExactly("Delete \u201cWrite a haiku\u201d?",
                        "It is running and is stopped first. It leaves the list, also after a restart; Undo brings it back just after, Recently deleted (the bin above the list) later.");
        assertThat(ConversationDeletion.question(List.of(ended, running, row(paused))).get(1))
                .isEqualTo("One of them is running and is stopped first. They leave the list, also after a restart; Undo brings them back just after, Recently deleted (the bin above the list) later.");

        select(ended);
        ConversationRow interrupted = row(paused);
        onFx(() -> {
            sidebar.deletion().delete(List.of(ended, interrupted));
            return null;
        });
        settle();
        assertThat(onFx(() -> sidebar.allRows().size())).isEqualTo(1);
        assertThat(onFx(() -> sidebar.noticeProperty().get())).isEqualTo("Deleted 2 conversations");
        assertThat(onFx(() -> sidebar.selectedProperty().get())).isNull();
        assertThat(onFx(() -> sidebar.allRows().getFirst().id())).isEqualTo(kept);

        // Undo brings both back, with their messages and status, and then is no longer offered.
        assertThat(onFx(() -> sidebar.deletion().undoTextProperty().get())).isEqualTo("Deleted 2 conversations");
        assertThat(onFx(() -> sidebar.deletion().undoableProperty().get())).containsExactlyInAnyOrder(done, paused);
        onFx(() -> {
            sidebar.deletion().undo();
            return null;
        });
        settle();
        assertThat(onFx(() -> sidebar.allRows().size())).isEqualTo(3);
        assertThat(onFx(() -> sidebar.noticeProperty().get())).isEqualTo("Brought back 2 conversations");
        assertThat(onFx(() -> sidebar.deletion().undoTextProperty().get())).isEmpty();
        assertThat(workspace.engine().state(paused).orElseThrow().status()).isEqualTo(ConversationStatus.INTERRUPTED);
        assertThat(workspace.engine().state(done).orElseThrow().status()).isEqualTo(ConversationStatus.COMPLETED);
    }

    @Test
    void aSelectedConversationLoadsInTheBackgroundWithResumedAndRetriedTurnsMarked() throws Exception {
        ConversationId id = stored("Name a cat",
                new TurnStarted(0, ADA.agentId(), false), message(0, ADA, "**Mochi**"),
                new TurnStarted(1, BRUNO.agentId(), false),
                new StatusChanged(ConversationStatus.INTERRUPTED, StatusCause.WORKSHOP_STOPPED, "stopped"), new ResumeStarted(1),
                new TurnStarted(1, BRUNO.agentId(), true), message(1, BRUNO, "Miso"),
                new TurnStarted(2, ADA.agentId(), false), message(2, ADA, "Tofu"));
        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(1);

        ConversationRow row = row(id);
        boolean loadingAtOnce = onFx(() -> {
            sidebar.select(row);
            return sidebar.loadingProperty().get();
        });

        assertThat(loadingAtOnce).isTrue();
        settle();
        assertThat(onFx(() -> sidebar.loadingProperty().get())).isFalse();
        List<MessageItem> messages = onFx(() -> List.copyOf(sidebar.messages()));
        assertThat(messages).extracting(MessageItem::content).containsExactly("**Mochi**", "Miso", "Tofu");
        assertThat(messages).extracting(MessageItem::resumeMark)
                .containsExactly(Optional.empty(), Optional.of("resumed after restart"), Optional.empty());
        assertThat(messages).extracting(MessageItem::retried).containsExactly(false, true, false);
        assertThat(messages.get(0).colour()).isEqualTo(workspace.agentDirectory().find(ADA.agentId()).orElseThrow()
                .avatarColor());
    }

    @Test
    void tenThousandMessagesLoadWithoutHoldingTheUiThread() throws Exception {
        List<ConversationEvent> events = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            events.add(message(i, i % 2 == 0 ? ADA : BRUNO, "Message " + i + " with *some* Markdown"));
        }
        ConversationId id = stored("A long one");
        workspace.store().append(workspace.tenant(), id, 1, events);
        // The work leaves the FX thread for real here: that is the point.
        JoinableBackground background = new JoinableBackground();
        sidebar = new SidebarViewModel(workspace, fx, background);
        onFx(() -> {
            sidebar.start();
            return null;
        });
        background.awaitIdle(Duration.ofSeconds(30));
        settle();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(1);

        ConversationRow row = row(id);
        select(row);
        // While it loads, the (stand-in) UI thread keeps answering.
        assertThat(onFx(() -> sidebar.loadingProperty().get() || sidebar.messages().size() == 10_000)).isTrue();

        background.awaitIdle(Duration.ofSeconds(30));
        settle();
        assertThat(onFx(() -> sidebar.messages().size())).isEqualTo(10_000);
        assertThat(onFx(() -> sidebar.loadingProperty().get())).isFalse();
    }

    @Test
    void followsARunningConversationAndCanAbortAndResumeIt() throws Exception {
        startSidebar();
        ConversationId id = ConversationId.random();
        CountDownLatch twoMessages = hearing(2, messageOf(id, 0));
        workspace.engine().startConversation(id, List.of(ADA.agentId(), BRUNO.agentId()), "Name a dog",
                OptionalInt.of(30));
        heard(twoMessages);
        assertThat(onFx(() -> sidebar.selectedProperty().get().id())).as("a started conversation is selected").isEqualTo(id);
        assertThat(onFx(() -> sidebar.messages().size())).isGreaterThanOrEqualTo(2);

        onFx(() -> {
            sidebar.abort();
            return null;
        });
        finished(id);
        assertThat(row(id).status()).isEqualTo(ConversationStatus.INTERRUPTED);
        assertThat(RowRules.canResume(row(id))).isTrue();
        int before = onFx(() -> sidebar.messages().size());

        CountDownLatch more = hearing(1, messageOf(id, 0));
        onFx(() -> {
            sidebar.resume();
            return null;
        });
        heard(more);
        assertThat(onFx(() -> sidebar.noticeProperty().get())).isEmpty();
        assertThat(onFx(() -> sidebar.messages().size())).isGreaterThan(before);
        // A reply stopped mid-way stays, "cut off here", before the same turn asked again (ADR 0011).
        List<MessageItem> items = onFx(() -> List.copyOf(sidebar.messages()));
        assertThat(items).extracting(MessageItem::turnIndex).isSorted();
        assertThat(items.stream().filter(item -> !item.cutOff()).map(MessageItem::turnIndex).toList())
                .as("each turn's message once").doesNotHaveDuplicates();
        workspace.engine().abort(id, dev.workshop.orchestration.AbortOutcome.COMPLETE);
    }

    @Test
    void aConversationJustStartedTakesThePlaceOfTheOneBeingReadAndAFilterThatWouldHideIt() throws Exception {
        ConversationId cat = stored("Name a cat", message(0, ADA, "Mochi"),
                new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, ""));
        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(1);
        select(row(cat));
        onFx(() -> {
            sidebar.statusFilterProperty().set(ConversationStatus.COMPLETED);
            return null;
        });

        ConversationId dog = ConversationId.random();
        CountDownLatch adaSaid = hearing(1, messageOf(dog, 0));
        workspace.engine().startConversation(dog, List.of(ADA.agentId(), BRUNO.agentId()), "Name a dog",
                OptionalInt.of(30));
        // The loop's own start leaves the reader where they are: only the canvas's start (below) moves them.
        settle();
        assertThat(onFx(() -> sidebar.allRows().size())).isEqualTo(2);
        assertThat(onFx(() -> sidebar.selectedProperty().get().id())).isEqualTo(cat);

        onFx(() -> {
            sidebar.show(dog);
            return null;
        });

        settle();
        assertThat(onFx(() -> sidebar.selectedProperty().get().id())).isEqualTo(dog);
        assertThat(onFx(() -> sidebar.statusFilterProperty().get())).as("the filter that hid it").isNull();
        assertThat(onFx(() -> sidebar.rows().stream().map(ConversationRow::id).toList())).contains(dog, cat);
        heard(adaSaid);
        assertThat(onFx(() -> sidebar.messages().size())).isGreaterThanOrEqualTo(1);
        assertThat(onFx(() -> sidebar.messages().getFirst().speakerName())).isEqualTo("Ada");
        workspace.engine().abort(dog, dev.workshop.orchestration.AbortOutcome.COMPLETE);
    }

    @Test
    void aRestoredConversationIsPausedWithResumeOfferedAndAMessageStartsTheNextRound() throws Exception {
        ConversationId id = stored("Name a cat", new TurnStarted(0, ADA.agentId(), false),
                new MessageRecorded(0, ADA.agentId(), "Ada", "Whiskers?"),
                new StatusChanged(ConversationStatus.INTERRUPTED, StatusCause.USER_ABORTED, "Aborted by the user"));
        workspace.engine().restore(id);
        startSidebar();

        ConversationRow restored = row(id);
        assertThat(restored.status()).isEqualTo(ConversationStatus.WAITING);
        assertThat(restored.statusReason()).isEqualTo("Restored; nothing runs until you continue it");
        assertThat(RowRules.canResume(restored)).as("Bruno's turn is next: Resume goes on").isTrue();
        assertThat(restored.paused()).isTrue();
        assertThat(restored.statusWords()).isEqualTo("Paused");
        assertThat(restored.acceptsYourMessage()).isTrue();
        assertThat(workspace.engine().isRunning(id)).isFalse();

        onFx(() -> {
            sidebar.select(restored);
            sidebar.send("Shorter, please.");
            return null;
        });
        finished(id);
        assertThat(row(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(workspace.engine().history(id).stream().map(recorded -> recorded.event())
                .filter(MessageRecorded.class::isInstance).map(event -> ((MessageRecorded) event).speakerName())
                .toList()).startsWith("Ada", "You", "Ada");
    }

    @Test
    void anImportedFileIsSelectedAndMissingSpeakersAreNamed() throws Exception {
        startSidebar();
        Path file = dir.resolve("old-export.json");
        Files.writeString(file, """
                {"sessionId": "from-2025", "teamTask": "Review", "messages": [
                  {"speaker": {"roleId": "starter-ada", "roleName": "Ada"}, "content": "Looks good."},
                  {"speaker": {"roleId": "gone-1", "roleName": "Rita", "roleTitle": "Rita (Reviewer)"},
                   "content": "One typo."}]}
                """);

        onFx(() -> {
            sidebar.transfer().importFile(file);
            return null;
        });

        settle();
        assertThat(onFx(() -> sidebar.selectedProperty().get().id().value())).isEqualTo("from-2025");
        assertThat(onFx(() -> sidebar.selectedProperty().get())).satisfies(imported -> {
            assertThat(imported.justImported()).isTrue();
            assertThat(imported.paused()).as("paused, as the README says").isTrue();
            assertThat(imported.statusReason()).isEqualTo("Imported; nothing runs until you continue it");
        });
        assertThat(onFx(() -> sidebar.noticeProperty().get())).isEqualTo("Some speakers in the history are not in"
                + " the current team: Rita. Their messages are shown with their original names.");
        settle();
        assertThat(onFx(() -> sidebar.messages().size())).isEqualTo(2);
        assertThat(onFx(() -> sidebar.messages().get(1).speakerName())).isEqualTo("Rita");

        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "not json");
        onFx(() -> {
            sidebar.transfer().importFile(broken);
            return null;
        });
        settle();
        assertThat(onFx(() -> sidebar.noticeProperty().get()))
                .startsWith("Could not import broken.json: Invalid session snapshot");
    }

    @Test
    void withOneAgentAFollowUpStaysInOnePaneSinceASecondWouldRepeatTheFirst() throws Exception {
        startSidebar();
        ConversationId id = workspace.engine().assignTask(ADA.agentId(), "Name a dog", OptionalInt.of(2));
        finished(id);
        assertThat(row(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(onFx(() -> sidebar.messages().size())).isEqualTo(2);

        onFx(() -> {
            sidebar.send("And a cat's name?");
            return null;
        });

        finished(id);
        assertThat(row(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(onFx(() -> sidebar.messages().size())).isEqualTo(5);
        assertThat(onFx(() -> sidebar.messages().stream().map(MessageItem::speakerName).toList()))
                .containsExactly("Ada", "Ada", "You", "Ada", "Ada");
        assertThat(onFx(() -> sidebar.dualProperty().get())).isFalse();
    }

    @Test
    void aFollowUpContinuesTheConversationInTwoPanesAndNewConversationClearsThem() throws Exception {
        startSidebar();
        ConversationId id = workspace.engine().startConversation(List.of(ADA.agentId(), BRUNO.agentId()),
                "Name a dog", OptionalInt.of(2));
        finished(id);
        assertThat(row(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(onFx(() -> sidebar.messages().size())).isEqualTo(2);
        assertThat(onFx(() -> sidebar.dualProperty().get())).as("agents only: one pane").isFalse();
        assertThat(row(id).acceptsYourMessage()).isTrue();

        onFx(() -> {
            sidebar.send("And a cat's name?");
            return null;
        });

        finished(id);
        assertThat(row(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(onFx(() -> sidebar.messages().size())).isEqualTo(5);
        assertThat(onFx(() -> sidebar.dualProperty().get())).isTrue();
        assertThat(onFx(() -> sidebar.conversationPane().stream().map(MessageItem::turnIndex).toList()))
                .as("your message and Ada's answer to it").containsExactly(2, 3);
        assertThat(onFx(() -> sidebar.collaborationPane().stream().map(MessageItem::turnIndex).toList()))
                .as("only the agents' turns of the current round, not the answer again").containsExactly(4);
        assertThat(turnNumber(id)).isEqualTo(2);

        onFx(() -> {
            sidebar.send("And a bird's?");
            return null;
        });
        finished(id);
        assertThat(onFx(() -> sidebar.messages().size())).isEqualTo(8);
        assertThat(onFx(() -> sidebar.messages().getLast().writing())).isFalse();
        assertThat(row(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(onFx(() -> sidebar.collaborationPane().stream().map(MessageItem::turnIndex).toList()))
                .containsExactly(7);
        assertThat(onFx(() -> sidebar.conversationPane().stream().map(MessageItem::turnIndex).toList()))
                .containsExactly(2, 3, 5, 6);
        assertThat(turnNumber(id)).isEqualTo(3);

        onFx(() -> {
            sidebar.newConversation();
            return null;
        });
        assertThat(onFx(() -> sidebar.selectedProperty().get())).isNull();
        assertThat(onFx(() -> sidebar.messages().isEmpty() && sidebar.conversationPane().isEmpty()
                && sidebar.collaborationPane().isEmpty())).isTrue();
    }

    /** The workflow turn a conversation has reached. */
    private int turnNumber(ConversationId id) {
        return dev.workshop.orchestration.FollowUps.turnNumber(workspace.engine().history(id));
    }

    @Test
    void exportsTheSelectedConversationAsMarkdownAndJson() throws Exception {
        ConversationId id = stored("Name a cat", message(0, ADA, "Mochi"), message(1, BRUNO, "Miso"));
        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(1);
        ConversationRow row = row(id);
        select(row);
        Path markdown = dir.resolve("out.md");
        Path json = dir.resolve("out.json");

        onFx(() -> {
            sidebar.export(markdown);
            sidebar.export(json);
            return null;
        });

        settle();
        assertThat(markdown).isNotEmptyFile();
        assertThat(json).isNotEmptyFile();
        assertThat(Files.readString(markdown)).startsWith("# Name a cat").contains("## 1. Ada\n\nMochi")
                .contains("## 2. Bruno\n\nMiso");
        assertThat(Files.readString(json)).contains("\"task_prompt\" : \"Name a cat\"").contains("\"content\" : \"Miso\"");
        assertThat(onFx(() -> sidebar.exportName("md"))).matches("name-a-cat-\\d{8}-\\d{4}\\.md");
    }

    private static MessageRecorded message(int turn, Participant speaker, String content) {
        return new MessageRecorded(turn, speaker.agentId(), speaker.name(), content);
    }
}
