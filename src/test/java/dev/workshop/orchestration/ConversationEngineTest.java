package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.News;
import dev.workshop.domain.conversation.Lifecycle;
import dev.workshop.domain.conversation.ResumeCause;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.gateway.GatewayException;
import dev.workshop.gateway.GatewayReply;
import dev.workshop.gateway.GatewayResolver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConversationEngineTest {
    @TempDir
    Path dir;

    private EngineFixture engine;

    @AfterEach
    void close() {
        if (engine != null) {
            engine.close();
        }
    }

    /** The first event of a conversation between Ada and Bruno, for logs written as a crash would leave them. */
    private ConversationEvent startedByAdaAndBruno(String task, int maxTurns) {
        return new ConversationEvent.ConversationStarted(dev.workshop.domain.conversation.ConversationKind.CONVERSATION,
                List.of(new dev.workshop.domain.conversation.Participant(engine.agent("Ada"), "Ada"),
                        new dev.workshop.domain.conversation.Participant(engine.agent("Bruno"), "Bruno")), task, maxTurns);
    }

    @Test
    void runsAConversationToItsEndWithEveryMessageStoredInRotation() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        ConversationId id = engine.engine().startConversation(engine.pair(), "Plan a picnic", OptionalInt.of(5));
        engine.engine().awaitAll();

        List<MessageRecorded> messages = engine.messages(id);
        assertThat(messages).extracting(MessageRecorded::turnIndex).containsExactly(0, 1, 2, 3, 4);
        assertThat(messages).extracting(m -> m.speakerName()).containsExactly("Ada", "Bruno", "Ada", "Bruno", "Ada");
        assertThat(messages).extracting(MessageRecorded::content).doesNotHaveDuplicates();
        assertThat(messages.getLast().content()).contains("wrapping up");
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(Heard.messages(engine.events())).hasSize(5);
        assertThat(engine.events().getLast()).isInstanceOf(LoopEvent.Ended.class);
    }

    /** A 20-turn conversation of Ada and Bruno, each reply taking {@code replyMillis}, once its first message is in. */
    private ConversationId startedAndTalking(long replyMillis) {
        engine = new EngineFixture(dir).open(EngineFixture.offline(replyMillis), LoopSettings.DEFAULTS);
        ConversationId id = engine.engine().startConversation(engine.pair(), "Plan a picnic", OptionalInt.of(20));
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10))
                .until(() -> !Heard.messages(engine.events()).isEmpty());
        return id;
    }

    private LoopEvent.Ended firstEnd() {
        return engine.events().stream().filter(LoopEvent.Ended.class::isInstance).map(LoopEvent.Ended.class::cast)
                .findFirst().orElseThrow();
    }

    @Test
    void aLoopWhoseStoreStopsSavingEndsAsTheInterruptedConversationTheNextOpenFinds() throws InterruptedException {
        ConversationId id = startedAndTalking(50);

        engine.store().refuseWrites("The disk went away");
        assertThat(engine.engine().await(id, Duration.ofSeconds(10))).isTrue();

        LoopEvent.Ended ended = firstEnd();
        assertThat(ended.recorded()).isFalse();
        assertThat(ended.status()).isEqualTo(ConversationStatus.INTERRUPTED);
        assertThat(ended.reason()).startsWith("The disk went away");
        assertThat(engine.state(id).status()).as("nothing more was saved").isEqualTo(ConversationStatus.ACTIVE);
        int saved = engine.messages(id).size();

        engine.open();
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.INTERRUPTED);
        assertThat(engine.messages(id)).hasSize(saved);
    }

    @Test
    void aLoopRefusedBecauseAnotherWriterEndedTheConversationEndsAsThatWriterLeftIt() throws InterruptedException {
        ConversationId id = startedAndTalking(100);

        // Written past the loop, as a second writer would: the loop's next append is refused.
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).ignoreException(
                dev.workshop.store.ConcurrentAppendException.class).until(() -> {
                    engine.append(id, List.of(new ConversationEvent.StatusChanged(ConversationStatus.COMPLETED,
                            StatusCause.TURNS_TAKEN,
                            "Closed elsewhere")));
                    return true;
                });
        assertThat(engine.engine().await(id, Duration.ofSeconds(10))).isTrue();

        LoopEvent.Ended ended = firstEnd();
        assertThat(ended.recorded()).isTrue();
        assertThat(ended.status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(ended.reason()).isEqualTo("Closed elsewhere");
        assertThat(engine.events()).filteredOn(LoopEvent.Error.class::isInstance).singleElement()
                .extracting(event -> ((LoopEvent.Error) event).message()).asString().contains("someone else wrote to it");
    }

    @Test
    void aListenerThatFailsNeitherStopsTheLoopNorKeepsTheOthersFromHearing() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        List<LoopEvent> heardAfter = new java.util.concurrent.CopyOnWriteArrayList<>();
        engine.engine().subscribe(event -> {
            throw new IllegalStateException("a view whose store is closed");
        });
        engine.engine().subscribe(heardAfter::add);

        ConversationId id = engine.engine().startConversation(engine.pair(), "Plan a picnic", OptionalInt.of(3));

        assertThat(engine.engine().await(id, Duration.ofSeconds(10))).isTrue();
        assertThat(engine.messages(id)).hasSize(3);
        assertThat(Heard.messages(heardAfter)).hasSize(3);
        assertThat(heardAfter.getLast()).isInstanceOf(LoopEvent.Ended.class);
    }

    @Test
    void givesASingleAgentTaskEveryTurn() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        ConversationId id = engine.engine().assignTask(engine.agent("Chen"), "Write a checklist", OptionalInt.of(2));
        engine.engine().awaitAll();
        assertThat(engine.messages(id)).extracting(m -> m.speakerName()).containsExactly("Chen", "Chen");
    }

    @Test
    void abortCancelsTheCallInFlightAndLeavesTheConversationResumable() throws InterruptedException {
        engine = new EngineFixture(dir).open(EngineFixture.offline(30_000), LoopSettings.DEFAULTS);
        ConversationId id = engine.engine().startConversation(engine.pair(), "Plan", OptionalInt.of(4));
        // The first turn is being asked: its reply would take 30 s.
        await().atMost(Duration.ofSeconds(10)).until(() -> engine.events().stream()
                .anyMatch(event -> event.conversationId().equals(id) && !Heard.turnStarts(List.of(event)).isEmpty()));
        long started = System.nanoTime();
        engine.engine().abort(id, AbortOutcome.INTERRUPT);
        assertThat(engine.engine().await(id, Duration.ofSeconds(5))).isTrue();

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.INTERRUPTED);
        assertThat(engine.state(id).turnInDoubt()).isZero();
        assertThat(engine.messages(id)).isEmpty();
    }

    @Test
    void abortCanEndTheConversationInstead() throws InterruptedException {
        engine = new EngineFixture(dir).open(EngineFixture.offline(30_000), LoopSettings.DEFAULTS);
        ConversationId id = engine.engine().startConversation(engine.pair(), "Plan", OptionalInt.of(4));
        engine.engine().abort(id, AbortOutcome.COMPLETE);
        engine.engine().awaitAll();
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.state(id).statusReason()).isEqualTo("Aborted by the user");
    }

    @Test
    void aTimeoutFailsTheTurnWhichWaitsForRetryAndIsNeverTakenAsCompleted() throws InterruptedException {
        AtomicInteger calls = new AtomicInteger();
        GatewayResolver flaky = agent -> (request, tokens) -> {
            if (calls.incrementAndGet() == 2) {
                throw new GatewayException("Ollama at http://localhost:11434 did not answer within 60 s", true);
            }
            return new GatewayReply("Reply " + request.turnIndex(), "test", 1, 1, Duration.ZERO);
        };
        engine = new EngineFixture(dir).open(flaky, LoopSettings.DEFAULTS);
        ConversationId id = engine.engine().startConversation(engine.pair(), "Plan", OptionalInt.of(4));
        engine.engine().awaitAll();

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.FAILED);
        assertThat(engine.state(id).statusCause())
                .isEqualTo(StatusCause.ENDPOINT_UNREACHABLE);
        assertThat(engine.state(id).statusReason()).isEqualTo("Ollama at http://localhost:11434 did not answer within 60 s");
        assertThat(engine.messages(id)).hasSize(1);

        engine.open(EngineFixture.offline(0), LoopSettings.DEFAULTS);
        assertThat(engine.engine().resumeInterruptedConversations()).as("not asked again by itself at launch").isEmpty();
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.FAILED);
        engine.engine().retry(id);
        engine.engine().awaitAll();
        assertThat(engine.messages(id)).hasSize(4);
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
    }

    @Test
    void aPermanentGatewayErrorFailsTheConversation() throws InterruptedException {
        GatewayResolver unknown = agent -> {
            throw new GatewayException("Agent " + agent.name() + " uses the provider \"nope\"", false);
        };
        engine = new EngineFixture(dir).open(unknown, LoopSettings.DEFAULTS);
        ConversationId id = engine.engine().startConversation(engine.pair(), "Plan", OptionalInt.of(4));
        engine.engine().awaitAll();
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.FAILED);
        assertThat(engine.state(id).statusReason()).isEqualTo("Agent Ada uses the provider \"nope\"");
    }

    @Test
    void aFailedConversationIsRetriedFromItsFailingTurnOnceTheCauseIsFixed() throws InterruptedException {
        java.util.concurrent.atomic.AtomicBoolean fixed = new java.util.concurrent.atomic.AtomicBoolean();
        GatewayResolver modelMissing = agent -> (request, tokens) -> {
            if (request.turnIndex() == 2 && !fixed.get()) {
                throw new GatewayException("Model llama9 was not found at http://localhost:11434/v1 (HTTP 404)", false);
            }
            return new GatewayReply("Reply " + request.turnIndex(), "test", 1, 1, Duration.ZERO);
        };
        engine = new EngineFixture(dir).open(modelMissing, LoopSettings.DEFAULTS);
        ConversationId id = engine.engine().startConversation(engine.pair(), "Plan", OptionalInt.of(4));
        engine.engine().awaitAll();
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.FAILED);
        assertThatThrownBy(() -> engine.engine().resume(id)).isInstanceOf(IllegalStateException.class);

        fixed.set(true);
        engine.engine().retry(id);
        engine.engine().awaitAll();

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.messages(id)).extracting(MessageRecorded::turnIndex).containsExactly(0, 1, 2, 3);
        assertThat(engine.messages(id)).extracting(m -> m.speakerName()).containsExactly("Ada", "Bruno", "Ada", "Bruno");
        assertThatThrownBy(() -> engine.engine().retry(id)).hasMessage(
                "Only a conversation stopped by a failed turn can be retried; this one is completed");
    }

    @Test
    void aConversationStoppedByAServerThatWasDownFailsAndIsRetried() throws InterruptedException {
        java.util.concurrent.atomic.AtomicBoolean up = new java.util.concurrent.atomic.AtomicBoolean();
        GatewayResolver downForAWhile = agent -> (request, tokens) -> {
            if (request.turnIndex() == 1 && !up.get()) {
                throw new GatewayException("Bruno: 127.0.0.1 refused the connection", true);
            }
            return new GatewayReply("Reply " + request.turnIndex(), "test", 1, 1, Duration.ZERO);
        };
        engine = new EngineFixture(dir).open(downForAWhile, LoopSettings.DEFAULTS);
        ConversationId id = engine.engine().startConversation(engine.pair(), "Plan", OptionalInt.of(3));
        engine.engine().awaitAll();
        ConversationState failed = engine.state(id);
        assertThat(failed.status()).isEqualTo(ConversationStatus.FAILED);
        assertThat(failed.statusCause()).isEqualTo(StatusCause.ENDPOINT_UNREACHABLE);
        assertThat(Lifecycle.allows(failed, Lifecycle.Command.RETRY)).isTrue();
        assertThat(Lifecycle.allows(failed, Lifecycle.Command.RESUME_ON_LAUNCH)).as("never asked again by itself")
                .isFalse();
        assertThat(engine.engine().conversationsToResume()).extracting(ConversationState::id).doesNotContain(id);

        up.set(true);
        engine.engine().retry(id);
        engine.engine().awaitAll();

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.messages(id)).extracting(MessageRecorded::turnIndex).containsExactly(0, 1, 2);
    }

    @Test
    void stoppingOnPurposeIsNoFailure() throws InterruptedException {
        engine = new EngineFixture(dir).open(agent -> (request, tokens) -> {
            Thread.sleep(10_000);
            return new GatewayReply("late", "test", 1, 1, Duration.ZERO);
        }, LoopSettings.DEFAULTS);
        ConversationId id = engine.engine().startConversation(engine.pair(), "Plan", OptionalInt.of(3));
        engine.engine().abort(id, AbortOutcome.INTERRUPT);
        engine.engine().awaitAll();

        ConversationState aborted = engine.state(id);
        assertThat(aborted.status()).isEqualTo(ConversationStatus.INTERRUPTED);
        assertThat(aborted.statusCause()).isEqualTo(StatusCause.USER_ABORTED);
        assertThat(Lifecycle.allows(aborted, Lifecycle.Command.RETRY)).isFalse();
        assertThat(Lifecycle.allows(aborted, Lifecycle.Command.RESUME)).isTrue();
        assertThat(Lifecycle.allows(aborted, Lifecycle.Command.RESUME_ON_LAUNCH)).isFalse();
        assertThatThrownBy(() -> engine.engine().retry(id)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aConversationStoppedByTheCrashLoopGuardCanBeRetriedByTheUser() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        ConversationId id = ConversationId.random();
        AgentId ada = engine.pair().getFirst();
        // Killed three times in a row while Ada's first turn was asked again.
        engine.append(id, List.of(startedByAdaAndBruno("Plan", 2), new ConversationEvent.TurnStarted(0, ada, false),
                new ConversationEvent.ResumeStarted(1), new ConversationEvent.TurnStarted(0, ada, true),
                new ConversationEvent.ResumeStarted(2), new ConversationEvent.TurnStarted(0, ada, true),
                new ConversationEvent.ResumeStarted(3), new ConversationEvent.TurnStarted(0, ada, true)));
        engine.open();
        engine.engine().resumeInterruptedConversations();
        engine.engine().awaitAll();
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.FAILED);

        engine.engine().retry(id);
        engine.engine().awaitAll();
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.messages(id)).hasSize(2);
    }

    @Test
    void anEmptyReplyFailsTheTurnWithoutTakingIt() throws InterruptedException {
        GatewayResolver silent = agent -> (request, tokens) -> new GatewayReply(request.turnIndex() == 0 ? "Hello" : "  ",
                "test", 1, 1, Duration.ZERO);
        engine = new EngineFixture(dir).open(silent, LoopSettings.DEFAULTS);
        ConversationId id = engine.engine().startConversation(engine.pair(), "Plan", OptionalInt.of(4));
        engine.engine().awaitAll();
        assertThat(engine.messages(id)).hasSize(1);
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.FAILED);
        assertThat(engine.state(id).statusReason()).isEqualTo("Bruno gave an empty reply to turn 2 (Retry asks again)");
    }

    @Test
    void queuesConversationsOverTheConcurrencyLimit() throws InterruptedException {
        engine = new EngineFixture(dir).open(EngineFixture.offline(20), LoopSettings.DEFAULTS.withConcurrencyLimit(2));
        List<ConversationId> ids = new java.util.ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(engine.engine().startConversation(engine.pair(), "Plan " + i, OptionalInt.of(3)));
        }
        engine.engine().awaitAll();

        assertThat(engine.events()).flatMap(event -> Heard.news(event).flatMap(News::status).stream().toList())
                .contains(ConversationStatus.QUEUED);
        for (ConversationId id : ids) {
            assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
            assertThat(engine.messages(id)).hasSize(3);
        }
    }

    @Test
    void refusesASecondLoopForTheSameConversation() {
        engine = new EngineFixture(dir).open(EngineFixture.offline(30_000), LoopSettings.DEFAULTS);
        ConversationId id = engine.engine().startConversation(engine.pair(), "Plan", OptionalInt.of(4));
        assertThatThrownBy(() -> engine.engine().launch(id, ResumeCause.RESTART))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Conversation " + id + " already has a running loop");
    }

    @Test
    void refusesBadInputClearly() {
        engine = new EngineFixture(dir).open();
        assertThatThrownBy(() -> engine.engine().startConversation(List.of(engine.agent("Ada")), "Plan", OptionalInt.empty()))
                .hasMessage("A conversation needs at least two agents; use a task for one");
        assertThatThrownBy(() -> engine.engine().startConversation(engine.pair(), " ", OptionalInt.empty()))
                .hasMessage("A conversation needs a task prompt");
        assertThatThrownBy(() -> engine.engine().startConversation(engine.pair(), "Plan", OptionalInt.of(0)))
                .hasMessage("The number of turns must be at least 1, was 0");
        assertThatThrownBy(() -> engine.engine().abort(new ConversationId("nope"), AbortOutcome.INTERRUPT))
                .hasMessage("No conversation with id nope");
    }

    @Test
    void aRenameWhileATurnIsInFlightNeitherStopsNorRepeatsATurn() throws InterruptedException {
        CountDownLatch asked = new CountDownLatch(1);
        CountDownLatch renamed = new CountDownLatch(1);
        GatewayResolver waitsOnTurnOne = agent -> (request, tokens) -> {
            if (request.turnIndex() == 1) {
                asked.countDown();
                renamed.await(10, TimeUnit.SECONDS);
            }
            return new GatewayReply("Reply " + request.turnIndex(), "test", 1, 1, Duration.ZERO);
        };
        engine = new EngineFixture(dir).open(waitsOnTurnOne, LoopSettings.DEFAULTS);
        ConversationId id = engine.engine().startConversation(engine.pair(), "Plan a picnic", OptionalInt.of(4));
        assertThat(asked.await(10, TimeUnit.SECONDS)).isTrue();

        // The loop read its version before asking; the rename moves the log on under it.
        engine.engine().rename(id, "Picnic plans");
        renamed.countDown();
        engine.engine().awaitAll();

        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.COMPLETED);
        assertThat(engine.state(id).title()).isEqualTo("Picnic plans");
        assertThat(engine.messages(id)).extracting(MessageRecorded::turnIndex).containsExactly(0, 1, 2, 3);
        assertThat(engine.history(id)).filteredOn(ConversationEvent.Renamed.class::isInstance).hasSize(1);
        assertThat(engine.events()).flatMap(event -> Heard.news(event).flatMap(News::title).stream().toList())
                .singleElement().isEqualTo("Picnic plans");

        engine.open();
        assertThat(engine.engine().conversations()).singleElement()
                .satisfies(state -> assertThat(state.title()).isEqualTo("Picnic plans"));
    }

    @Test
    void deletingARunningConversationStopsItFirstAndItStaysDeletedAfterARestart() throws InterruptedException {
        engine = new EngineFixture(dir).open(EngineFixture.offline(30_000), LoopSettings.DEFAULTS);
        ConversationId kept = engine.engine().startConversation(engine.pair(), "Keep me", OptionalInt.of(4));
        ConversationId id = engine.engine().startConversation(engine.pair(), "Delete me", OptionalInt.of(4));

        engine.engine().delete(id, Duration.ofSeconds(5));

        assertThat(engine.engine().isRunning(id)).isFalse();
        assertThat(engine.engine().isRunning(kept)).isTrue();
        assertThat(engine.engine().state(id)).isEmpty();
        assertThat(engine.engine().conversations()).extracting(state -> state.id()).containsExactly(kept);
        assertThat(engine.state(id).deleted()).isTrue();
        assertThat(engine.state(id).status()).isEqualTo(ConversationStatus.INTERRUPTED);
        assertThat(engine.events()).filteredOn(event -> event.conversationId().equals(id))
                .extracting(event -> event.getClass().getSimpleName()).endsWith("Ended", "Recorded");
        assertThat(Heard.news(engine.events().getLast())).hasValueSatisfying(news -> assertThat(news.deleted()).isTrue());

        // A launch interrupts what ran; the deleted one is neither listed nor resumed.
        engine.open();
        assertThat(engine.engine().conversations()).extracting(state -> state.id()).containsExactly(kept);
        assertThat(engine.engine().conversationsToResume()).extracting(state -> state.id()).containsExactly(kept);
        assertThatThrownBy(() -> engine.engine().rename(id, "Back?"))
                .hasMessage("Conversation " + id + " was deleted (Recently deleted brings it back)");
        assertThatThrownBy(() -> engine.engine().restore(id)).hasMessage("Conversation " + id
                + " was deleted; Recently deleted in the app, or 'workshop undelete " + id + "', brings it back");
    }

    @Test
    void undeletingBringsAConversationBackWithItsMessagesAndItStaysBackAfterARestart() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        ConversationId id = engine.engine().startConversation(engine.pair(), "Plan a picnic", OptionalInt.of(2));
        engine.engine().awaitAll();
        engine.engine().delete(id, Duration.ofSeconds(5));
        assertThat(engine.engine().deletedConversations()).extracting(deleted -> deleted.state().id())
                .containsExactly(id);
        assertThatThrownBy(() -> engine.engine().undelete(new ConversationId("nope")))
                .hasMessage("No conversation with id nope");

        engine.engine().undelete(id);

        assertThat(engine.engine().state(id)).isPresent();
        assertThat(engine.engine().conversations()).extracting(state -> state.id()).containsExactly(id);
        assertThat(engine.engine().deletedConversations()).isEmpty();
        assertThat(engine.messages(id)).hasSize(2);
        assertThat(Heard.news(engine.events().getLast())).hasValueSatisfying(news -> assertThat(news.undeleted()).isTrue());
        assertThatThrownBy(() -> engine.engine().undelete(id)).hasMessage("Conversation " + id + " is not deleted");
        engine.engine().rename(id, "Back again");

        engine.open();
        assertThat(engine.engine().conversations()).singleElement().satisfies(state -> {
            assertThat(state.title()).isEqualTo("Back again");
            assertThat(state.status()).isEqualTo(ConversationStatus.COMPLETED);
            assertThat(state.deleted()).isFalse();
        });
        assertThat(engine.engine().findMessages("picnic", 10)).isNotEmpty();
    }

    @Test
    void aConversationStoppedForDeletionIsNotResumedIfWorkshopDiedBeforeTheDeletion() {
        engine = new EngineFixture(dir).open();
        ConversationId id = ConversationId.random();
        // What delete leaves behind when Workshop dies after stopping the loop and before recording the deletion.
        engine.append(id, List.of(startedByAdaAndBruno("Delete me", 4), new ConversationEvent.StatusChanged(ConversationStatus.INTERRUPTED, StatusCause.DELETING, Reasons.DELETED)));

        engine.open();
        assertThat(engine.engine().conversationsToResume()).isEmpty();
        assertThat(engine.engine().conversations()).hasSize(1);
    }

    @Test
    void refusesUnknownIdsAndOverlongTitlesClearly() throws InterruptedException {
        engine = new EngineFixture(dir).open();
        ConversationId id = engine.engine().startConversation(engine.pair(), "Plan", OptionalInt.of(2));
        engine.engine().awaitAll();

        assertThatThrownBy(() -> engine.engine().delete(new ConversationId("nope"), Duration.ofSeconds(1)))
                .hasMessage("No conversation with id nope");
        assertThatThrownBy(() -> engine.engine().rename(new ConversationId("nope"), "Title"))
                .hasMessage("No conversation with id nope");
        assertThatThrownBy(() -> engine.engine().rename(id, "x".repeat(201)))
                .hasMessage("A title of 201 characters is over the limit of 200");
        engine.engine().rename(id, "");
        assertThat(engine.state(id).title()).isEqualTo("Plan");
    }
}
