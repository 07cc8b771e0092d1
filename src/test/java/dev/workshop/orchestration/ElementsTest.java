package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.element.Action;
import dev.workshop.domain.element.ActionType;
import dev.workshop.domain.element.Actor;
import dev.workshop.domain.element.ElementEvent;
import dev.workshop.domain.element.ElementKind;
import dev.workshop.domain.element.ElementState;
import dev.workshop.domain.element.Pin;
import dev.workshop.domain.element.Provenance;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shared elements over a real data directory: made, acted on by agents and the user, and kept across a restart. */
class ElementsTest {
    private static final Actor ADA = new Actor("ada", "Ada");
    private static final Actor BRUNO = new Actor("bruno", "Bruno");

    @TempDir
    Path dir;

    private EngineFixture fixture;

    @AfterEach
    void close() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private Elements elements() {
        if (fixture == null) {
            fixture = new EngineFixture(dir).open();
        }
        return fixture.engine().elements();
    }

    private static Action action(ActionType type, Map<String, ?> arguments) {
        return Action.of(type, arguments);
    }

    @Test
    void elementsAreStreamsOfTheLogThatListsOfConversationsLeaveOut() {
        ConversationId plans = elements().create(ElementKind.PINBOARD, "Plans");
        elements().apply(action(ActionType.PIN, Map.of("text", "Ship on Friday")), ADA, Provenance.byHand());

        assertThat(fixture.store().list(EngineFixture.TENANT)).isEmpty();
        assertThat(fixture.store().count(EngineFixture.TENANT)).isZero();
        assertThat(fixture.store().listElements(EngineFixture.TENANT)).extracting(state -> state.id())
                .contains(plans);
        fixture.open();
        ElementState reopened = elements().find("plans").orElseThrow();
        assertThat(reopened.topPins()).extracting(Pin::text).containsExactly("Ship on Friday");
        assertThat(elements().history(plans.value())).hasSize(2);
    }

    @Test
    void twoElementsCannotShareAName() {
        elements().create(ElementKind.BOARD, "Ideas");

        assertThatThrownBy(() -> elements().create(ElementKind.PINBOARD, "ideas"))
                .hasMessage("There is already an element called ideas");
        assertThatThrownBy(() -> elements().create(ElementKind.INBOX, "Mine"))
                .hasMessage("Each agent has its own inbox, made with it");
    }

    @Test
    void onceAnElementIsPlacedEveryAgentHasAnInboxAndAMemory() {
        assertThat(elements().environment().isEmpty()).isTrue();
        elements().create(ElementKind.BOARD, "Ideas");

        List<ElementState> all = elements().environment().elements();
        assertThat(all).filteredOn(element -> element.kind() == ElementKind.INBOX).extracting(ElementState::name)
                .containsExactlyInAnyOrderElementsOf(fixture.agents().list().stream().map(agent -> agent.name()).toList());
        assertThat(all).filteredOn(element -> element.kind() == ElementKind.MEMORY).hasSameSizeAs(
                fixture.agents().list());
        fixture.participants(5);
        assertThat(elements().find("Extra 5")).as("an agent added later has its inbox").isPresent();
        ActionOutcome sent = elements().apply(action(ActionType.SEND, Map.of("to", "bruno", "text", "Rent is due")),
                Actor.USER, Provenance.byHand());
        assertThat(sent.sentence()).isEqualTo("Sent to Bruno");
        assertThat(elements().find("Bruno").orElseThrow().unread()).isEqualTo(1);
    }

    @Test
    void anActionOfATurnIsAppliedOnceHoweverOftenItIsAsked() {
        elements().create(ElementKind.PINBOARD, "Plans");
        MessageRecorded message = new MessageRecorded(3, new dev.workshop.domain.agent.AgentId("ada"), "Ada",
                "Two ideas", null).withActions(List.of(action(ActionType.PIN, Map.of("text", "Open early")),
                action(ActionType.PIN, Map.of("text", "Close late"))));
        ConversationId conversation = new ConversationId("c-1");

        List<ActionOutcome> first = elements().applyAll(conversation, message);
        List<ActionOutcome> again = elements().applyAll(conversation, message);

        assertThat(first).extracting(ActionOutcome::sentence).containsExactly("Pinned P1 on Plans", "Pinned P2 on Plans");
        assertThat(again).extracting(ActionOutcome::result).containsOnly(ActionOutcome.Result.APPLIED);
        ElementState plans = elements().find("Plans").orElseThrow();
        assertThat(plans.topPins()).hasSize(2);
        assertThat(elements().decided(conversation)).containsOnlyKeys(Provenance.of("c-1", 3, 0),
                Provenance.of("c-1", 3, 1));
    }

