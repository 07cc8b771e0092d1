package dev.workshop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.agent.StarterAgents;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.orchestration.LoopSettings;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two devices of one team act on the same conversation at the same moment, through the same commands the app and
 * the command line use: what one did is never overwritten by the other without a word, and the one refused is told
 * in one line.
 */
@dev.workshop.testing.Slow
class TwoDevicesTest {
    private static final TenantId TEAM = new TenantId("two-devices");
    private static final int ROUNDS = 8;
    @org.junit.jupiter.api.extension.RegisterExtension
    static final dev.workshop.store.jdbc.team.EmbeddedTeamServer SERVER = new dev.workshop.store.jdbc.team.EmbeddedTeamServer();
    @TempDir
    Path laptop;
    @TempDir
    Path desktop;
    private Workspace onLaptop;
    private Workspace onDesktop;
    private final ExecutorService both = Executors.newFixedThreadPool(2);

    @BeforeEach
    void open() {
        String url = SERVER.url();
        WorkspaceOptions options = new WorkspaceOptions(20, LoopSettings.DEFAULTS, TEAM, false, Optional.of(url));
        onLaptop = Wiring.openWorkspace(laptop, options);
        onDesktop = Wiring.openWorkspace(desktop, options);
    }

    @AfterEach
    void close() {
        both.shutdownNow();
        onLaptop.close();
        onDesktop.close();
    }

    /** Both run at once (released together by a barrier); each ends with what it was told: null for done. */
    private List<String> atOnce(Callable<Void> first, Callable<Void> second) throws Exception {
        CyclicBarrier start = new CyclicBarrier(2);
        Future<String> one = both.submit(() -> told(start, first));
        Future<String> other = both.submit(() -> told(start, second));
        return java.util.Arrays.asList(one.get(), other.get());
    }

    private static String told(CyclicBarrier start, Callable<Void> action) throws Exception {
        start.await();
        try {
            action.call();
            return null;
        } catch (RuntimeException refused) {
            return String.valueOf(refused.getMessage());
        }
    }

    private ConversationId endedConversation() {
        List<AgentId> agents = StarterAgents.all().stream().limit(2).map(AgentDefinition::id).toList();
        ConversationId id = onLaptop.engine().startConversation(agents, "Name the team's new room", OptionalInt.of(2));
        await().atMost(Duration.ofSeconds(30)).until(() -> onLaptop.store().state(TEAM, id)
                .filter(state -> state.status() == ConversationStatus.COMPLETED).isPresent()
                && !onLaptop.engine().isRunning(id));
        return id;
    }

