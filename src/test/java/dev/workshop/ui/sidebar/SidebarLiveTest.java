package dev.workshop.ui.sidebar;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.orchestration.LoopEvent;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The sidebar following the loops as they run: messages, replies being written, retries, stops and follow-ups. */
class SidebarLiveTest extends SidebarFixture {
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

    @Test
    void aRowIsNeverSetBackByWhatAnotherThreadToldLate() throws Exception {
        ConversationId id = stored("Plan the picnic", new StatusChanged(ConversationStatus.COMPLETED,
                StatusCause.TURNS_TAKEN, "All turns were taken"));
        startSidebar();
        workspace.mark(id, dev.workshop.domain.conversation.Mark.STARRED, true);
        var starred = workspace.engine().state(id).orElseThrow();
        var starredEvent = workspace.engine().history(id).getLast();
        workspace.mark(id, dev.workshop.domain.conversation.Mark.LEGAL_HOLD, true);
        settle();
        assertThat(row(id).marks()).containsExactlyInAnyOrder(dev.workshop.domain.conversation.Mark.STARRED,
                dev.workshop.domain.conversation.Mark.LEGAL_HOLD);

        // The star's news, told by its thread only now: the row keeps the newer state it shows.
        sidebar.onLoopEvent(new LoopEvent.Recorded(id, starredEvent.recordedAt(), List.of(starredEvent), starred,
                false, null));
        settle();
        assertThat(row(id).marks()).containsExactlyInAnyOrder(dev.workshop.domain.conversation.Mark.STARRED,
                dev.workshop.domain.conversation.Mark.LEGAL_HOLD);
    }
}