    @Test
    void anAgentHearsWhatOthersChangedOnTheElementsItFollows() {
        elements().create(ElementKind.PINBOARD, "Plans");
        elements().create(ElementKind.BOARD, "Ideas");
        elements().apply(action(ActionType.PIN, Map.of("text", "Hire a baker")), ADA, Provenance.byHand());
        assertThat(elements().newsFor(ADA, 8)).isEmpty();

        elements().apply(action(ActionType.VOTE_UP, Map.of("pin", "P1")), BRUNO, Provenance.byHand());
        elements().apply(action(ActionType.POST, Map.of("text", "Unrelated")), BRUNO, Provenance.byHand());
        elements().apply(action(ActionType.COMMENT, Map.of("pin", "P1", "text", "Ask Chen")), ADA, Provenance.byHand());

        assertThat(elements().newsFor(ADA, 8)).containsExactly("Plans: Bruno voted P1 up");
        assertThat(elements().newsFor(ADA, 8)).isEmpty();
    }

    @Test
    void everySixTurnsEachAgentsRecentInteractionsAreSummarisedInItsMemory() throws InterruptedException {
        elements().create(ElementKind.BOARD, "Ideas");
        java.util.concurrent.CountDownLatch summarised = Heard.latch(fixture.engine(), 2, event ->
                event instanceof LoopEvent.ElementRecorded element && element.events().stream()
                        .anyMatch(recorded -> recorded.asElementChange()
                                .filter(change -> change.event() instanceof ElementEvent.Summarised).isPresent()));

        fixture.engine().startConversation(fixture.pair(), "Open a bakery", OptionalInt.of(6));
        fixture.engine().awaitAll();
        Heard.await(summarised);

        String ada = fixture.agent("Ada").value();
        assertThat(elements().memories().of(ada).orElseThrow().summary()).startsWith("In \"Open a bakery\": Ada: ");
        elements().memories().writeBlock(ada, "persona", "Careful planner; counts in euros", 120);
        assertThat(elements().memories().of(ada).orElseThrow().blocks()).extracting(ElementEvent.BlockWritten::label)
                .containsExactly("persona");
        elements().memories().removeBlock(ada, "persona");
        assertThat(elements().memories().of(ada).orElseThrow().blocks()).isEmpty();
    }

    /**
     * Elements are shared, not copied on fork: a fork goes on acting on the same pinboard, under its own id, and
     * what the source's messages did is not done again by the fork (its copies carry no actions).
     */
    @Test
    void aForkActsOnTheSameElementsUnderItsOwnIdAndRepeatsNothingTheSourceDid() throws InterruptedException {
        elements().create(ElementKind.PINBOARD, "Plans");
        List<dev.workshop.domain.agent.AgentId> four = fixture.participants(4).stream()
                .map(dev.workshop.domain.agent.AgentDefinition::id).toList();
        ConversationId source = fixture.engine().startConversation(four, "Open a bakery", OptionalInt.of(4));
        fixture.engine().awaitAll();
        int pinsBefore = elements().find("Plans").orElseThrow().topPins().size()
                + elements().find("Plans").orElseThrow().takenDown().size();

        RestoredSession fork = fixture.engine().fork(source, 0);
        assertThat(fixture.messages(fork.id())).allMatch(message -> message.actions().isEmpty());
        fixture.engine().resume(fork.id());
        fixture.engine().awaitAll();

        String plans = elements().find("Plans").orElseThrow().id();
        assertThat(elements().history(plans)).filteredOn(change -> fork.id().value()
                .equals(change.provenance().conversation())).isNotEmpty();
        assertThat(elements().decided(source)).hasSize((int) fixture.messages(source).stream()
                .mapToLong(message -> message.actions().size()).sum());
        // The fork's turns after Ada's (a critic's vote, a builder's note, a writer's post) pin nothing: Ada's pin of
        // turn 0, copied with her message, was not put up again.
        ElementState after = elements().find("Plans").orElseThrow();
        assertThat(after.topPins().size() + after.takenDown().size()).isEqualTo(pinsBefore);
    }

    @Test
    void anActionNamingNoElementIsRejectedWithoutRecordingAnything() {
        ActionOutcome outcome = elements().apply(action(ActionType.VOTE_UP, Map.of("pin", "P1")), ADA,
                Provenance.of("c-1", 0, 0));

        assertThat(outcome.result()).isEqualTo(ActionOutcome.Result.REJECTED);
        assertThat(outcome.sentence()).isEqualTo("There is no pinboard on the canvas");
    }