    @Test
    void aRenameAgainstADeleteNeverLosesEitherWithoutAWord() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            ConversationId id = endedConversation();
            String title = "Room names, round " + round;
            List<String> told = atOnce(() -> {
                onLaptop.engine().rename(id, title);
                return null;
            }, () -> {
                onDesktop.engine().delete(id, Duration.ofSeconds(10));
                return null;
            });
            List<RecordedEvent> history = onDesktop.store().history(TEAM, id);
            boolean renamed = history.stream().map(RecordedEvent::event)
                    .anyMatch(event -> event instanceof ConversationEvent.Renamed r && r.title().equals(title));
            boolean deleted = onDesktop.store().state(TEAM, id).map(ConversationState::deleted).orElseThrow();
            assertThat(renamed).as("round %d: the rename is in the log exactly when the laptop was told it was done: %s",
                    round, told).isEqualTo(told.get(0) == null);
            assertThat(deleted).as("round %d: %s", round, told).isEqualTo(told.get(1) == null);
            assertThat(told.get(1)).as("a deletion never loses to a rename").isNull();
            if (told.get(0) != null) {
                assertThat(told.get(0)).startsWith("Conversation " + id + " was deleted").doesNotContain("\n");
            }
        }
    }

    @Test
    void twoFollowUpsAtOnceRecordOneAndTellTheOtherInOneLine() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            ConversationId id = endedConversation();
            List<String> told = atOnce(() -> {
                onLaptop.engine().message(id, "From the laptop: shorter names, please");
                return null;
            }, () -> {
                onDesktop.engine().message(id, "From the desktop: names after rivers");
                return null;
            });
            assertThat(told).as("round %d: exactly one follow-up was taken: %s", round, told)
                    .filteredOn(java.util.Objects::isNull).hasSize(1);
            String refused = told.stream().filter(java.util.Objects::nonNull).findFirst().orElseThrow();
            assertThat(refused).doesNotContain("\n").satisfiesAnyOf(
                    // Both read the same version: the second append finds it moved.
                    text -> assertThat(text).startsWith("Conversation " + id).endsWith("reload and try again"),
                    // The second read it after the first was recorded: it runs now.
                    text -> assertThat(text).isEqualTo("The conversation is active; a follow-up continues one that"
                            + " has ended, waits for you or was restored"));

            Workspace winner = told.get(0) == null ? onLaptop : onDesktop;
            await().atMost(Duration.ofSeconds(30)).until(() -> winner.store().state(TEAM, id)
                    .filter(state -> state.status() == ConversationStatus.COMPLETED).isPresent()
                    && !winner.engine().isRunning(id));
            List<MessageRecorded> messages = dev.workshop.domain.conversation.Transcript
                    .of(onDesktop.store().history(TEAM, id)).messages();
            assertThat(messages).extracting(MessageRecorded::turnIndex).as("every turn once, in order")
                    .containsExactlyElementsOf(java.util.stream.IntStream.range(0, messages.size()).boxed().toList());
            assertThat(messages).filteredOn(message -> message.speakerName().equals("You")).hasSize(1);
        }
    }

    @Test
    void anAbortOnAnotherDeviceStopsTheDriverAtOnce() throws Exception {
        List<AgentId> agents = StarterAgents.all().stream().limit(2).map(AgentDefinition::id).toList();
        // A laptop whose agents take 30 s to reply.
        onLaptop.close();
        onLaptop = Wiring.openWorkspace(laptop, new WorkspaceOptions(30_000, LoopSettings.DEFAULTS, TEAM, false,
                Optional.of(SERVER.url())));
        ConversationId id = onLaptop.engine().startConversation(agents, "Argue about the room", OptionalInt.of(20));
        await().atMost(Duration.ofSeconds(10)).until(() -> onDesktop.engine().drivenElsewhere(id));
        onDesktop.engine().abort(id, dev.workshop.orchestration.AbortOutcome.INTERRUPT);
        // The laptop's reply would take 30 s: it stops within a moment instead.
        await().atMost(Duration.ofSeconds(10)).until(() -> !onLaptop.engine().isRunning(id));
        ConversationState state = onLaptop.store().state(TEAM, id).orElseThrow();
        assertThat(state.status()).isEqualTo(ConversationStatus.INTERRUPTED);
        assertThat(onDesktop.engine().drivenElsewhere(id)).as("let go").isFalse();
    }

    @Test
    void whatAnotherDeviceRecordsArrivesWithItsEventsEachOnceInOrderOnceItKnowsTheConversation() throws Exception {
        List<dev.workshop.orchestration.LoopEvent.Recorded> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
        onDesktop.engine().subscribe(event -> {
            if (event instanceof dev.workshop.orchestration.LoopEvent.Recorded recorded && recorded.elsewhere()) {
                heard.add(recorded);
            }
        });
        onDesktop.engine().hearOtherInstances();
        ConversationId id = endedConversation();
        long known = onLaptop.store().state(TEAM, id).orElseThrow().version();
        await().atMost(Duration.ofSeconds(30)).until(() -> heard.stream()
                .anyMatch(recorded -> recorded.conversationId().equals(id) && recorded.after().version() == known));

        // The laptop goes on with it: a follow-up and its round.
        onLaptop.engine().message(id, "And a name for the kitchen?");
        assertThat(onLaptop.engine().await(id, Duration.ofSeconds(30))).isTrue();
        long last = onLaptop.store().state(TEAM, id).orElseThrow().version();
        await().atMost(Duration.ofSeconds(30)).until(() -> heard.stream()
                .anyMatch(recorded -> recorded.conversationId().equals(id) && recorded.after().version() == last));

        List<RecordedEvent> history = onDesktop.store().history(TEAM, id);
        List<RecordedEvent> told = heard.stream().filter(recorded -> recorded.conversationId().equals(id))
                .flatMap(recorded -> recorded.events().stream()).toList();
        assertThat(told).extracting(RecordedEvent::seq).as("each event once, in order").isSorted()
                .doesNotHaveDuplicates();
        // The first change it hears of a conversation comes without events (a reader reads the log then); once
        // known, each change brings what it recorded: all of the follow-up's round, as the laptop recorded it.
        assertThat(told.stream().filter(recorded -> recorded.seq() > known).toList())
                .isEqualTo(history.subList((int) known, history.size()));
        assertThat(heard.stream().filter(recorded -> recorded.conversationId().equals(id))
                .flatMap(recorded -> recorded.news().lines().stream()).map(line -> line.message().content()).toList())
                .containsExactlyElementsOf(told.stream().flatMap(recorded -> recorded.event().asMessage().stream())
                        .map(MessageRecorded::content).toList());
    }
}