    /** Two devices on one log: each decides on what it read; the second's append conflicts, and it decides again. */
    @Test
    void twoWritersVotingOnOnePinAtOnceBothCount() throws Exception {
        elements().create(ElementKind.PINBOARD, "Plans");
        elements().apply(action(ActionType.PIN, Map.of("text", "Hire a baker")), ADA, Provenance.byHand());
        Elements other = new Elements(fixture.engine().recordingStore(), EngineFixture.TENANT, fixture.agents());
        other.environment();
        int votes = 40;
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<ActionOutcome>> cast = new java.util.ArrayList<>();
            for (int i = 0; i < votes; i++) {
                Elements voter = i % 2 == 0 ? elements() : other;
                Provenance from = Provenance.of(i % 2 == 0 ? "c-even" : "c-odd", i, 0);
                cast.add(pool.submit(() -> {
                    go.await();
                    return voter.apply(action(ActionType.VOTE_UP, Map.of("pin", "P1")), BRUNO, from);
                }));
            }
            go.countDown();
            for (Future<ActionOutcome> each : cast) {
                assertThat(each.get(60, TimeUnit.SECONDS).result()).isEqualTo(ActionOutcome.Result.APPLIED);
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(elements().find("Plans").orElseThrow().topPins().getFirst().score()).isEqualTo(votes);
        assertThat(other.find("Plans").orElseThrow().topPins().getFirst().score()).isEqualTo(votes);
    }

    /** Read while others write, the elements a reader is shown end up as the log has them, never stuck behind. */
    @Test
    void theElementsShownCatchUpWithWritersOnOtherThreads() throws Exception {
        elements().create(ElementKind.PINBOARD, "Plans");
        elements().apply(action(ActionType.PIN, Map.of("text", "Hire a baker")), ADA, Provenance.byHand());
        java.util.concurrent.atomic.AtomicBoolean writing = new java.util.concurrent.atomic.AtomicBoolean(true);
        Thread reader = Thread.ofPlatform().start(() -> {
            while (writing.get()) {
                elements().environment();
            }
        });
        ExecutorService writers = Executors.newFixedThreadPool(3);
        try {
            List<Future<ActionOutcome>> votes = new java.util.ArrayList<>();
            for (int i = 0; i < 60; i++) {
                Provenance from = Provenance.of("c", i, 0);
                votes.add(writers.submit(() -> elements().apply(action(ActionType.VOTE_UP, Map.of("pin", "P1")),
                        BRUNO, from)));
            }
            for (Future<ActionOutcome> vote : votes) {
                vote.get(60, TimeUnit.SECONDS);
            }
        } finally {
            writing.set(false);
            writers.shutdownNow();
            reader.join(TimeUnit.SECONDS.toMillis(30));
        }

        assertThat(elements().find("Plans").orElseThrow().topPins().getFirst().score()).isEqualTo(60);
    }

    /** A conflict decides again: keeping a pin the other writer just took down is refused, and the refusal kept. */
    @Test
    void keepingAPinAnotherJustTookDownFailsVisibly() {
        elements().create(ElementKind.PINBOARD, "Plans");
        elements().apply(action(ActionType.PIN, Map.of("text", "Open on Mondays")), ADA, Provenance.byHand());
        Elements other = new Elements(fixture.engine().recordingStore(), EngineFixture.TENANT, fixture.agents());
        other.environment();
        for (int i = 0; i < 3; i++) {
            other.apply(action(ActionType.VOTE_DOWN, Map.of("pin", "P1")), BRUNO, Provenance.byHand());
        }

        ActionOutcome kept = elements().apply(action(ActionType.KEEP, Map.of("pin", "P1")), ADA,
                Provenance.of("c-1", 5, 0));

        assertThat(kept.result()).isEqualTo(ActionOutcome.Result.REFUSED);
        assertThat(kept.sentence()).isEqualTo("Pin P1 was taken down: its score fell to -3");
        String plans = elements().find("Plans").orElseThrow().id();
        assertThat(elements().history(plans).getLast().event()).isInstanceOf(ElementEvent.Refused.class);
    }

    @Test
    void offlineAgentsPinVotePostAndRememberInAConversation() throws InterruptedException {
        elements().create(ElementKind.PINBOARD, "Plans");
        elements().create(ElementKind.BOARD, "Ideas");
        elements().create(ElementKind.RULEBOOK, "Rules");
        elements().writeRules(elements().find("Rules").orElseThrow().id(), "Name a number in every reply.");
        List<dev.workshop.domain.agent.AgentId> four = fixture.participants(4).stream()
                .map(dev.workshop.domain.agent.AgentDefinition::id).toList();

        ConversationId id = fixture.engine().startConversation(four, "Open a bakery", OptionalInt.of(8));
        fixture.engine().awaitAll();

        assertThat(elements().find("Plans").orElseThrow().topPins()).isNotEmpty();
        assertThat(elements().find("Ideas").orElseThrow().entries()).isNotEmpty();
        List<MessageRecorded> messages = fixture.messages(id);
        assertThat(messages).anyMatch(message -> message.content().contains("Keeping to the rulebook"));
        assertThat(messages).allMatch(message -> !message.content().contains("[PIN:"));
        long asked = messages.stream().mapToLong(message -> message.actions().size()).sum();
        assertThat(elements().decided(id)).hasSize((int) asked);
        assertThat(fixture.events()).anyMatch(LoopEvent.ElementRecorded.class::isInstance);
    }
}
